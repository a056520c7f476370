import { events, type TTicketListEvent } from '@prosa/contracts';
import { eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.js';
import {
  chatArrives,
  createMember,
  createRevocationTenant,
  customerWrites,
  isChatWith,
  newChatText,
  revocationOf,
  type TRevocationTenant,
} from '../../test/revocation.js';
import { closeSockets, connect, connectError, connected, recordAll } from '../../test/sockets.js';
import { tenants } from './db/schema.js';

afterEach(closeSockets);

/** The ticket events with this text among what a socket recorded. */
const chatsWith = (seen: { event: string; payload: unknown }[], tenantId: number, body: string) =>
  seen.filter((s) => s.event === events.ticketList(tenantId) && isChatWith(body)(s.payload as TTicketListEvent));

describe('revoking rights closes the sockets opened with them', () => {
  let t: TestApp;
  let fx: TRevocationTenant;

  beforeAll(async () => {
    t = await startTestApp();
    fx = await createRevocationTenant(t, 'Revoga');
  });
  afterAll(() => t?.close());

  /** Before the change: a chat of queue A reaches the socket. */
  const assertReceivesQueueA = async (socket: Socket) => {
    const body = newChatText();
    const arrived = chatArrives(socket, fx.tenantId, body);
    await customerWrites(t, fx, 'a', body);
    await arrived;
  };

  it('a password change closes every socket of the user, says why, and the old token opens no new one', async () => {
    const agent = await createMember(t, fx, { queues: [fx.queueA] });
    const tab1 = await connected(connect(t.url, agent.token));
    const tab2 = await connected(connect(t.url, agent.token));
    const colleague = await connected(connect(t.url, fx.tokens.admin));
    await assertReceivesQueueA(tab1);

    const revoked = [revocationOf(tab1), revocationOf(tab2)];
    const changed = await t.request('PUT', `/users/${agent.id}`, {
      token: fx.tokens.admin,
      body: { password: 'outra-senha-123' },
    });
    expect(changed.status).toBe(200);
    for (const result of await Promise.all(revoked)) {
      expect(result).toEqual({
        reason: 'session-ended',
        disconnect: 'io server disconnect',
        order: ['auth:revoked', 'disconnect'],
      });
    }

    // The ticket's events go on to those who may still see it, and no longer to the closed sockets.
    const seen = [recordAll(tab1), recordAll(tab2)];
    const body = newChatText();
    const arrived = chatArrives(colleague, fx.tenantId, body);
    await customerWrites(t, fx, 'a', body);
    await arrived;
    expect(seen.flat()).toEqual([]);
    expect(tab1.connected || tab2.connected).toBe(false);
    expect((await connectError(connect(t.url, agent.token))).message).toBe('ERR_SESSION_EXPIRED');
    const refresh = await t.request('POST', '/auth/refresh_token', { cookie: agent.refreshCookie });
    expect(refresh.status).toBe(401);
  });

  it('a demotion (admin -> agent) closes the sockets; the new session sees only what an agent may', async () => {
    const admin = await createMember(t, fx, { profile: 'admin', queues: [] });
    const socket = await connected(connect(t.url, admin.token));
    await assertReceivesQueueA(socket);

    const revoked = revocationOf(socket);
    const demoted = await t.request('PUT', `/users/${admin.id}`, {
      token: fx.tokens.admin,
      body: { profile: 'user', queues: [fx.queueB] },
    });
    expect(demoted.status).toBe(200);
    expect(await revoked).toMatchObject({ reason: 'session-ended', disconnect: 'io server disconnect' });
    expect((await connectError(connect(t.url, admin.token))).message).toBe('ERR_SESSION_EXPIRED');

    // Signed in again as an agent of queue B: queue A's chat is not sent, queue B's (written after it) is.
    const again = await t.login(admin.email, admin.password);
    expect(again.body.profile).toBe('user');
    const fresh = await connected(connect(t.url, again.token));
    const seen = recordAll(fresh);
    const shown = newChatText();
    const arrived = chatArrives(fresh, fx.tenantId, shown);
    const hidden = await customerWrites(t, fx, 'a');
    await customerWrites(t, fx, 'b', shown);
    await arrived;
    expect(chatsWith(seen, fx.tenantId, hidden)).toEqual([]);
  });

  it('a queue taken from the user closes the sockets; the same session reconnects without that queue', async () => {
    const agent = await createMember(t, fx, { queues: [fx.queueA, fx.queueB] });
    const socket = await connected(connect(t.url, agent.token));
    await assertReceivesQueueA(socket);

    const revoked = revocationOf(socket);
    const changed = await t.request('PUT', `/users/${agent.id}`, {
      token: fx.tokens.admin,
      body: { queues: [fx.queueB] },
    });
    expect(changed.status).toBe(200);
    expect(await revoked).toMatchObject({ reason: 'rights-changed', disconnect: 'io server disconnect' });

    // Rights changed, not the session: the same token connects again, now without queue A.
    const fresh = await connected(connect(t.url, agent.token));
    const seen = recordAll(fresh);
    const shown = newChatText();
    const arrived = chatArrives(fresh, fx.tenantId, shown);
    const hidden = await customerWrites(t, fx, 'a');
    await customerWrites(t, fx, 'b', shown);
    await arrived;
    expect(chatsWith(seen, fx.tenantId, hidden)).toEqual([]);
  });

  it('an edit that takes nothing away (name, the same queues) leaves the sockets open', async () => {
    const agent = await createMember(t, fx, { queues: [fx.queueA] });
    const socket = await connected(connect(t.url, agent.token));
    const seen = recordAll(socket);
    const changed = await t.request('PUT', `/users/${agent.id}`, {
      token: fx.tokens.admin,
      body: { name: 'Nome Novo', queues: [fx.queueA] },
    });
    expect(changed.status).toBe(200);
    await assertReceivesQueueA(socket);
    expect(socket.connected).toBe(true);
    expect(seen.some((s) => s.event === events.authRevoked)).toBe(false);
  });

  it('a deleted user loses every socket at once', async () => {
    const agent = await createMember(t, fx, { queues: [fx.queueA] });
    const socket = await connected(connect(t.url, agent.token));
    await assertReceivesQueueA(socket);
    const revoked = revocationOf(socket);
    expect((await t.request('DELETE', `/users/${agent.id}`, { token: fx.tokens.admin })).status).toBe(204);
    expect(await revoked).toMatchObject({ reason: 'user-deleted', disconnect: 'io server disconnect' });
    const seen = recordAll(socket);
    const colleague = await connected(connect(t.url, fx.tokens.admin));
    const body = newChatText();
    const arrived = chatArrives(colleague, fx.tenantId, body);
    await customerWrites(t, fx, 'a', body);
    await arrived;
    expect(seen).toEqual([]);
  });

  it("an inactive tenant loses all its users' sockets, and another tenant's stay open", async () => {
    const target = await createRevocationTenant(t, 'Inativa');
    const neighbour = await createRevocationTenant(t, 'Vizinha');
    const agent = await connected(connect(t.url, target.tokens.agent));
    const admin = await connected(connect(t.url, target.tokens.admin));
    const other = await connected(connect(t.url, neighbour.tokens.admin));
    const revoked = [revocationOf(agent), revocationOf(admin)];

    const root = await t.superadminToken();
    const updated = await t.request('PUT', `/tenants/${target.tenantId}`, {
      token: root,
      body: { status: 'inactive' },
    });
    expect(updated.status).toBe(200);
    for (const result of await Promise.all(revoked)) {
      expect(result).toMatchObject({ reason: 'tenant-inactive', disconnect: 'io server disconnect' });
    }
    expect((await connectError(connect(t.url, target.tokens.admin))).message).toBe('ERR_TENANT_INACTIVE');

    const body = newChatText();
    const arrived = chatArrives(other, neighbour.tenantId, body);
    await customerWrites(t, neighbour, 'a', body);
    await arrived;
    expect(other.connected).toBe(true);
  });

  it('a trial moved into the past counts as inactive', async () => {
    const target = await createRevocationTenant(t, 'Teste');
    const socket = await connected(connect(t.url, target.tokens.agent));
    const revoked = revocationOf(socket);
    const root = await t.superadminToken();
    const updated = await t.request('PUT', `/tenants/${target.tenantId}`, {
      token: root,
      body: { status: 'trial', trialEndsAt: new Date(Date.now() - 60_000).toISOString() },
    });
    expect(updated.status).toBe(200);
    expect(await revoked).toMatchObject({ reason: 'tenant-inactive' });
  });

  it('a trial that ends by the clock, with no write, closes its sockets when it ends', async () => {
    const target = await createRevocationTenant(t, 'Relogio');
    // Ends two seconds from now; nothing is written when it does.
    await t.db
      .update(tenants)
      .set({ status: 'trial', trialEndsAt: new Date(Date.now() + 2_000) })
      .where(eq(tenants.id, target.tenantId));
    const socket = await connected(connect(t.url, target.tokens.agent));
    const openedAt = Date.now();
    expect(await revocationOf(socket)).toMatchObject({ reason: 'tenant-inactive', disconnect: 'io server disconnect' });
    expect(Date.now() - openedAt).toBeGreaterThan(500);
    expect((await connectError(connect(t.url, target.tokens.agent))).message).toBe('ERR_TENANT_INACTIVE');
  });
});

describe.runIf(process.env.REDIS_URL)('revocation across two instances (Redis adapter)', () => {
  let one: TestApp;
  let two: TestApp;
  let fx: TRevocationTenant;

  beforeAll(async () => {
    const redisUrl = process.env.REDIS_URL;
    one = await startTestApp({ redisUrl });
    two = await startTestApp({ redisUrl }, { shareDatabaseWith: one });
    fx = await createRevocationTenant(one, 'Duas');
  });
  afterAll(async () => {
    await two?.close();
    await one?.close();
  });

  it('a password changed through instance one closes the socket held by instance two', async () => {
    const agent = await createMember(one, fx, { queues: [fx.queueA] });
    const onTwo = await connected(connect(two.url, agent.token));
    const revoked = revocationOf(onTwo);
    const changed = await one.request('PUT', `/users/${agent.id}`, {
      token: fx.tokens.admin,
      body: { password: 'outra-senha-123' },
    });
    expect(changed.status).toBe(200);
    expect(await revoked).toEqual({
      reason: 'session-ended',
      disconnect: 'io server disconnect',
      order: ['auth:revoked', 'disconnect'],
    });
    expect((await connectError(connect(two.url, agent.token))).message).toBe('ERR_SESSION_EXPIRED');
  });

  it('a tenant deactivated through instance one loses its sockets on instance two', async () => {
    const target = await createRevocationTenant(one, 'DuasInativa');
    const onTwo = await connected(connect(two.url, target.tokens.agent));
    const revoked = revocationOf(onTwo);
    const root = await one.superadminToken();
    const updated = await one.request('PUT', `/tenants/${target.tenantId}`, {
      token: root,
      body: { status: 'inactive' },
    });
    expect(updated.status).toBe(200);
    expect(await revoked).toMatchObject({ reason: 'tenant-inactive', disconnect: 'io server disconnect' });
  });

  it('a queue taken away through instance one: instance two stops sending it at once, even from its cache', async () => {
    const agent = await createMember(one, fx, { queues: [fx.queueA, fx.queueB] });
    const onTwo = await connected(connect(two.url, agent.token));
    // Instance two fans out a chat of queue A: it now holds the tenant's audience rules in its cache.
    const first = newChatText();
    const arrived = chatArrives(onTwo, fx.tenantId, first);
    await customerWrites(two, fx, 'a', first);
    await arrived;

    const revoked = revocationOf(onTwo);
    const changed = await one.request('PUT', `/users/${agent.id}`, {
      token: fx.tokens.admin,
      body: { queues: [fx.queueB] },
    });
    expect(changed.status).toBe(200);
    expect(await revoked).toMatchObject({ reason: 'rights-changed' });

    const again = await connected(connect(two.url, agent.token));
    const seen = recordAll(again);
    const shown = newChatText();
    const shownArrives = chatArrives(again, fx.tenantId, shown);
    const hidden = await customerWrites(two, fx, 'a');
    await customerWrites(two, fx, 'b', shown);
    await shownArrives;
    expect(chatsWith(seen, fx.tenantId, hidden)).toEqual([]);
  });
});
