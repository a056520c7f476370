import { events, PAGE_SIZE, type TPlatformConnection, type TPlatformSessionEvent } from '@prosa/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { closeSockets, connect, connected, nextEvent, recordAll } from '../../../test/sockets.js';
import { connections } from '../../platform/db/schema.js';
import { setConnectionStatus } from './connection-status.js';

type TFixture = Awaited<ReturnType<TestApp['createTenantFixture']>>;
type TList = { connections: TPlatformConnection[]; count: number; hasMore: boolean; statusCounts: object };

afterEach(closeSockets);

describe('GET /whatsappTenants (superadmin: every tenant connections)', () => {
  let t: TestApp;
  let a: TFixture;
  let b: TFixture;
  let root: string;
  /** Connection ids by name, across both tenants. */
  const ids = new Map<string, number>();

  const createWebchat = async (fixture: TFixture, name: string) => {
    const res = await t.request('POST', '/whatsapp', { token: fixture.tokens.admin, body: { name, type: 'webchat' } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    ids.set(name, res.body.id);
    return res.body.id as number;
  };

  /** Statuses and numbers set in the database: web chats are always CONNECTED through the API. */
  const setRow = (fixture: TFixture, name: string, values: Partial<typeof connections.$inferInsert>) =>
    t.db
      .update(connections)
      .set(values)
      .where(and(eq(connections.tenantId, fixture.tenantId), eq(connections.id, ids.get(name) as number)));

  const list = async (query = '', token = root) => {
    const res = await t.request('GET', `/whatsappTenants/${query}`, { token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as TList;
  };
  const names = (body: TList) => body.connections.map((c) => c.name);

  beforeAll(async () => {
    t = await startTestApp();
    a = await t.createTenantFixture('Padaria Alfa', { maxConnections: 5 });
    b = await t.createTenantFixture('Mercado Beta', { maxConnections: 5 });
    root = await t.superadminToken();
    await createWebchat(a, 'Site Alfa');
    await createWebchat(a, 'Loja Alfa');
    await createWebchat(b, 'Site Beta');
    await createWebchat(b, 'Balcão Beta');
    await createWebchat(b, 'Apagada Beta');
    await setRow(a, 'Loja Alfa', { status: 'DISCONNECTED', lastError: 'ERR_WAPP_NOT_INITIALIZED' });
    await setRow(b, 'Balcão Beta', { status: 'qrcode', number: '+5511987654321', qrcode: 'data:image/png;base64,QR' });
    await setRow(b, 'Apagada Beta', { isDeleted: true });
  });
  afterAll(() => t?.close());

  it('lists both tenants connections with the tenant names, ordered by tenant, never deleted ones', async () => {
    const body = await list();
    expect(names(body)).toEqual(['Balcão Beta', 'Site Beta', 'Loja Alfa', 'Site Alfa']);
    expect(body.connections[0]).toEqual({
      id: ids.get('Balcão Beta'),
      tenantId: b.tenantId,
      tenantName: 'Mercado Beta',
      name: 'Balcão Beta',
      type: 'webchat',
      status: 'qrcode',
      number: '+5511987654321',
      lastError: null,
      isDefault: false,
      updatedAt: expect.any(String),
    });
    expect(body.connections.find((c) => c.name === 'Loja Alfa')).toMatchObject({
      tenantName: 'Padaria Alfa',
      status: 'DISCONNECTED',
      lastError: 'ERR_WAPP_NOT_INITIALIZED',
    });
    expect(body).toMatchObject({ count: 4, hasMore: false });
    expect(body.statusCounts).toEqual({ CONNECTED: 2, OPENING: 0, qrcode: 1, DISCONNECTED: 1 });
  });

  it('never shows a token, settings, QR code or channel credentials', async () => {
    const res = await t.request('GET', '/whatsappTenants', { token: root });
    for (const connection of res.body.connections) {
      expect(Object.keys(connection).sort()).toEqual(
        [
          'id',
          'tenantId',
          'tenantName',
          'name',
          'type',
          'status',
          'number',
          'lastError',
          'isDefault',
          'updatedAt',
        ].sort(),
      );
    }
    const raw = JSON.stringify(res.body);
    const stored = await t.db.select({ token: connections.token }).from(connections);
    for (const { token } of stored) if (token) expect(raw).not.toContain(token);
    expect(raw).not.toContain('data:image/png');
  });

  it('filters by status (counts stay per status), type, tenant, and searches names and numbers', async () => {
    const disconnected = await list('?status=DISCONNECTED');
    expect(names(disconnected)).toEqual(['Loja Alfa']);
    expect(disconnected.count).toBe(1);
    expect(disconnected.statusCounts).toEqual({ CONNECTED: 2, OPENING: 0, qrcode: 1, DISCONNECTED: 1 });

    expect(names(await list(`?tenantId=${a.tenantId}`))).toEqual(['Loja Alfa', 'Site Alfa']);
    const onlyB = await list(`?tenantId=${b.tenantId}`);
    expect(onlyB.statusCounts).toEqual({ CONNECTED: 1, OPENING: 0, qrcode: 1, DISCONNECTED: 0 });
    expect((await list('?type=webchat')).count).toBe(4);
    expect((await list('?type=waba')).connections).toEqual([]);

    expect(names(await list('?searchParam=site'))).toEqual(['Site Beta', 'Site Alfa']);
    // The tenant's name finds all of its connections.
    expect(names(await list(`?searchParam=${encodeURIComponent('padaria')}`))).toEqual(['Loja Alfa', 'Site Alfa']);
    // A number as people type it finds the stored E.164 digits.
    expect(names(await list(`?searchParam=${encodeURIComponent('98765-4321')}`))).toEqual(['Balcão Beta']);
    // LIKE wildcards are text, not patterns.
    expect((await list('?searchParam=%25')).connections).toEqual([]);
    const combined = await list(`?searchParam=alfa&status=CONNECTED`);
    expect(names(combined)).toEqual(['Site Alfa']);
    expect(combined.statusCounts).toEqual({ CONNECTED: 1, OPENING: 0, qrcode: 0, DISCONNECTED: 1 });
  });

  it('pages 40 at a time with count and hasMore', async () => {
    const many = await t.createTenantFixture('Atacado Muitos', { maxConnections: 100 });
    await t.db.insert(connections).values(
      Array.from({ length: PAGE_SIZE + 5 }, (_, i) => ({
        tenantId: many.tenantId,
        name: `Canal ${String(i).padStart(2, '0')}`,
        type: 'waba',
      })),
    );
    const first = await list(`?tenantId=${many.tenantId}`);
    expect(first.connections).toHaveLength(PAGE_SIZE);
    expect(first).toMatchObject({ count: PAGE_SIZE + 5, hasMore: true });
    const second = await list(`?tenantId=${many.tenantId}&pageNumber=2`);
    expect(names(second)).toEqual(['Canal 40', 'Canal 41', 'Canal 42', 'Canal 43', 'Canal 44']);
    expect(second).toMatchObject({ count: PAGE_SIZE + 5, hasMore: false });
    // Past the end: no rows, the count still says how many there are.
    expect(await list(`?tenantId=${many.tenantId}&pageNumber=9`)).toMatchObject({
      connections: [],
      count: PAGE_SIZE + 5,
    });
  });

  it('answers 401 without a token, 403 to every tenant profile and 400 naming the bad field', async () => {
    const anonymous = await t.request('GET', '/whatsappTenants');
    expect(anonymous.status).toBe(401);
    for (const token of [a.tokens.admin, a.tokens.supervisor, a.tokens.agent]) {
      const refused = await t.request('GET', '/whatsappTenants', { token });
      expect(refused.status).toBe(403);
      expect(refused.body.error).toBe('ERR_NO_PERMISSION');
    }
    for (const [query, field] of [
      ['status=ONLINE', 'status'],
      ['type=fax', 'type'],
      ['tenantId=abc', 'tenantId'],
      ['pageNumber=0', 'pageNumber'],
      [`searchParam=${'x'.repeat(201)}`, 'searchParam'],
    ]) {
      const bad = await t.request('GET', `/whatsappTenants?${query}`, { token: root });
      expect(bad.status, query).toBe(400);
      expect(bad.body).toMatchObject({ error: 'ERR_VALIDATION', field });
    }
  });

  it('a status change reaches superadmin sockets as platform:whatsappSession, never a tenant admin', async () => {
    const superadmin = await connected(connect(t.url, root));
    const adminA = await connected(connect(t.url, a.tokens.admin));
    const adminB = await connected(connect(t.url, b.tokens.admin));
    const seenA = recordAll(adminA);
    const seenB = recordAll(adminB);
    /** Changes a status and waits until the superadmin and the owning tenant's admin both heard of it. */
    const change = async (
      fixture: TFixture,
      socket: typeof adminA,
      name: string,
      status: 'CONNECTED' | 'DISCONNECTED',
    ) => {
      const id = ids.get(name) as number;
      const platform = nextEvent<TPlatformSessionEvent>(
        superadmin,
        events.platformWhatsappSession,
        (e) => e.session.id === id,
      );
      const tenant = nextEvent(socket, events.whatsappSession(fixture.tenantId));
      await setConnectionStatus(t.prosa.services, fixture.tenantId, id, {
        status,
        ...(status === 'DISCONNECTED' ? { lastError: 'ERR_WAPP_NOT_INITIALIZED' } : {}),
      });
      await tenant;
      return platform;
    };

    const down = await change(a, adminA, 'Site Alfa', 'DISCONNECTED');
    expect(down).toMatchObject({
      action: 'update',
      tenantId: a.tenantId,
      turn: 'down',
      session: { id: ids.get('Site Alfa'), status: 'DISCONNECTED', lastError: 'ERR_WAPP_NOT_INITIALIZED' },
    });
    expect(down.session).toMatchObject({ token: null, settings: null, qrcode: null });
    expect((await list(`?tenantId=${a.tenantId}`)).statusCounts).toMatchObject({ CONNECTED: 0, DISCONNECTED: 2 });

    // Later events on the same sockets: had the platform event gone to a tenant admin, it would be here by now.
    expect((await change(b, adminB, 'Site Beta', 'DISCONNECTED')).tenantId).toBe(b.tenantId);
    expect((await change(a, adminA, 'Site Alfa', 'CONNECTED')).turn).toBe('up');
    for (const seen of [seenA, seenB]) expect(seen.map((e) => e.event)).not.toContain(events.platformWhatsappSession);
    // Tenant B's admin never hears of tenant A's connection.
    expect(seenB.map((e) => e.event)).not.toContain(events.whatsappSession(a.tenantId));
  });
});
