import { createFakeBaileys, type TFakeBaileys } from '@prosa/fakes';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messagesOfTicket } from '../../../test/channels.js';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { eventually } from '../../../test/sockets.js';
import { connections, contacts, messages, tenants, tickets } from '../../platform/db/schema.js';

// The group calls of §7 on WhatsApp by QR code, end to end with Baileys replaced by the fake socket: the
// members of a group conversation, a text that mentions some of them, one that tags everyone, and the hidden
// ("ghost") mention that notifies everyone without tags; the walls of each call.
type TFixture = Awaited<ReturnType<TestApp['createTenantFixture']>>;

let t: TestApp;
let fx: TFixture;
let other: TFixture;
let fake: TFakeBaileys;
let connectionId: number;
let groupTicket: number;
let customerTicket: number;

const groupJid = '120363049876543210@g.us';
const members = [
  { id: '5511977770001@s.whatsapp.net', admin: 'superadmin' as const },
  { id: '5511977770002@s.whatsapp.net', admin: null },
  // A LID group member, with the phone WhatsApp gives beside it.
  { id: '22233344455566@lid', phoneNumber: '5511977770003@s.whatsapp.net', admin: 'admin' as const },
];
const now = () => Math.floor(Date.now() / 1000);

/** A call as the tenant's admin, another user (a token), or anonymous (`null`). */
const call = (path: string, body: unknown, token: string | null = fx.tokens.admin) =>
  t.request('POST', path, { token: token ?? undefined, body });

/** What the socket was asked to send last, once the outbound queue sent the message. */
const sentAfter = async (messageId: number) => {
  await eventually(async () => {
    const [row] = (await messagesOfTicket(t, fx.tenantId, groupTicket)).filter((m) => m.id === messageId);
    expect(row?.status).toBe('sent');
  }, 15_000);
  return fake.latest().sent.at(-1);
};

beforeAll(async () => {
  fake = createFakeBaileys();
  t = await startTestApp({}, { baileysSocket: fake.factory });
  fx = await t.createTenantFixture('Grupos');
  other = await t.createTenantFixture('Vizinha');
  await t.db.update(tenants).set({ maxConnections: 5 }).where(eq(tenants.id, fx.tenantId));
  const created = await call('/whatsapp', { name: 'WhatsApp dos grupos', type: 'baileys' });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  connectionId = created.body.id;
  await fake.latest().scan('5511940003000');
  await eventually(async () => {
    const [row] = await t.db.select().from(connections).where(eq(connections.id, connectionId));
    expect(row?.status).toBe('CONNECTED');
  });
  fake.addGroup(groupJid, 'Equipe de vendas', members);
  fake.latest().receive([
    {
      key: { remoteJid: groupJid, participant: members[1]?.id, fromMe: false, id: 'GRP100' },
      message: { conversation: 'Bom dia, pessoal' },
      pushName: 'Rita',
      messageTimestamp: now(),
    },
    {
      key: { remoteJid: '5511988880000@s.whatsapp.net', fromMe: false, id: 'ONE100' },
      message: { conversation: 'Oi, sou cliente' },
      pushName: 'Cliente',
      messageTimestamp: now(),
    },
  ]);
  const ticketOfContact = async (isGroup: boolean) =>
    eventually(async () => {
      const [row] = await t.db
        .select({ id: tickets.id })
        .from(tickets)
        .innerJoin(contacts, eq(contacts.id, tickets.contactId))
        .where(and(eq(tickets.whatsappId, connectionId), eq(contacts.isGroup, isGroup)));
      expect(row).toBeDefined();
      return Number(row?.id);
    });
  groupTicket = await ticketOfContact(true);
  customerTicket = await ticketOfContact(false);
});
afterAll(async () => {
  await t.close();
});

describe('group calls (WhatsApp by QR code)', () => {
  it('a group message names the member who wrote it', async () => {
    const res = await t.request('GET', `/messages/${groupTicket}`, { token: fx.tokens.admin });
    expect(res.status).toBe(200);
    const message = (res.body.messages as { body: string; sender?: unknown }[]).find(
      (m) => m.body === 'Bom dia, pessoal',
    );
    expect(message?.sender).toEqual({ name: 'Rita', number: '5511977770002' });
  });

  it('POST /messages/listParticipants lists the members with their numbers and who is admin', async () => {
    const res = await call('/messages/listParticipants', { ticketId: groupTicket });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.participants).toEqual([
      { id: '5511977770001@s.whatsapp.net', number: '5511977770001', admin: true },
      { id: '5511977770002@s.whatsapp.net', number: '5511977770002', admin: false },
      { id: '22233344455566@lid', number: '5511977770003', admin: true },
    ]);
  });

  it('keeps the walls: no token, another tenant, bad input, a one-to-one conversation', async () => {
    expect((await call('/messages/listParticipants', { ticketId: groupTicket }, null)).status).toBe(401);
    expect((await call('/messages/ghostMessage', { ticketId: groupTicket, body: 'x' }, null)).status).toBe(401);
    expect((await call('/messages/listParticipants', { ticketId: groupTicket }, other.tokens.admin)).status).toBe(404);
    const stranger = await call(
      '/messages/mentionAllMessage',
      { ticketId: groupTicket, body: 'x' },
      other.tokens.admin,
    );
    expect(stranger.status).toBe(404);
    const bad = await call('/messages/listParticipants', { ticketId: 'grupo' });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('ticketId');
    const empty = await call('/messages/ghostMessage', { ticketId: groupTicket, body: '  ' });
    expect(empty.status).toBe(400);
    expect(empty.body.field).toBe('body');
    const strangeMember = await call('/messages/mentionMessage', {
      ticketId: groupTicket,
      body: 'Oi',
      mentions: ['not a number'],
    });
    expect(strangeMember.status).toBe(400);
    expect(strangeMember.body.field).toMatch(/^mentions/);
    const notGroup = await call('/messages/mentionAllMessage', { ticketId: customerTicket, body: 'Oi' });
    expect(notGroup.status).toBe(400);
    expect(notGroup.body.field).toBe('ticketId');
    // Nothing was stored by the refused calls.
    const stored = await t.db.select().from(messages).where(eq(messages.body, 'x'));
    expect(stored).toHaveLength(0);
  });

  it('POST /messages/mentionMessage mentions the members named, by number or by the id the list gave', async () => {
    const res = await call('/messages/mentionMessage', {
      ticketId: groupTicket,
      body: '@5511977770002 pode confirmar o pedido?',
      mentions: ['+5511977770002', '22233344455566@lid'],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(await sentAfter(res.body.id)).toMatchObject({
      jid: groupJid,
      content: {
        text: '@5511977770002 pode confirmar o pedido?',
        mentions: ['5511977770002@s.whatsapp.net', '22233344455566@lid'],
      },
    });
  });

  it('POST /messages/mentionAllMessage tags every member at the end of the text', async () => {
    const res = await call('/messages/mentionAllMessage', { ticketId: groupTicket, body: 'Reunião às 15h' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.body).toBe('Reunião às 15h\n\n@5511977770001 @5511977770002 @22233344455566');
    expect((await sentAfter(res.body.id))?.content).toEqual({
      text: 'Reunião às 15h\n\n@5511977770001 @5511977770002 @22233344455566',
      mentions: members.map((member) => member.id),
    });
  });

  it('POST /messages/ghostMessage notifies every member without tags in the text', async () => {
    const res = await call('/messages/ghostMessage', { ticketId: groupTicket, body: 'Promoção só hoje!' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect((await sentAfter(res.body.id))?.content).toEqual({
      text: 'Promoção só hoje!',
      mentions: members.map((member) => member.id),
    });
  });

  it('a connection that is down fails the group calls fast, with nothing stored', async () => {
    await t.db.update(connections).set({ status: 'DISCONNECTED' }).where(eq(connections.id, connectionId));
    const before = (await messagesOfTicket(t, fx.tenantId, groupTicket)).length;
    const res = await call('/messages/ghostMessage', { ticketId: groupTicket, body: 'Alguém aí?' });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('ERR_WAPP_NOT_INITIALIZED');
    expect(await messagesOfTicket(t, fx.tenantId, groupTicket)).toHaveLength(before);
    await t.db.update(connections).set({ status: 'CONNECTED' }).where(eq(connections.id, connectionId));
  });
});
