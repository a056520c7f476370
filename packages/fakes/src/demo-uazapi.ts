// Demo mode: runs the fake uazapiGO v2 server so Prosa's "WhatsApp (uazapi)" can be tried without a uazapi
// account or a phone.
//   npm run fake:uazapi   (then start Prosa as usual: the admin types the server's URL in the form)
// Create a "WhatsApp (uazapi)" connection in /sessoes with the printed URL and admin token: the card shows the
// instance's QR code. Then play the phone:
//   curl -X POST <fake>/_fake/scan                     (the QR is read: the card turns "Conectado")
//   curl -X POST <fake>/_fake/inbound -H 'content-type: application/json' \
//     -d '{"number":"5511987654321","name":"Ana","text":"Oi"}'
// Replies sent from /atendimento are listed at <fake>/_fake/sent.
import { demoUazapi, startFakeUazapi } from './uazapi.js';

const port = Number(process.env.FAKE_UAZAPI_PORT ?? 3923);
const fake = await startFakeUazapi({ adminToken: demoUazapi.adminToken, port });
console.log(`Fake uazapiGO server on ${fake.baseUrl}
  Endereço do servidor: ${fake.baseUrl}
  Admin token:          ${demoUazapi.adminToken}
  Scan the QR:          POST ${fake.baseUrl}/_fake/scan
  Customer writes:      POST ${fake.baseUrl}/_fake/inbound  {"number":"5511987654321","name":"Ana","text":"Oi"}
  Ticks:                POST ${fake.baseUrl}/_fake/ack      {"id":"<messageid>","state":"Read"}
  Connection drops:     POST ${fake.baseUrl}/_fake/drop     {"reason":"401: logged out from another device"}
  Sent replies:         GET  ${fake.baseUrl}/_fake/sent`);
