// Demo mode: runs a fake NotificaMe Hub so Prosa's "NotificaMe Hub" channel can be tried without a Hub account.
//   npm run fake:hub   (then start Prosa with the HUB_API_URL it prints)
// Create a "NotificaMe Hub" connection in /sessoes with the printed API token, channel "whatsapp" and channel
// token: Prosa subscribes its webhook on the fake and the card turns "Conectado". Then play the customer:
//   curl -X POST <fake>/_fake/inbound -H 'content-type: application/json' \
//     -d '{"from":"5511987654321","name":"Ana","text":"Oi"}'
// Replies sent from /atendimento are listed at <fake>/_fake/sent; mark the last one read:
//   curl -X POST <fake>/_fake/status -H 'content-type: application/json' -d '{"code":"READ"}'
// Files the agent sends are fetched by the fake from Prosa's PUBLIC_URL, as the Hub would.
import { demoHub, startFakeHub } from './hub.js';

const port = Number(process.env.FAKE_HUB_PORT ?? 3942);
const fake = await startFakeHub({ apiToken: demoHub.apiToken, channels: [demoHub.channel], port });
console.log(`Fake NotificaMe Hub on ${fake.baseUrl}
  HUB_API_URL=${fake.apiUrl}   (start Prosa with it)
  Token da API / API token:        ${demoHub.apiToken}
  Canal / Channel:                 ${demoHub.channel.channel}
  Token do canal / Channel token:  ${demoHub.channel.token}
  Customer writes:  POST ${fake.baseUrl}/_fake/inbound  {"from":"5511987654321","name":"Ana","text":"Oi"}
  Status of a send: POST ${fake.baseUrl}/_fake/status   {"id":"<sent id>","code":"DELIVERED"}
  Sent replies:     GET  ${fake.baseUrl}/_fake/sent
  Subscriptions:    GET  ${fake.baseUrl}/_fake/subscriptions`);
