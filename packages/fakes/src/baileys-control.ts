import { randomBytes } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TFakeBaileys } from './baileys-socket.js';

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

/** A number (any format) as its WhatsApp JID. */
const jidOf = (number: string) => `${number.replace(/\D/g, '')}@s.whatsapp.net`;

/**
 * The phone and WhatsApp behind the fake Baileys socket, over HTTP, for the demo mode and the e2e suite (which
 * run the server in-process with the fake injected): `POST /_fake/scan {number?}` reads the QR code,
 * `POST /_fake/inbound {number, name, text}` is a customer writing, `POST /_fake/drop {statusCode}` closes the
 * session with that reason, `GET /_fake/sent` lists what the server sent. They drive the newest socket.
 * Groups: `POST /_fake/group {subject, jid?, admin?, members?}` makes a group the number is in (its admin unless
 * `admin: false`), `POST /_fake/group-join|group-leave {jid, number}` a member joins or leaves, and
 * `POST /_fake/group-message {jid, number, name, text}` a member writes in it.
 */
export const startBaileysControl = async (fake: TFakeBaileys, port = 0) => {
  const server = createServer((req, res) => {
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
              key: {
                remoteJid: `${number}@s.whatsapp.net`,
                fromMe: false,
                id: `3EB0${randomBytes(9).toString('hex')}`,
              },
              message: { conversation: String(body.text ?? 'Oi') },
              pushName: String(body.name ?? 'Cliente'),
              messageTimestamp: Math.floor(Date.now() / 1000),
            },
          ]);
          return answer(res, 200, { status: 200 });
        }
        case 'POST /_fake/group': {
          const me = socket.user?.id.replace(/:\d+@/, '@');
          if (!me) return answer(res, 409, { error: 'the number is not connected yet' });
          const jid = String(body.jid ?? `120363${Date.now()}@g.us`);
          const members = Array.isArray(body.members) ? body.members.map((number) => jidOf(String(number))) : [];
          fake.addGroup(jid, String(body.subject ?? 'Grupo'), [
            { id: me, admin: body.admin === false ? null : 'superadmin' },
            ...members.map((id) => ({ id, admin: null })),
          ]);
          return answer(res, 200, { jid });
        }
        case 'POST /_fake/group-join':
        case 'POST /_fake/group-leave':
          socket.groupChange(
            String(body.jid),
            [{ id: jidOf(String(body.number)) }],
            route.endsWith('join') ? 'add' : 'remove',
          );
          return answer(res, 200, { status: 200 });
        case 'POST /_fake/group-message':
          socket.receive([
            {
              key: {
                remoteJid: String(body.jid),
                participant: jidOf(String(body.number)),
                fromMe: false,
                id: `3EB0${randomBytes(9).toString('hex')}`,
              },
              message: { conversation: String(body.text ?? 'Oi') },
              pushName: String(body.name ?? 'Participante'),
              messageTimestamp: Math.floor(Date.now() / 1000),
            },
          ]);
          return answer(res, 200, { status: 200 });
        case 'POST /_fake/drop':
          socket.close(Number(body.statusCode ?? 408));
          return answer(res, 200, { status: 200 });
        default:
          return answer(res, 404, { error: `unknown control path ${route}` });
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { baseUrl, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
};
