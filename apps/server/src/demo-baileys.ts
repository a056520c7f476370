// Demo mode for "WhatsApp (QR code)": Prosa as `npm start` runs it, with Baileys replaced by the fake socket
// of packages/fakes (the library seam the tests use), so pairing and messages can be tried without a phone.
//   npm run demo:baileys
// Create a "WhatsApp (QR code)" connection in /sessoes: its card shows the QR code. Then play the phone:
//   curl -X POST localhost:3951/_fake/scan                       (the QR is read: the card turns "Conectado")
//   curl -X POST localhost:3951/_fake/inbound -H 'content-type: application/json' \
//     -d '{"number":"5511987654321","name":"Ana","text":"Oi"}'
// Replies sent from /atendimento are listed at GET localhost:3951/_fake/sent. The fake drives the newest socket.
import { createFakeBaileys, startBaileysControl } from '@prosa/fakes';
import { createApp } from './app.js';
import { loadConfig } from './platform/config.js';

const fake = createFakeBaileys();
const prosa = await createApp(loadConfig(), { baileysSocket: fake.factory });
await prosa.listen();
const control = await startBaileysControl(fake, Number(process.env.FAKE_BAILEYS_PORT ?? 3951));
process.stdout.write(`Prosa (demo: WhatsApp by QR code with a fake phone) at ${prosa.services.config.publicUrl}
  Scan the QR:      POST ${control.baseUrl}/_fake/scan     {"number":"5511940001000"}
  Customer writes:  POST ${control.baseUrl}/_fake/inbound  {"number":"5511987654321","name":"Ana","text":"Oi"}
  Connection drops: POST ${control.baseUrl}/_fake/drop     {"statusCode":401}
  Sent replies:     GET  ${control.baseUrl}/_fake/sent
`);
