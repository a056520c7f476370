import { randomUUID } from 'node:crypto';
import { io, type Socket } from 'socket.io-client';
import { request } from './lib.js';

/**
 * A web chat connection and `count` visitors who have each opened their conversation (contact and ticket
 * created): the inbound benches measure the steady flow of messages in open conversations, not the first
 * message's work.
 */
export const openWebchatVisitors = async (
  base: string,
  adminToken: string,
  count: number,
): Promise<{ channel: string; visitors: string[] }> => {
  const created = await request<{ token: string }>(base, 'POST', '/whatsapp', {
    token: adminToken,
    body: { name: 'Bench', type: 'webchat' },
  });
  if (created.status !== 201) throw new Error(`create webchat: ${created.status} ${JSON.stringify(created.body)}`);
  const channel = created.body.token;
  const visitors: string[] = [];
  for (let i = 0; i < count; i++) {
    const session = await request<{ token: string }>(base, 'POST', `/public/webchat/${channel}/session`, {
      body: { name: `Visitante ${i}`, email: `v${i}@bench.local` },
    });
    if (session.status !== 201) throw new Error(`visitor session: ${session.status}`);
    visitors.push(session.body.token);
  }
  for (let i = 0; i < visitors.length; i += 20) {
    await Promise.all(
      visitors.slice(i, i + 20).map(async (token) => {
        const opened = await request(base, 'POST', `/public/webchat/${channel}/messages`, {
          token,
          body: { clientId: randomUUID(), body: 'Olá' },
        });
        if (opened.status !== 201) throw new Error(`first message: ${opened.status}`);
      }),
    );
  }
  return { channel, visitors };
};

/** The agent: a socket as the web app connects it, once connected. */
export const connectAgent = async (base: string, token: string): Promise<Socket> => {
  const socket = io(base, { auth: { token }, transports: ['websocket'], forceNew: true });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
};
