import { createFakeBaileys, type TFakeBaileys } from '@prosa/fakes';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { eventually } from '../../../test/sockets.js';
import { connections, contacts, messages, tickets } from '../../platform/db/schema.js';

// What the channel host does by the tenant's channel settings, end to end with Baileys replaced by the fake
// socket: calls refused (`rejectCalls`), the caller answered (`callRejectMessage`) and the call recorded in the
// ticket; group conversations kept out (`ignoreGroupMsg`); and a customer whose WhatsApp still has the old
// eight-digit number answered at that number, not at the nine-digit form the screens show.
type TFixture = Awaited<ReturnType<TestApp['createTenantFixture']>>;

let t: TestApp;
let fx: TFixture;
let fake: TFakeBaileys;
let connectionId: number;
const now = () => Math.floor(Date.now() / 1000);

const setSetting = async (key: string, value: string) => {
  const res = await t.request('PUT', `/settings/${key}`, { token: fx.tokens.admin, body: { value } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
};

/** A customer's text, as the socket delivers it. */
const customerSays = (jid: string, id: string, text: string) =>
  fake.latest().receive([
    {
      key: { remoteJid: jid, fromMe: false, id },
      message: { conversation: text },
      pushName: 'Cliente',
      messageTimestamp: now(),
    },
  ]);

const storedMessage = (externalId: string) =>
  t.db
    .select()
    .from(messages)
    .where(and(eq(messages.tenantId, fx.tenantId), eq(messages.messageId, externalId)));

const ticketOfNumber = (number: string) =>
  eventually(async () => {
    const [row] = await t.db
      .select({ id: tickets.id })
      .from(tickets)
      .innerJoin(contacts, eq(contacts.id, tickets.contactId))
      .where(and(eq(tickets.tenantId, fx.tenantId), eq(contacts.number, number)));
    expect(row).toBeDefined();
    return Number(row?.id);
  });

beforeAll(async () => {
  fake = createFakeBaileys();
  t = await startTestApp({}, { baileysSocket: fake.factory });
  fx = await t.createTenantFixture('Ligações');
  const created = await t.request('POST', '/whatsapp', {
    token: fx.tokens.admin,
    body: { name: 'WhatsApp da loja', type: 'baileys' },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  connectionId = created.body.id;
  await fake.latest().scan('5511940005000');
  await eventually(async () => {
    const [row] = await t.db.select().from(connections).where(eq(connections.id, connectionId));
    expect(row?.status).toBe('CONNECTED');
  });
});
afterAll(async () => {
  await t.close();
});

describe('calls by the tenant settings', () => {
  it('rings through while rejectCalls is off; once on, refused, recorded in the ticket and answered', async () => {
    const caller = '5511977001100@s.whatsapp.net';
    const socket = fake.latest();
    socket.ring(caller, 'CALL-OFF');
    // A message after it: once it is stored, the call was handled before it (events of a session run in order),
    // so the setting below cannot reach the call that rang while it was off.
    customerSays('5511977001199@s.whatsapp.net', 'AFTER-CALL-OFF', 'Oi');
    await eventually(async () => expect(await storedMessage('AFTER-CALL-OFF')).toHaveLength(1));
    await setSetting('rejectCalls', 'enabled');
    await setSetting('callRejectMessage', 'Aqui só atendemos por mensagem.');
    socket.ring(caller, 'CALL-ON');

    await eventually(() => expect(socket.rejectedCalls).toEqual([{ id: 'CALL-ON', from: caller }]));
    const ticketId = await ticketOfNumber('+5511977001100');
    const [notice] = await storedMessage('call-CALL-ON');
    expect(notice).toMatchObject({ ticketId, fromMe: false, body: 'Chamada de voz recusada' });
    // The call that rang while the setting was off left nothing.
    expect(await storedMessage('call-CALL-OFF')).toEqual([]);
    // The text goes to the caller through the ticket, as the ticket's own message.
    await eventually(() =>
      expect(socket.sent.at(-1)).toMatchObject({ jid: caller, content: { text: 'Aqui só atendemos por mensagem.' } }),
    );
    await eventually(async () => {
      const [reply] = await t.db
        .select()
        .from(messages)
        .where(and(eq(messages.ticketId, ticketId), eq(messages.fromMe, true)));
      expect(reply).toMatchObject({ body: 'Aqui só atendemos por mensagem.', status: 'sent', sendType: 'bot' });
    }, 15_000);

    // The same call reported twice is one notice and one answer.
    socket.ring(caller, 'CALL-ON');
    socket.ring(caller, 'CALL-ON-2');
    await eventually(() => expect(socket.rejectedCalls.map((c) => c.id)).toContain('CALL-ON-2'));
    await eventually(async () => expect(await storedMessage('call-CALL-ON-2')).toHaveLength(1));
    expect(await storedMessage('call-CALL-ON')).toHaveLength(1);
    await setSetting('rejectCalls', 'disabled');
  });
});

describe('group messages by ignoreGroupMsg', () => {
  const groupJid = '120363011112222333@g.us';
  const groupMessage = (id: string) =>
    fake.latest().receive([
      {
        key: { remoteJid: groupJid, participant: '5511977002200@s.whatsapp.net', fromMe: false, id },
        message: { conversation: 'Bom dia, grupo' },
        pushName: 'Rita',
        messageTimestamp: now(),
      },
    ]);

  it('kept out while on; stored as the group ticket when off', async () => {
    fake.addGroup(groupJid, 'Clientes VIP', [{ id: '5511977002200@s.whatsapp.net', admin: null }]);
    await setSetting('ignoreGroupMsg', 'enabled');
    groupMessage('GRP-IGNORED');
    // A one-to-one message after it: once it is stored, the group's was handled before it.
    customerSays('5511977003300@s.whatsapp.net', 'ONE-AFTER', 'Oi');
    await eventually(async () => expect(await storedMessage('ONE-AFTER')).toHaveLength(1));
    expect(await storedMessage('GRP-IGNORED')).toEqual([]);

    await setSetting('ignoreGroupMsg', 'disabled');
    groupMessage('GRP-KEPT');
    await eventually(async () => expect(await storedMessage('GRP-KEPT')).toHaveLength(1));
  });
});

describe('old eight-digit Brazilian mobiles', () => {
  it('a contact typed in with nine digits, with an open ticket, is answered at the eight-digit number it writes from', async () => {
    const contact = await t.request('POST', '/contacts', {
      token: fx.tokens.admin,
      body: { name: 'Dona Lúcia', number: '+5511987650000' },
    });
    expect(contact.status, JSON.stringify(contact.body)).toBe(201);
    // Known already as the channel names her: her message teaches nothing but the number's form.
    await t.db.update(contacts).set({ pushname: 'Cliente' }).where(eq(contacts.id, contact.body.id));
    const opened = await t.request('POST', '/tickets', {
      token: fx.tokens.admin,
      body: { contactId: contact.body.id, whatsappId: connectionId, status: 'open', userId: fx.admin.id },
    });
    expect(opened.status, JSON.stringify(opened.body)).toBeLessThan(300);
    customerSays('551187650000@s.whatsapp.net', 'OLD-TYPED-1', 'Sou eu, a Lúcia');
    await eventually(async () =>
      expect(await storedMessage('OLD-TYPED-1')).toMatchObject([{ ticketId: opened.body.id }]),
    );
    const sent = await t.request('POST', `/messages/${opened.body.id}`, {
      token: fx.tokens.admin,
      body: { body: 'Oi, Dona Lúcia!' },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    await eventually(() =>
      expect(fake.latest().sent.at(-1)).toMatchObject({
        jid: '551187650000@s.whatsapp.net',
        content: { text: 'Oi, Dona Lúcia!' },
      }),
    );
  });

  it('shown with the ninth digit, answered at the number WhatsApp reported', async () => {
    const oldJid = '551187654321@s.whatsapp.net';
    customerSays(oldJid, 'OLD-1', 'Meu WhatsApp é antigo');
    const ticketId = await ticketOfNumber('+5511987654321');
    const sent = await t.request('POST', `/messages/${ticketId}`, {
      token: fx.tokens.admin,
      body: { body: 'Olá! Como podemos ajudar?' },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    await eventually(() =>
      expect(fake.latest().sent.at(-1)).toMatchObject({ jid: oldJid, content: { text: 'Olá! Como podemos ajudar?' } }),
    );
  });
});
