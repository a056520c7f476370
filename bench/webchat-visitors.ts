import { randomUUID } from 'node:crypto';
import { io, type Socket } from 'socket.io-client';
import { createLatencies, request } from './lib.js';

/** A web chat connection and `count` visitor sessions (no message yet: no contact, no ticket). */
export const startWebchatSessions = async (
  base: string,
  adminToken: string,
  count: number,
): Promise<{ channel: string; sessions: string[] }> => {
  const created = await request<{ token: string }>(base, 'POST', '/whatsapp', {
    token: adminToken,
    body: { name: 'Bench', type: 'webchat' },
  });
  if (created.status !== 201) throw new Error(`create webchat: ${created.status} ${JSON.stringify(created.body)}`);
  const channel = created.body.token;
  const sessions: string[] = [];
  for (let i = 0; i < count; i += 20) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(20, count - i) }, async (_, j) => {
        const session = await request<{ token: string }>(base, 'POST', `/public/webchat/${channel}/session`, {
          body: { name: `Visitante ${i + j}`, email: `v${i + j}@bench.local` },
        });
        if (session.status !== 201) throw new Error(`visitor session: ${session.status}`);
        return session.body.token;
      }),
    );
    sessions.push(...batch);
  }
  return { channel, sessions };
};

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
  const { channel, sessions: visitors } = await startWebchatSessions(base, adminToken, count);
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

/**
 * Posts numbered messages (`bench <seq>`), message `seq` from `visitorOf(seq)` (default: round robin over the
 * visitors), open loop: `sentAt` keeps each body's
 * start for the socket side to time; the HTTP answer's time counts from `measuredFrom()` on.
 */
export const createWebchatSender = (options: {
  base: string;
  channel: string;
  /** Who writes message `seq`: `visitorOf`, or else round robin over `visitors`. */
  visitors?: readonly string[];
  visitorOf?: (seq: number) => string;
  sentAt: Map<string, number>;
  measuredFrom: () => number;
}) => {
  const stats = { sent: 0, stored: 0, errors: {} as Record<string, number>, httpLatencies: createLatencies() };
  const inFlight = new Set<Promise<void>>();
  const count = (key: string) => {
    stats.errors[key] = (stats.errors[key] ?? 0) + 1;
  };
  const fire = (seq: number) => {
    const visitors = options.visitors ?? [];
    const token = options.visitorOf?.(seq) ?? (visitors[seq % visitors.length] as string);
    const body = `bench ${seq}`;
    const startedAt = performance.now();
    options.sentAt.set(body, startedAt);
    stats.sent++;
    const done = fetch(`${options.base}/public/webchat/${options.channel}/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ clientId: randomUUID(), body }),
    })
      .then(async (res) => {
        await res.arrayBuffer();
        if (startedAt >= options.measuredFrom()) stats.httpLatencies.add(performance.now() - startedAt);
        if (res.status === 201) stats.stored++;
        else count(String(res.status));
      })
      .catch((error: unknown) => count(error instanceof Error ? error.message : 'error'))
      .finally(() => inFlight.delete(done));
    inFlight.add(done);
  };
  return { fire, stats, drain: () => Promise.all([...inFlight]) };
};
