// Demo mode: runs a fake SMS gateway so Prosa's "SMS" channel can be tried without an SMS provider.
//   npm run fake:sms
// Create an "SMS" connection in /sessoes with the printed send URL, token and sender. The card shows the
// webhook URL to paste into the gateway: paste it into this fake, then play the customer:
//   curl -X POST <fake>/_fake/webhook -H 'content-type: application/json' -d '{"url":"<webhook URL from the card>"}'
//   curl -X POST <fake>/_fake/inbound -H 'content-type: application/json' -d '{"from":"+5511987654321","text":"Oi"}'
// Replies sent from /atendimento are listed at <fake>/_fake/sent; a delivery report for the last one:
//   curl -X POST <fake>/_fake/status -H 'content-type: application/json' -d '{"status":"delivered"}'
import { demoSmsGateway, startFakeSmsGateway } from './sms-gateway.js';

const port = Number(process.env.FAKE_SMS_PORT ?? 3941);
const fake = await startFakeSmsGateway({ token: demoSmsGateway.token, port });
console.log(`Fake SMS gateway on ${fake.baseUrl}
  URL de envio / Send URL:   ${fake.sendUrl}
  Token da API / API token:  ${demoSmsGateway.token}
  Remetente / Sender:        ${demoSmsGateway.from}
  Paste the card's webhook:  POST ${fake.baseUrl}/_fake/webhook  {"url":"<webhook URL>"}
  Customer texts:            POST ${fake.baseUrl}/_fake/inbound  {"from":"+5511987654321","text":"Oi"}
  Delivery report:           POST ${fake.baseUrl}/_fake/status   {"id":"<sent id>","status":"delivered"}
  Sent SMS:                  GET  ${fake.baseUrl}/_fake/sent`);
