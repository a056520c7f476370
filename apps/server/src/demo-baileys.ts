// Demo mode for "WhatsApp (QR code)": Prosa as `npm start` runs it, with Baileys replaced by the fake socket
// of packages/fakes (the library seam the tests use), so pairing and messages can be tried without a phone.
//   npm run demo:baileys
// Create a "WhatsApp (QR code)" connection in /sessoes: its card shows the QR code. Then play the phone:
//   curl -X POST localhost:3951/_fake/scan                       (the QR is read: the card turns "Conectado")
//   curl -X POST localhost:3951/_fake/inbound -H 'content-type: application/json' \
//     -d '{"number":"5511987654321","name":"Ana","text":"Oi"}'
// Replies sent from /atendimento are listed at GET localhost:3951/_fake/sent. The fake drives the newest socket.
import { randomBytes } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import { createFakeBaileys } from '@prosa/fakes';
import { createApp } from './app.js';
import { loadConfig } from './platform/config.js';

const controlPort = Number(process.env.FAKE_BAILEYS_PORT ?? 3951);
const fake = createFakeBaileys();
const prosa = await createApp(loadConfig(), { baileysSocket: fake.factory });
await prosa.listen();

const answer = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};
const readJson = async (stream: AsyncIterable<Buffer>) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>;
  } catch {
    return {};
  }
};

createServer((req, res) => {
  void (async () => {
    const body = await readJson(req);
    const socket = fake.sockets.at(-1);
    const route = `${req.method} ${req.url}`;
    if (route === 'GET /_fake/sent')
      return answer(
        res,
        200,
        fake.sockets.flatMap((item) => item.sent),
      );
    if (!socket) return answer(res, 409, { error: 'no socket yet: create a "WhatsApp (QR code)" connection first' });
    switch (route) {
      case 'POST /_fake/scan':
        await socket.scan(String(body.number ?? '5511940001000'));
        return answer(res, 200, { status: 200 });
      case 'POST /_fake/inbound': {
        const number = String(body.number ?? '5511987654321').replace(/\D/g, '');
        socket.receive([
          {
            key: { remoteJid: `${number}@s.whatsapp.net`, fromMe: false, id: `3EB0${randomBytes(9).toString('hex')}` },
            message: { conversation: String(body.text ?? 'Oi') },
            pushName: String(body.name ?? 'Cliente'),
            messageTimestamp: Math.floor(Date.now() / 1000),
          },
        ]);
        return answer(res, 200, { status: 200 });
      }
      case 'POST /_fake/drop':
        socket.close(Number(body.statusCode ?? 408));
        return answer(res, 200, { status: 200 });
      default:
        return answer(res, 404, { error: `unknown control path ${route}` });
    }
  })();
}).listen(controlPort, '127.0.0.1', () => {
  process.stdout.write(`Prosa (demo: WhatsApp by QR code with a fake phone) at ${prosa.services.config.publicUrl}
  Scan the QR:      POST http://127.0.0.1:${controlPort}/_fake/scan     {"number":"5511940001000"}
  Customer writes:  POST http://127.0.0.1:${controlPort}/_fake/inbound  {"number":"5511987654321","name":"Ana","text":"Oi"}
  Connection drops: POST http://127.0.0.1:${controlPort}/_fake/drop     {"statusCode":401}
  Sent replies:     GET  http://127.0.0.1:${controlPort}/_fake/sent
`);
});
