import { events, type TAuthRevokedEvent, type TTicketListEvent } from '@prosa/contracts';
import type { Socket } from 'socket.io-client';
import { receiveMessage } from '../src/modules/messages/receive-batch.js';
import { queues } from '../src/platform/db/schema.js';
import type { TestApp } from './harness.js';
import { nextEvent } from './sockets.js';

type TFixture = Awaited<ReturnType<TestApp['createTenantFixture']>>;

/** What a socket saw when the server took its rights away: the reason, then the close, in that order. */
export const revocationOf = (socket: Socket): Promise<{ reason: string; disconnect: string; order: string[] }> =>
  new Promise((resolve) => {
    const order: string[] = [];
    let reason = '';
    socket.once(events.authRevoked, (payload: TAuthRevokedEvent) => {
      order.push('auth:revoked');
      reason = payload.reason;
    });
    socket.once('disconnect', (disconnect) => {
      order.push('disconnect');
      resolve({ reason, disconnect, order });
    });
  });

let sequence = 0;

/** A tenant with two queues, each fed by its own web chat connection. */
export const createRevocationTenant = async (app: TestApp, name: string) => {
  const fx = await app.createTenantFixture(name, { maxConnections: 5 });
  const [second] = await app.db
    .insert(queues)
    .values({ tenantId: fx.tenantId, queue: `Financeiro ${name}` })
    .returning();
  const queueB = (second as { id: number }).id;
  const channel = async (queueId: number) => {
    const created = await app.request('POST', '/whatsapp', {
      token: fx.tokens.admin,
      body: { name: `Site ${queueId}`, type: 'webchat', queueId },
    });
    if (created.status !== 201) throw new Error(`webchat: ${created.status} ${JSON.stringify(created.body)}`);
    return created.body.id as number;
  };
  const channels = { a: await channel(fx.queue.id), b: await channel(queueB) };
  return { ...fx, queueA: fx.queue.id, queueB, channels };
};
export type TRevocationTenant = Awaited<ReturnType<typeof createRevocationTenant>>;

/** A new user of the tenant, logged in (token and refresh cookie). */
export const createMember = async (
  app: TestApp,
  fx: TFixture,
  input: { profile?: 'user' | 'supervisor' | 'admin'; queues?: number[] } = {},
) => {
  const body = {
    name: `Pessoa ${++sequence}`,
    email: `membro${sequence}-${fx.tenantId}@revocation.test`,
    password: 'senha-do-membro-1',
    profile: input.profile ?? 'user',
    queues: input.queues ?? [],
  };
  const created = await app.request('POST', '/users', { token: fx.tokens.admin, body });
  if (created.status !== 201) throw new Error(`user: ${created.status} ${JSON.stringify(created.body)}`);
  const session = await app.login(body.email, body.password);
  return { id: created.body.id as number, email: body.email, password: body.password, ...session };
};

/** A text no other message of the run has. */
export const newChatText = () => `mensagem ${++sequence}`;

/** A customer writes on a web chat connection; resolves with the text once it is stored and fanned out. */
export const customerWrites = async (app: TestApp, fx: TRevocationTenant, channel: 'a' | 'b', body = newChatText()) => {
  const id = ++sequence;
  await receiveMessage(app.prosa.services, {
    tenantId: fx.tenantId,
    connectionId: fx.channels[channel],
    externalId: `rev-${id}`,
    from: { kind: 'webchat', value: `visitante-rev-${id}`, name: `Visitante ${id}` },
    body,
    timestamp: Date.now(),
  });
  return body;
};

export const isChatWith = (body: string) => (e: TTicketListEvent) =>
  e.type === 'chat:create' && e.payload.body === body;

/** The next `chat:create` with this text on the socket. */
export const chatArrives = (socket: Socket, tenantId: number, body: string) =>
  nextEvent<TTicketListEvent>(socket, events.ticketList(tenantId), isChatWith(body));
