import { events, type TContact, type TContactListEvent } from '@prosa/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { fastJobs } from '../../../test/jobs.js';
import { closeSockets, connect, connected, nextEvent, recordAll } from '../../../test/sockets.js';
import { connections, contacts } from '../../platform/db/schema.js';
import { withTenant } from '../../platform/db/tenant-tx.js';
import { setConnectionStatus } from '../connections/connection-status.js';
import { upsertContactFromChannel } from './find-or-create-contact.js';

type TFixture = Awaited<ReturnType<TestApp['createTenantFixture']>>;
type TUpdate = Extract<TContactListEvent, { type: 'contact:update' }>;

/** Contacts reach the web's sockets as domain events (`contact.*`), heard by the contacts' realtime listener. */
describe('contacts on the event bus', () => {
  let t: TestApp;
  let fx: TFixture;

  beforeAll(async () => {
    t = await startTestApp(fastJobs);
    fx = await t.createTenantFixture('Barramento');
  });
  afterAll(async () => {
    closeSockets();
    await t.close();
  });

  const create = async (body: Record<string, unknown>) => {
    const res = await t.request('POST', '/contacts', { token: fx.tokens.agent, body });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as TContact;
  };
  const upsert = (input: Parameters<typeof upsertContactFromChannel>[2]) =>
    withTenant(t.db, fx.tenantId, (tx) => upsertContactFromChannel(tx, fx.tenantId, input, t.prosa.services));
  const contactUpdate = (socket: ReturnType<typeof connect>, match: (contact: TContact) => boolean) =>
    nextEvent<TContactListEvent>(
      socket,
      events.contactList(fx.tenantId),
      (e) => e.type === 'contact:update' && match(e.payload),
    ) as Promise<TUpdate>;

  it('a rolled-back contact change announces nothing; the committed one reaches the socket after the commit', async () => {
    const contact = await create({ name: 'Antes', number: '+55 11 93333-0001' });
    const socket = await connected(connect(t.url, fx.tokens.agent));
    const seen = recordAll(socket);

    // What a channel teaches about a known contact is published in its transaction, which here rolls back.
    const rolledBack = withTenant(t.db, fx.tenantId, async (tx) => {
      const row = await upsertContactFromChannel(
        tx,
        fx.tenantId,
        { kind: 'phone', value: '5511933330001', pushname: 'Desfeito' },
        t.prosa.services,
      );
      expect(row.pushname).toBe('Desfeito');
      throw new Error('rolled back on purpose');
    });
    await expect(rolledBack).rejects.toThrow('rolled back on purpose');

    const committed = contactUpdate(socket, (c) => c.name === 'Depois');
    const put = await t.request('PUT', `/contacts/${contact.id}`, { token: fx.tokens.agent, body: { name: 'Depois' } });
    expect(put.status).toBe(200);
    expect((await committed).payload).toEqual(put.body);
    expect(put.body.pushname).toBeNull();
    // One listener hears events in publish order: had the rolled-back change been announced, it would be first.
    expect(seen.filter((e) => e.event === events.contactList(fx.tenantId))).toEqual([
      { event: events.contactList(fx.tenantId), payload: { type: 'contact:update', payload: put.body } },
    ]);
  });

  it("a CSV import reaches the tenant's contact list; what a channel teaches does not", async () => {
    const contact = await create({ name: 'Canal', number: '+55 11 93333-0002' });
    const socket = await connected(connect(t.url, fx.tokens.agent));
    const seen = recordAll(socket);
    await upsert({ kind: 'phone', value: '5511933330002', profilePicUrl: 'https://pics.test/canal.jpg' });

    const imported = contactUpdate(socket, (c) => c.name === 'Importada');
    const changed = contactUpdate(socket, (c) => c.id === contact.id && c.email === 'canal@bus.test');
    const res = await t.request('POST', '/contacts/upload', {
      token: fx.tokens.admin,
      headers: { 'content-type': 'text/csv' },
      body: ['nome;telefone;email', 'Importada;11933330003;', ';11933330002;canal@bus.test'].join('\n'),
    });
    expect(res.body).toMatchObject({ created: 1, updated: 1, errors: [] });
    expect((await imported).payload).toMatchObject({ name: 'Importada', number: '+5511933330003' });
    expect((await changed).payload).toMatchObject({ id: contact.id, name: 'Canal', email: 'canal@bus.test' });
    // Announced in order: the channel's change, published before the import, would have come first.
    const fromChannel = seen
      .map(({ payload }) => payload as TContactListEvent)
      .filter((event) => event.type === 'contact:update' && event.payload.id === contact.id && !event.payload.email);
    expect(fromChannel).toEqual([]);
  });

  it('a contact changed and a connection turned on one instance reach a socket on the other once', async () => {
    const second = await startTestApp(fastJobs, { shareDatabaseWith: t });
    try {
      const contact = await create({ name: 'Longe', number: '+55 11 93333-0004' });
      const [connection] = await withTenant(t.db, fx.tenantId, (tx) =>
        tx
          .insert(connections)
          .values({ tenantId: fx.tenantId, name: 'Outra', type: 'webchat', status: 'CONNECTED' })
          .returning(),
      );
      const connectionId = (connection as { id: number }).id;
      // The socket is on the second instance; the writes happen on the first (t).
      const socket = await connected(connect(second.url, fx.tokens.admin));
      const seen = recordAll(socket);

      const changed = contactUpdate(socket, (c) => c.name === 'Perto');
      const put = await t.request('PUT', `/contacts/${contact.id}`, {
        token: fx.tokens.agent,
        body: { name: 'Perto' },
      });
      expect((await changed).payload).toEqual(put.body);

      const session = nextEvent<{ session: { id: number; status: string }; turn: string | null }>(
        socket,
        events.whatsappSession(fx.tenantId),
      );
      await setConnectionStatus(t.prosa.services, fx.tenantId, connectionId, {
        status: 'DISCONNECTED',
        lastError: 'ERR_WAPP_NOT_INITIALIZED',
      });
      expect(await session).toMatchObject({
        action: 'update',
        turn: 'down',
        session: { id: connectionId, status: 'DISCONNECTED', lastError: 'ERR_WAPP_NOT_INITIALIZED', token: null },
      });
      // Each socket hears an event once, from the instance it is on (the first instance's emit stays local).
      // Only this test's changes are counted: the contact's creation may still be crossing when the socket joins.
      const about = (name: string, match: (payload: never) => boolean) =>
        seen.filter((e) => e.event === name && match(e.payload as never));
      expect(
        about(events.contactList(fx.tenantId), (e: { payload?: { name?: string } }) => e.payload?.name === 'Perto'),
      ).toHaveLength(1);
      expect(
        about(
          events.whatsappSession(fx.tenantId),
          (e: { session?: { id?: number } }) => e.session?.id === connectionId,
        ),
      ).toHaveLength(1);
      const [row] = await t.db
        .select({ name: contacts.name })
        .from(contacts)
        .where(and(eq(contacts.tenantId, fx.tenantId), eq(contacts.id, contact.id)));
      expect(row?.name).toBe('Perto');
    } finally {
      await second.close();
    }
  }, 120_000);
});
