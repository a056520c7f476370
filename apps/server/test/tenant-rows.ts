import { receiveMessage } from '../src/modules/messages/receive-batch.js';
import { campaigns } from '../src/platform/db/schema.js';
import type { TestApp } from './harness.js';

type TFixture = Awaited<ReturnType<TestApp['createTenantFixture']>>;

/** The kinds of row a route's path can name. */
export type TRowKind =
  | 'ticket'
  | 'message'
  | 'contact'
  | 'connection'
  | 'user'
  | 'queue'
  | 'reason'
  | 'tag'
  | 'fastReply'
  | 'farewell'
  | 'note'
  | 'variable'
  | 'autoReply'
  | 'autoReplyStep'
  | 'autoReplyAction'
  | 'chatFlow'
  | 'campaign'
  | 'groupBan'
  | 'groupWord'
  | 'groupGreeting'
  | 'groupFarewell'
  | 'groupFarewellPrivate'
  | 'groupLink';

export type TTenantRows = Record<TRowKind, number>;

let sequence = 0;

/**
 * One row of every kind in a tenant, made the way users make them (a customer's message opens the ticket):
 * what a test needs to address another tenant's rows by id. The tenant needs room for one connection.
 */
export const createTenantRows = async (t: TestApp, fx: TFixture): Promise<TTenantRows> => {
  const token = fx.tokens.admin;
  const made = async (path: string, body: object) => {
    const res = await t.request('POST', path, { token, body });
    if (res.status !== 201) throw new Error(`POST ${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.id as number;
  };
  const connection = await made('/whatsapp', { name: 'Site', type: 'webchat', queueId: fx.queue.id });
  sequence += 1;
  const received = await receiveMessage(t.prosa.services, {
    tenantId: fx.tenantId,
    connectionId: connection,
    externalId: `rows-${fx.tenantId}-${sequence}`,
    from: { kind: 'webchat', value: `visitante-${fx.tenantId}-${sequence}`, name: 'Cliente' },
    body: 'Olá',
    timestamp: Date.now(),
  });
  if (received.duplicate) throw new Error('the first message of a new visitor cannot be a duplicate');
  const { ticket } = received;
  const page = await t.request('GET', `/messages/${ticket.id}`, { token });
  const autoReply = await made('/auto-reply', { name: 'Menu', isActive: false });
  const autoReplyStep = await made(`/auto-reply/${autoReply}/steps`, { reply: 'Digite 1' });
  const autoReplyAction = await made('/auto-reply-action', {
    stepReplyId: autoReplyStep,
    words: '1',
    action: 1,
    queueId: fx.queue.id,
  });
  const group = { connectionId: connection, groupId: '120363000000000009@g.us' };
  // A campaign through the connection (campaigns refuse a web chat one, so inserted as the engine's tests do).
  const [campaign] = await t.db
    .insert(campaigns)
    .values({ tenantId: fx.tenantId, name: 'Promoção', connectionId: connection, messages: ['Olá'] })
    .returning({ id: campaigns.id });
  return {
    ticket: ticket.id,
    message: page.body.messages[0].id as number,
    contact: ticket.contactId,
    connection,
    user: fx.agent.id,
    queue: fx.queue.id,
    reason: await made('/reasons', { name: 'Resolvido' }),
    tag: await made('/tags', { tag: 'VIP' }),
    fastReply: await made('/fastreply', { key: 'oi', message: 'Olá!' }),
    farewell: await made('/farewellPrivateMessage', { message: 'Até logo', shared: true }),
    note: await made('/ticketNotes', { ticketId: ticket.id, notes: 'Cliente pediu retorno' }),
    variable: await made('/variables', { name: 'site', value: 'exemplo.com' }),
    autoReply,
    autoReplyStep,
    autoReplyAction,
    chatFlow: await made('/chat-flow', { name: 'Menu', isActive: false }),
    campaign: campaign?.id as number,
    // The group tools keep entries per connection and group (the web chat connection serves for the rows).
    groupBan: await made('/banList', { ...group, number: '5511955550001' }),
    groupWord: await made('/wordList', { ...group, word: 'golpe' }),
    groupGreeting: await made('/greetingMessage', { ...group, message: 'Bem-vindo, {{name}}' }),
    groupFarewell: await made('/farewellMessage', { ...group, message: 'Até logo, {{name}}' }),
    groupFarewellPrivate: await made('/groupFarewellPrivateMessage', { ...group, message: 'Volte sempre' }),
    groupLink: await made('/groupLinkList', { ...group, name: 'Vendas', link: 'https://chat.whatsapp.com/AbC123' }),
  };
};
