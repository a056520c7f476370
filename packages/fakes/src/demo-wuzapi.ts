// Demo mode: runs the fake wuzapi server so Prosa's "WhatsApp (wuzapi)" can be tried without a wuzapi server or
// a phone.
//   npm run fake:wuzapi   (then start Prosa as usual: the admin types the server's URL in the form)
// Create a "WhatsApp (wuzapi)" connection in /sessoes with the printed URL and admin token: the card shows the
// server's QR code. Then play the phone:
//   curl -X POST <fake>/_fake/scan                     (the QR is read: the card turns "Conectado")
//   curl -X POST <fake>/_fake/inbound -H 'content-type: application/json' \
//     -d '{"number":"5511987654321","name":"Ana","text":"Oi"}'
// Replies sent from /atendimento are listed at <fake>/_fake/sent.
import { demoWuzapi, startFakeWuzapi } from './wuzapi.js';

const port = Number(process.env.FAKE_WUZAPI_PORT ?? 3925);
const fake = await startFakeWuzapi({ adminToken: demoWuzapi.adminToken, port });
console.log(`Fake wuzapi server on ${fake.baseUrl}
  Endereço do wuzapi:   ${fake.baseUrl}
  Token de admin:       ${demoWuzapi.adminToken}
  Scan the QR:          POST ${fake.baseUrl}/_fake/scan
  Customer writes:      POST ${fake.baseUrl}/_fake/inbound  {"number":"5511987654321","name":"Ana","text":"Oi"}
  Ticks of a reply:     POST ${fake.baseUrl}/_fake/receipt  {"id":"3EB0...","state":"Read"}
  Connection drops:     POST ${fake.baseUrl}/_fake/drop     {"type":"LoggedOut"}
  Sent replies:         GET  ${fake.baseUrl}/_fake/sent`);
