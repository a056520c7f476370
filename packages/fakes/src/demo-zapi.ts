// Demo mode: runs a fake Z-API so Prosa's "WhatsApp (Z-API)" can be tried without a Z-API account or a phone.
//   npm run fake:zapi   (then start Prosa with the ZAPI_API_URL it prints)
// Create a "WhatsApp (Z-API)" connection in /sessoes with the printed instance id, instance token and
// Client-Token: the card shows the QR code. Unlike the real Z-API, this fake also posts webhooks to a plain
// http PUBLIC_URL (the default http://localhost:3000), so nothing else is needed. Then play the phone:
//   curl -X POST <fake>/_fake/scan                     (the QR is read: the card turns "Conectado")
//   curl -X POST <fake>/_fake/inbound -H 'content-type: application/json' \
//     -d '{"phone":"5511987654321","name":"Ana","text":"Oi"}'
// Replies sent from /atendimento are listed at <fake>/_fake/sent. The demo number administers a group, for the
// group tools (/grupo/*); a number joining or leaving it:
//   curl -X POST <fake>/_fake/group-change -H 'content-type: application/json' \
//     -d '{"groupId":"120363000000000001@g.us","phone":"5511987654321","action":"add"}'
import { demoZapi, startFakeZapi } from './zapi.js';

const port = Number(process.env.FAKE_ZAPI_PORT ?? 3921);
const fake = await startFakeZapi({
  clientToken: demoZapi.clientToken,
  instances: [{ id: demoZapi.instanceId, token: demoZapi.instanceToken }],
  port,
  allowHttpWebhooks: true,
});
fake.addGroup({
  id: '120363000000000001@g.us',
  subject: 'Clientes (demonstração)',
  participants: [
    { id: `${demoZapi.phone.number}@s.whatsapp.net`, admin: 'superadmin' },
    { id: '5511987650001@s.whatsapp.net', admin: null },
  ],
});
console.log(`Fake Z-API on ${fake.baseUrl}
  ZAPI_API_URL=${fake.baseUrl}   (start Prosa with it)
  ID da instância / Instance ID:        ${demoZapi.instanceId}
  Token da instância / Instance token:  ${demoZapi.instanceToken}
  Client-Token (token de segurança):    ${demoZapi.clientToken}
  Scan the QR:      POST ${fake.baseUrl}/_fake/scan
  Customer writes:  POST ${fake.baseUrl}/_fake/inbound  {"phone":"5511987654321","name":"Ana","text":"Oi"}
  Connection drops: POST ${fake.baseUrl}/_fake/drop
  Group join/leave: POST ${fake.baseUrl}/_fake/group-change  {"groupId":"120363000000000001@g.us","phone":"5511987654321","action":"add"}
  Sent replies:     GET  ${fake.baseUrl}/_fake/sent`);
