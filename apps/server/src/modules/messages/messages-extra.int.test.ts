import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, startTestApp, type TestApp } from '../../../test/harness.js';
import { hashPassword } from '../../platform/auth/passwords.js';
import { queues, users, usersQueues } from '../../platform/db/schema.js';
import { receiveMessage } from './receive-batch.js';

type TFixture = Awaited<ReturnType<TestApp['createTenantFixture']>>;

let t: TestApp;
let fx: TFixture;
let other: TFixture;
let webchatId: number;
/** An agent of another queue: never sees the first queue's tickets nor their messages. */
let outsiderToken: string;
let sequence = 0;

/** A customer message through the inbound pipeline; returns the ticket id. */
const customerSays = async (visitor: string, body: string, name = visitor) => {
  const result = await receiveMessage(t.prosa.services, {
    tenantId: fx.tenantId,
    connectionId: webchatId,
    externalId: `x-${++sequence}`,
    from: { kind: 'webchat', value: visitor, name },
    body,
    timestamp: Date.now() + sequence,
  });
  if (result.duplicate) throw new Error('unexpected duplicate');
  return result.ticket;
};

beforeAll(async () => {
  t = await startTestApp();
  fx = await t.createTenantFixture('Historico');
  other = await t.createTenantFixture('Alheia');
  const created = await t.request('POST', '/whatsapp', {
    token: fx.tokens.admin,
    body: { name: 'Site', type: 'webchat', queueId: fx.queue.id },
  });
  webchatId = created.body.id;
  const [queueB] = await t.db.insert(queues).values({ tenantId: fx.tenantId, queue: 'Cobrança' }).returning();
  const [user] = await t.db
    .insert(users)
    .values({
      tenantId: fx.tenantId,
      name: 'Agente Cobrança',
      email: `cob-${fx.tenantId}@historico.test`,
      passwordHash: await hashPassword(PASSWORD),
      profile: 'user',
    })
    .returning();
  await t.db
    .insert(usersQueues)
    .values({ tenantId: fx.tenantId, userId: (user as { id: number }).id, queueId: (queueB as { id: number }).id });
  outsiderToken = (await t.login(`cob-${fx.tenantId}@historico.test`)).token;
});
afterAll(() => t.close());

describe('contact history, search and transcript', () => {
  it('lists a contact’s messages across tickets, searches them and exports the conversation', async () => {
    const ticket = await customerSays('hist-1', 'Quero trocar o produto 77', 'Helena Prado');
    await t.request('PUT', `/tickets/${ticket.id}`, { token: fx.tokens.agent, body: { status: 'open' } });
    const reply = await t.request('POST', `/messages/${ticket.id}`, {
      token: fx.tokens.agent,
      body: { body: 'Claro, Helena! Qual o motivo da troca?' },
    });
    expect(reply.status).toBe(201);

    const history = await t.request('GET', `/messagesContact/${ticket.contactId}`, { token: fx.tokens.agent });
    expect(history.status).toBe(200);
    expect(history.body.messages.map((m: { body: string }) => m.body)).toEqual([
      'Claro, Helena! Qual o motivo da troca?',
      'Quero trocar o produto 77',
    ]);

    const found = await t.request('GET', '/searchMessage?searchParam=produto%2077', { token: fx.tokens.agent });
    expect(found.body.messages).toHaveLength(1);
    expect(found.body.messages[0].ticketId).toBe(ticket.id);
    // LIKE wildcards are text, not patterns.
    expect((await t.request('GET', '/searchMessage?searchParam=%25%25', { token: fx.tokens.agent })).body.count).toBe(
      0,
    );

    const text = await t.request('GET', `/exportMessages/${ticket.id}`, { token: fx.tokens.agent });
    expect(text.status).toBe(200);
    expect(text.headers['content-type']).toContain('text/plain');
    expect(text.headers['content-disposition']).toContain(`atendimento-${ticket.id}`);
    expect(text.body).toContain('Helena Prado: Quero trocar o produto 77');
    expect(text.body).toContain('agent Historico: Claro, Helena! Qual o motivo da troca?');
    const csv = await t.request('GET', `/exportMessages/${ticket.id}?format=csv`, { token: fx.tokens.agent });
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('data,remetente,mensagem');
  });

  it('never shows another queue’s or another tenant’s messages', async () => {
    const ticket = await customerSays('hist-2', 'Segredo da fila de suporte');
    expect((await t.request('GET', `/exportMessages/${ticket.id}`, { token: outsiderToken })).status).toBe(403);
    const history = await t.request('GET', `/messagesContact/${ticket.contactId}`, { token: outsiderToken });
    expect(history.body.messages).toEqual([]);
    const search = await t.request('GET', '/searchMessage?searchParam=Segredo', { token: outsiderToken });
    expect(search.body.messages).toEqual([]);
    expect((await t.request('GET', '/searchMessage?searchParam=Segredo', { token: fx.tokens.admin })).body.count).toBe(
      1,
    );

    expect((await t.request('GET', `/exportMessages/${ticket.id}`, { token: other.tokens.admin })).status).toBe(404);
    expect((await t.request('GET', `/messagesContact/${ticket.contactId}`, { token: other.tokens.admin })).status).toBe(
      404,
    );
    expect(
      (await t.request('GET', '/searchMessage?searchParam=Segredo', { token: other.tokens.admin })).body.count,
    ).toBe(0);
    expect((await t.request('GET', `/exportMessages/${ticket.id}`)).status).toBe(401);
    const short = await t.request('GET', '/searchMessage?searchParam=a', { token: fx.tokens.agent });
    expect(short.status).toBe(400);
    expect(short.body.field).toBe('searchParam');
    const format = await t.request('GET', `/exportMessages/${ticket.id}?format=pdf`, { token: fx.tokens.agent });
    expect(format.status).toBe(400);
    expect(format.body.field).toBe('format');
  });
});

describe('forward, vCard and location', () => {
  it('forwards messages to another contact, opening a ticket for the agent, in order', async () => {
    const source = await customerSays('fwd-1', 'Primeira mensagem');
    const second = await t.request('POST', `/messages/${source.id}`, {
      token: fx.tokens.agent,
      body: { body: 'Resposta do agente' },
    });
    const page = await t.request('GET', `/messages/${source.id}`, { token: fx.tokens.agent });
    const first = page.body.messages.find((m: { body: string }) => m.body === 'Primeira mensagem');
    const target = await customerSays('fwd-target', 'Oi', 'Destino');
    await t.request('PUT', `/tickets/${target.id}`, { token: fx.tokens.agent, body: { status: 'closed' } });

    const forwarded = await t.request('POST', '/forward-messages', {
      token: fx.tokens.agent,
      body: { messages: [first.id, second.body.id], contact: target.contactId },
    });
    expect(forwarded.status).toBe(201);
    expect(forwarded.body.map((m: { body: string }) => m.body)).toEqual(['Primeira mensagem', 'Resposta do agente']);
    const newTicketId = forwarded.body[0].ticketId;
    expect(newTicketId).not.toBe(target.id);
    const opened = await t.request('GET', `/tickets/${newTicketId}`, { token: fx.tokens.agent });
    expect(opened.body.status).toBe('open');
    expect(opened.body.userId).toBe(fx.agent.id);

    // Into the active ticket the second time.
    const again = await t.request('POST', '/forward-messages', {
      token: fx.tokens.agent,
      body: { messages: [first.id], contact: target.contactId },
    });
    expect(again.body[0].ticketId).toBe(newTicketId);
  });

  it('refuses messages the agent may not see, unknown ones and bad input', async () => {
    const hidden = await customerSays('fwd-2', 'Oculta');
    const page = await t.request('GET', `/messages/${hidden.id}`, { token: fx.tokens.admin });
    const messageId = page.body.messages[0].id;
    const target = await customerSays('fwd-3', 'Alvo');
    const denied = await t.request('POST', '/forward-messages', {
      token: outsiderToken,
      body: { messages: [messageId], contact: target.contactId },
    });
    expect(denied.status).toBe(403);
    const foreign = await t.request('POST', '/forward-messages', {
      token: other.tokens.admin,
      body: { messages: [messageId], contact: target.contactId },
    });
    expect(foreign.status).toBe(404);
    const empty = await t.request('POST', '/forward-messages', {
      token: fx.tokens.agent,
      body: { messages: [], contact: target.contactId },
    });
    expect(empty.status).toBe(400);
    expect(empty.body.field).toBe('messages');
    const noContact = await t.request('POST', '/forward-messages', {
      token: fx.tokens.admin,
      body: { messages: [messageId], contact: 999_999 },
    });
    expect(noContact.status).toBe(400);
    expect(noContact.body).toMatchObject({ error: 'ERR_UNKNOWN_REFERENCE', field: 'contact' });
  });

  it('sends a vCard and a location as structured messages', async () => {
    const ticket = await customerSays('card-1', 'Me passa o contato do gerente?');
    const card = await t.request('POST', `/messages/${ticket.id}/vcard`, {
      token: fx.tokens.agent,
      body: { contact: { name: 'Gerente Paulo', number: '+55 11 98888-7777' } },
    });
    expect(card.status).toBe(201);
    expect(card.body.mediaType).toBe('vcard');
    expect(card.body.body).toContain('Gerente Paulo');
    const place = await t.request('POST', `/messages/${ticket.id}/location`, {
      token: fx.tokens.agent,
      body: { location: { latitude: -23.55, longitude: -46.63, name: 'Loja Centro' } },
    });
    expect(place.status).toBe(201);
    expect(place.body.mediaType).toBe('location');
    // The same body a customer's shared place gets, whatever the channel.
    expect(place.body.body).toBe('Loja Centro\nhttps://maps.google.com/maps?q=-23.55,-46.63');
    const bad = await t.request('POST', `/messages/${ticket.id}/location`, {
      token: fx.tokens.agent,
      body: { location: { latitude: 123, longitude: 0 } },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('location.latitude');
    expect(
      (
        await t.request('POST', `/messages/${ticket.id}/vcard`, {
          token: other.tokens.admin,
          body: { contact: { name: 'x', number: '12' } },
        })
      ).status,
    ).toBe(404);
  });

  it('takes the family’s edit and reaction aliases', async () => {
    const ticket = await customerSays('alias-1', 'Oi');
    const sent = await t.request('POST', `/messages/${ticket.id}`, { token: fx.tokens.agent, body: { body: 'Olá!' } });
    const edited = await t.request('POST', '/messages/editMessage', {
      token: fx.tokens.agent,
      body: { messageId: sent.body.id, body: 'Olá, tudo bem?' },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.edition ?? edited.body.body).toContain('tudo bem');
    const page = await t.request('GET', `/messages/${ticket.id}`, { token: fx.tokens.agent });
    const inbound = page.body.messages.find((m: { fromMe: boolean }) => !m.fromMe);
    const reacted = await t.request('POST', '/messages/reactionMessage', {
      token: fx.tokens.agent,
      body: { messageId: inbound.id, emoji: '👍' },
    });
    expect(reacted.status).toBe(200);
    expect(reacted.body.reactions.map((r: { emoji: string }) => r.emoji)).toContain('👍');
  });
});
