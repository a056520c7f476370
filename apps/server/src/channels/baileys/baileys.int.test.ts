import { events as realtimeEvents } from '@prosa/contracts';
import { createFakeBaileys, startFakeSmtp, type TFakeBaileys, type TFakeSmtp } from '@prosa/fakes';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectDropMail, expectQrPng, watchSessions } from '../../../test/channel-checks.js';
import {
  findConnectionRow,
  messagesOfTicket,
  sendReply,
  type TTenantFixture,
  ticketOfCustomer,
} from '../../../test/channels.js';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { closeSockets, connect, connected, eventually, nextEvent } from '../../../test/sockets.js';
import { baileysAuth, contacts, messages, sessionLeases, tenants, tickets } from '../../platform/db/schema.js';
import type { TReconnectTimer } from './baileys-sessions.js';

// WhatsApp through Baileys, end to end with the library replaced by the fake socket of @prosa/fakes (our code
// is real): the QR code on create, the phone scanning (515, then a new socket logs in), customer messages in,
// replies, receipts, reactions, edits and deletions, groups and LIDs, the auth state in the database (a
// second instance resumes the session without a QR when the first one closes: the lease moves), and the
// reconnect policy (401 wipes the pairing, 440 gives way, other drops reconnect with backoff).
// Two instances share one database: `base` owns it (and closes last); `t` serves the first part.

let base: TestApp;
let t: TestApp;
let fx: TTenantFixture;
let other: TTenantFixture;
let baseFake: TFakeBaileys;
let fake: TFakeBaileys;
let smtp: TFakeSmtp;
let connectionId: number;

const phone = '5511940002000';
const customer = { number: '5511987650001', jid: '5511987650001@s.whatsapp.net', name: 'Marina Costa' };
const now = () => Math.floor(Date.now() / 1000);

/** `base`'s reconnects after a drop: held until the test runs them, so "none was scheduled" can be checked. */
const reconnects = (() => {
  const pending = new Set<() => void>();
  const timer: TReconnectTimer = (_ms, reconnect) => {
    const run = () => {
      pending.delete(run);
      reconnect();
    };
    pending.add(run);
    return () => pending.delete(run);
  };
  const runAll = () => {
    for (const run of [...pending]) run();
  };
  return { timer, pending: () => pending.size, runAll };
})();

const rowOf = (id = connectionId) => findConnectionRow(base, id);
const authRows = (id = connectionId) => base.db.select().from(baileysAuth).where(eq(baileysAuth.connectionId, id));
const ticketOf = (app: TestApp, number: string) => ticketOfCustomer(app, fx, connectionId, number);
const messagesOf = (ticketId: number) => messagesOfTicket(base, fx.tenantId, ticketId);
const storedWithId = (externalId: string) =>
  base.db
    .select()
    .from(messages)
    .where(and(eq(messages.tenantId, fx.tenantId), eq(messages.messageId, externalId)));

const text = (id: string, body: string, extra: Record<string, unknown> = {}) => ({
  key: { remoteJid: customer.jid, fromMe: false, id },
  message: { conversation: body },
  pushName: customer.name,
  messageTimestamp: now(),
  ...extra,
});

/** Sends an agent's message through `app` and waits until it is sent (paced: it may wait its random pause first). */
const reply = async (app: TestApp, ticketId: number, body: Record<string, unknown>) => {
  const row = await sendReply(app, fx, ticketId, body, { timeoutMs: 15_000 });
  return { id: row.id, externalId: String(row.messageId) };
};

beforeAll(async () => {
  smtp = await startFakeSmtp();
  baseFake = createFakeBaileys();
  fake = createFakeBaileys();
  base = await startTestApp(
    { smtpUrl: smtp.url },
    { baileysSocket: baseFake.factory, baileysReconnectTimer: reconnects.timer },
  );
  t = await startTestApp({ smtpUrl: smtp.url }, { shareDatabaseWith: base, baileysSocket: fake.factory });
  fx = await t.createTenantFixture('Baileys');
  other = await t.createTenantFixture('Vizinha');
  await base.db.update(tenants).set({ maxConnections: 5 }).where(eq(tenants.id, fx.tenantId));
});
afterAll(async () => {
  closeSockets();
  await t.close();
  await base.close();
  await smtp.close();
});

describe('Baileys connection', () => {
  it('POST /whatsapp starts the socket and shows its QR code, live and on GET /whatsapp/:id', async () => {
    const socket = await connected(connect(t.url, fx.tokens.admin));
    const live = nextEvent<{ session: { status: string } }>(
      socket,
      realtimeEvents.whatsappSession(fx.tenantId),
      (payload) => payload.session.status === 'qrcode',
    );
    const res = await t.request('POST', '/whatsapp', {
      token: fx.tokens.admin,
      body: { name: 'WhatsApp Baileys', type: 'baileys', queueId: fx.queue.id },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    connectionId = res.body.id;
    expect(res.body).toMatchObject({ type: 'baileys', status: 'qrcode', lastError: null });
    expect(res.body.settings).toEqual({ rejectCalls: false, rejectCallsMessage: null });
    expectQrPng(res.body.qrcode);
    // The event says a QR code is waiting; the image itself is read by admins (GET), not broadcast.
    expect((await live).session.status).toBe('qrcode');
    const shown = await t.request('GET', `/whatsapp/${connectionId}`, { token: fx.tokens.admin });
    expect(shown.body).toMatchObject({ status: 'qrcode', qrcode: res.body.qrcode });
    // This instance runs the socket: it holds the lease.
    const leases = await base.db.select().from(sessionLeases).where(eq(sessionLeases.connectionId, connectionId));
    expect(leases).toHaveLength(1);
    expect(fake.sockets).toHaveLength(1);
    expect(baseFake.sockets).toHaveLength(0);
  });

  it('the phone scans: restart required (515) makes a new socket at once, which logs in: CONNECTED with the number', async () => {
    await fake.latest().scan(phone, 'Loja Prosa');
    await eventually(async () => expect(await rowOf()).toMatchObject({ status: 'CONNECTED', number: `+${phone}` }));
    expect(fake.sockets).toHaveLength(2);
    expect((await rowOf())?.qrcode).toBeNull();
    // The pairing is in the database, never in files: the creds with the account, and the Signal keys.
    const rows = await authRows();
    const creds = rows.find((row) => row.type === 'creds');
    expect((creds?.value as { me?: { id: string } } | undefined)?.me?.id).toBe(`${phone}:7@s.whatsapp.net`);
    expect(rows.some((row) => row.type === 'pre-key' && row.id === '1')).toBe(true);
    expect(rows.some((row) => row.type === 'session')).toBe(true);
  });

  it('a customer message makes the contact and the ticket; a replay and our own echoes store nothing', async () => {
    const socket = fake.latest();
    socket.receive([text('IN0001', 'Oi, tudo bem?')]);
    let ticketId = 0;
    await eventually(async () => {
      ticketId = await ticketOf(t, customer.number);
    });
    const stored = await messagesOf(ticketId);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ body: 'Oi, tudo bem?', fromMe: false, messageId: 'IN0001', mediaType: 'chat' });
    const [ticket] = await base.db.select().from(tickets).where(eq(tickets.id, ticketId));
    const [contact] = await base.db
      .select()
      .from(contacts)
      .where(eq(contacts.id, Number(ticket?.contactId)));
    expect(contact).toMatchObject({ name: customer.name, number: `+${customer.number}` });

    socket.receive([text('IN0001', 'Oi, tudo bem?')]);
    socket.receive([{ ...text('ECHO01', 'eco'), key: { remoteJid: customer.jid, fromMe: true, id: 'ECHO01' } }]);
    socket.receive([text('HIST01', 'histórico')], 'append');
    socket.receive([text('IN0002', 'Segunda')]);
    await eventually(async () => expect(await messagesOf(ticketId)).toHaveLength(2));
    expect((await storedWithId('IN0001')).length).toBe(1);
    expect(await storedWithId('ECHO01')).toHaveLength(0);
    expect(await storedWithId('HIST01')).toHaveLength(0);
  });

  it("an agent's reply goes through sendMessage; quoted replies carry the quoted key; acks move the status", async () => {
    const ticketId = await ticketOf(t, customer.number);
    const socket = fake.latest();
    const first = await reply(t, ticketId, { body: 'Olá! Como posso ajudar?' });
    const sent = socket.sent.at(-1);
    expect(sent).toMatchObject({ jid: customer.jid, content: { text: 'Olá! Como posso ajudar?' } });
    expect(first.externalId).toMatch(/^3EB0/);

    const [inbound] = await storedWithId('IN0001');
    const second = await reply(t, ticketId, { body: 'Sobre isso:', quotedMsgId: inbound?.id });
    expect(socket.sent.at(-1)).toMatchObject({
      jid: customer.jid,
      content: { text: 'Sobre isso:' },
      options: {
        quoted: {
          key: { remoteJid: customer.jid, id: 'IN0001', fromMe: false },
          message: { conversation: 'Oi, tudo bem?' },
        },
      },
    });

    socket.ack(first.externalId, 3, customer.jid);
    await eventually(async () => expect((await storedWithId(first.externalId))[0]?.status).toBe('delivered'));
    socket.ack(first.externalId, 4, customer.jid);
    await eventually(async () => expect((await storedWithId(first.externalId))[0]?.status).toBe('read'));
    // A late "delivered" after "read" changes nothing: the socket's events are handled in order, so once the
    // next ack (of the second reply) is stored, the late one has been handled.
    socket.ack(first.externalId, 3, customer.jid);
    socket.ack(second.externalId, 3, customer.jid);
    await eventually(async () => expect((await storedWithId(second.externalId))[0]?.status).toBe('delivered'));
    expect((await storedWithId(first.externalId))[0]?.status).toBe('read');
  });

  it('voice notes are downloaded into storage; reactions, edits and deletions apply to the stored message', async () => {
    const socket = fake.latest();
    const ogg = Buffer.from('OggS-fake-voice-note');
    fake.addMedia('AUD001', ogg);
    socket.receive([
      {
        key: { remoteJid: customer.jid, fromMe: false, id: 'AUD001' },
        message: { audioMessage: { mimetype: 'audio/ogg; codecs=opus', ptt: true, seconds: 3 } },
        pushName: customer.name,
        messageTimestamp: now(),
      },
    ]);
    await eventually(async () => expect(await storedWithId('AUD001')).toHaveLength(1));
    const [voice] = await storedWithId('AUD001');
    expect(voice).toMatchObject({ mediaType: 'ptt', mediaMime: 'audio/ogg; codecs=opus' });
    const file = await t.request('GET', String(voice?.mediaUrl), { token: fx.tokens.admin });
    expect(file.status).toBe(200);

    socket.react({ remoteJid: customer.jid, fromMe: false, id: 'IN0002' }, '❤️', customer.jid);
    await eventually(async () =>
      expect((await storedWithId('IN0002'))[0]?.reactions).toEqual([{ emoji: '❤️', fromMe: false }]),
    );
    socket.receive([
      {
        key: { remoteJid: customer.jid, fromMe: false, id: 'EDIT01' },
        message: {
          protocolMessage: { key: { id: 'IN0002' }, type: 14, editedMessage: { conversation: 'Segunda (editada)' } },
        },
        messageTimestamp: now(),
      },
    ]);
    await eventually(async () => expect((await storedWithId('IN0002'))[0]?.edition).toBe('Segunda (editada)'));
    socket.receive([
      {
        key: { remoteJid: customer.jid, fromMe: false, id: 'DEL001' },
        message: { protocolMessage: { key: { id: 'IN0002' }, type: 0 } },
        messageTimestamp: now(),
      },
    ]);
    await eventually(async () => expect((await storedWithId('IN0002'))[0]?.isDeleted).toBe(true));
    expect(await storedWithId('EDIT01')).toHaveLength(0);
  });

  it('a LID chat with the phone as its alternate JID is the same contact; groups are the ticket contact', async () => {
    const socket = fake.latest();
    const ticketId = await ticketOf(t, customer.number);
    socket.receive([
      text('LID001', 'Pelo LID', {
        key: { remoteJid: '99887766554433@lid', remoteJidAlt: customer.jid, fromMe: false, id: 'LID001' },
      }),
    ]);
    await eventually(async () => expect((await storedWithId('LID001'))[0]?.ticketId).toBe(ticketId));

    fake.addGroup('120363041234567890@g.us', 'Clientes VIP');
    socket.receive([
      {
        key: {
          remoteJid: '120363041234567890@g.us',
          participant: '11122233344455@lid',
          participantAlt: '5511977776666@s.whatsapp.net',
          fromMe: false,
          id: 'GRP001',
        },
        message: { extendedTextMessage: { text: 'Oi grupo', contextInfo: { stanzaId: 'IN0001' } } },
        pushName: 'Paulo',
        messageTimestamp: now(),
      },
    ]);
    await eventually(async () => expect(await storedWithId('GRP001')).toHaveLength(1));
    const [group] = await storedWithId('GRP001');
    expect(group?.ticketId).not.toBe(ticketId);
    expect(group?.dataJson).toMatchObject({ sender: { kind: 'phone', value: '5511977776666', name: 'Paulo' } });
    const [ticket] = await base.db
      .select()
      .from(tickets)
      .where(eq(tickets.id, Number(group?.ticketId)));
    expect(ticket?.isGroup).toBe(true);
    const [contact] = await base.db
      .select()
      .from(contacts)
      .where(eq(contacts.id, Number(ticket?.contactId)));
    expect(contact).toMatchObject({ name: 'Clientes VIP', isGroup: true });
  });

  it('calls are refused with a message when the connection says so; bad settings are a 400 naming the field', async () => {
    const bad = await t.request('PUT', `/whatsapp/${connectionId}`, {
      token: fx.tokens.admin,
      body: { config: { rejectCalls: 'sim' } },
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('rejectCalls');
    const socket = fake.latest();
    socket.ring(customer.jid, 'CALL01');
    // The socket's events are handled in order: once the next message is stored, the call has been handled.
    socket.receive([text('AFTERCALL01', 'depois da ligação')]);
    await eventually(async () => expect(await storedWithId('AFTERCALL01')).toHaveLength(1));
    expect(socket.rejectedCalls).toHaveLength(0);

    const put = await t.request('PUT', `/whatsapp/${connectionId}`, {
      token: fx.tokens.admin,
      body: { config: { rejectCalls: true, rejectCallsMessage: 'Não atendemos ligações, escreva aqui.' } },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body.settings).toEqual({
      rejectCalls: true,
      rejectCallsMessage: 'Não atendemos ligações, escreva aqui.',
    });
    // An edit restarts nothing: the open session stays.
    expect(put.body.status).toBe('CONNECTED');
    socket.ring(customer.jid, 'CALL02');
    await eventually(() => expect(socket.rejectedCalls).toEqual([{ id: 'CALL02', from: customer.jid }]));
    await eventually(() =>
      expect(socket.sent.at(-1)).toMatchObject({
        jid: customer.jid,
        content: { text: 'Não atendemos ligações, escreva aqui.' },
      }),
    );
  });

  it('another tenant can neither see nor drive the connection', async () => {
    expect((await t.request('GET', `/whatsapp/${connectionId}`, { token: other.tokens.admin })).status).toBe(404);
    expect((await t.request('PUT', `/whatsappsession/${connectionId}`, { token: other.tokens.admin })).status).toBe(
      404,
    );
    expect((await t.request('DELETE', `/whatsappsession/${connectionId}`, { token: other.tokens.admin })).status).toBe(
      404,
    );
    expect(fake.latest().loggedOut).toBe(false);
  });
});

describe('Baileys sends across instances', () => {
  it('a reply asked of the instance without the socket is sent by the one that runs it, at the first try', async () => {
    const socket = fake.latest();
    const ticketId = await ticketOf(base, customer.number);
    const before = socket.sent.length;
    // Asked of `base`; the socket (and its lease) is `t`'s: only `t`'s outbound sender claims the message.
    const { id } = await reply(base, ticketId, { body: 'Respondido pela outra instância.' });
    expect(socket.sent.slice(before)).toEqual([
      expect.objectContaining({ jid: customer.jid, content: { text: 'Respondido pela outra instância.' } }),
    ]);
    const [row] = (await messagesOf(ticketId)).filter((m) => m.id === id);
    expect(row?.attempts).toBe(1);
  });
});

describe('Baileys session across instances', () => {
  it('the instance closes: its socket ends (no logout), another instance takes the lease and resumes without a QR', async () => {
    const socket = fake.latest();
    await t.close();
    expect(socket.ended).toBe(true);
    expect(socket.loggedOut).toBe(false);
    await eventually(() => expect(baseFake.sockets.length).toBeGreaterThan(0), 10_000);
    const resumed = baseFake.latest();
    await eventually(() => expect(resumed.isOpen).toBe(true));
    // The Signal keys came back from the database as bytes, as Baileys needs them.
    expect(Buffer.isBuffer((resumed.restoredKeys as Record<string, { public: unknown }>)['1']?.public)).toBe(true);
    expect(await rowOf()).toMatchObject({ status: 'CONNECTED', number: `+${phone}`, qrcode: null });
    const [lease] = await base.db.select().from(sessionLeases).where(eq(sessionLeases.connectionId, connectionId));
    expect(lease).toBeDefined();

    const ticketId = await ticketOf(base, customer.number);
    await reply(base, ticketId, { body: 'Continuo por aqui.' });
    expect(resumed.sent.at(-1)).toMatchObject({ jid: customer.jid, content: { text: 'Continuo por aqui.' } });
  });

  it('a lease left by an instance that died (no heartbeat for 15 s) is taken over and the session resumed', async () => {
    const before = baseFake.sockets.length;
    // As if the owner had crashed a minute ago: its lease stays, nobody renews it.
    await base.db
      .update(sessionLeases)
      .set({ owner: 'crashed-instance', heartbeatAt: new Date(Date.now() - 60_000) })
      .where(eq(sessionLeases.connectionId, connectionId));
    await eventually(() => expect(baseFake.sockets.length).toBeGreaterThan(before), 15_000);
    const resumed = baseFake.latest();
    await eventually(() => expect(resumed.isOpen).toBe(true));
    const [lease] = await base.db.select().from(sessionLeases).where(eq(sessionLeases.connectionId, connectionId));
    expect(lease?.owner).not.toBe('crashed-instance');
    expect(await rowOf()).toMatchObject({ status: 'CONNECTED', qrcode: null });
  });

  it('logged out from the phone (401): pairing wiped, DISCONNECTED with the reason, admins told, sends fail fast', async () => {
    const sessions = await watchSessions(base, fx);
    const live = sessions.next(connectionId, (event) => event.session.status === 'DISCONNECTED');
    const sockets = baseFake.sockets.length;
    baseFake.latest().close(401);
    expect(await live).toMatchObject({
      turn: 'down',
      session: { status: 'DISCONNECTED', lastError: 'ERR_WAPP_LOGGED_OUT' },
    });
    await eventually(async () => expect(await authRows()).toHaveLength(0));
    await expectDropMail(smtp, fx.admin.email, ['WhatsApp Baileys']);

    const ticketId = await ticketOf(base, customer.number);
    const failed = await sendReply(base, fx, ticketId, { body: 'Alô?' }, { status: 'failed', timeoutMs: 15_000 });
    expect(failed.failureReason).toBe('ERR_WAPP_NOT_INITIALIZED');
    // No reconnect: a logged-out number needs a new QR code.
    expect(baseFake.sockets).toHaveLength(sockets);
  });

  it('a new start after the logout shows a new QR code; scanning connects again', async () => {
    const res = await base.request('PUT', `/whatsappsession/${connectionId}`, { token: fx.tokens.admin });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ status: 'qrcode' });
    expect(res.body.qrcode).toMatch(/^data:image\/png;base64,/);
    await baseFake.latest().scan(phone);
    await eventually(async () => expect(await rowOf()).toMatchObject({ status: 'CONNECTED', lastError: null }));
  });

  it('another drop reconnects with backoff (OPENING meanwhile, retries counted), then CONNECTED again', async () => {
    const before = baseFake.sockets.length;
    baseFake.latest().close(428);
    await eventually(async () => expect(await rowOf()).toMatchObject({ status: 'OPENING', retries: 1 }));
    expect(reconnects.pending()).toBe(1);
    reconnects.runAll();
    await eventually(async () => expect(await rowOf()).toMatchObject({ status: 'CONNECTED', retries: 0 }));
    expect(baseFake.sockets).toHaveLength(before + 1);
  });

  it('replaced by another client (440): the session stops here, DISCONNECTED with the reason', async () => {
    const before = baseFake.sockets.length;
    baseFake.latest().close(440);
    await eventually(async () =>
      expect(await rowOf()).toMatchObject({ status: 'DISCONNECTED', lastError: 'ERR_WAPP_CONNECTION_REPLACED' }),
    );
    // Given up at once: no reconnect waits its turn.
    expect(reconnects.pending()).toBe(0);
    expect(baseFake.sockets).toHaveLength(before);
    // The pairing stays: a new start logs in without a QR code.
    expect((await authRows()).length).toBeGreaterThan(0);
    const res = await base.request('PUT', `/whatsappsession/${connectionId}`, { token: fx.tokens.admin });
    expect(res.body).toMatchObject({ status: 'CONNECTED', number: `+${phone}` });
  });

  it('a pairing code instead of the QR; logout asked by the admin wipes the pairing', async () => {
    const created = await base.request('POST', '/whatsapp', {
      token: fx.tokens.admin,
      body: { name: 'Segundo número', type: 'baileys' },
    });
    expect(created.body.status).toBe('qrcode');
    const pairing = await base.request('POST', `/whatsappsession/${created.body.id}/pairing-code`, {
      token: fx.tokens.admin,
      body: { phone: '+55 11 94000-3000' },
    });
    expect(pairing.status, JSON.stringify(pairing.body)).toBe(200);
    expect(pairing.body.code).toBe('PRSA2468');
    expect(baseFake.latest().pairingRequests).toEqual(['5511940003000']);

    const socket = baseFake.sockets.find((item) => item.isOpen);
    const out = await base.request('DELETE', `/whatsappsession/${connectionId}`, { token: fx.tokens.admin });
    expect(out.status, JSON.stringify(out.body)).toBe(200);
    expect(out.body).toMatchObject({ status: 'DISCONNECTED', lastError: null });
    expect(socket?.loggedOut).toBe(true);
    expect(await authRows()).toHaveLength(0);
  });
});
