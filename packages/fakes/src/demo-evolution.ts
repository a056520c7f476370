// Demo mode: runs the fake Evolution API gateway so Prosa's "WhatsApp (Evolution API)" can be tried without
// a gateway or a phone.
//   npm run fake:evolution   (then start Prosa as usual: the admin types the gateway's URL in the form)
// Create a "WhatsApp (Evolution API)" connection in /sessoes with the printed URL and API key: the card shows
// the gateway's QR code. Then play the phone:
//   curl -X POST <fake>/_fake/scan                     (the QR is read: the card turns "Conectado")
//   curl -X POST <fake>/_fake/inbound -H 'content-type: application/json' \
//     -d '{"number":"5511987654321","name":"Ana","text":"Oi"}'
// Replies sent from /atendimento are listed at <fake>/_fake/sent.
import { demoEvolution, startFakeEvolution } from './evolution.js';

const port = Number(process.env.FAKE_EVOLUTION_PORT ?? 3901);
const fake = await startFakeEvolution({ apiKey: demoEvolution.apiKey, port });
console.log(`Fake Evolution API gateway on ${fake.baseUrl}
  URL do gateway:   ${fake.baseUrl}
  Chave da API:     ${demoEvolution.apiKey}
  Scan the QR:      POST ${fake.baseUrl}/_fake/scan
  Customer writes:  POST ${fake.baseUrl}/_fake/inbound  {"number":"5511987654321","name":"Ana","text":"Oi"}
  Connection drops: POST ${fake.baseUrl}/_fake/drop     {"statusReason":401}
  Sent replies:     GET  ${fake.baseUrl}/_fake/sent`);
