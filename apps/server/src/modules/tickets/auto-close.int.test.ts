import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { fastJobs } from '../../../test/jobs.js';
import { eventually } from '../../../test/sockets.js';
import type { TOutboundMessage } from '../../channels/types.js';
import { connections, contacts, messages, ticketLogs, tickets } from '../../platform/db/schema.js';
import { jobIdForKey } from '../../platform/jobs/job-keys.js';
import { receiveMessage } from '../messages/receive-batch.js';
import { AUTO_CLOSE_JOB } from './auto-close.job.js';
import { AUTO_CLOSE_BATCH } from './auto-close-tickets.js';

// Auto-close with the clock in the test's hands: the job's time is the cron slot the test asks for, years
// away from the real clock's own runs, so those never touch these tickets.
type TFixture = Awaited<ReturnType<TestApp['createTenantFixture']>>;
const at = (time: string) => new Date(`2030-01-10T${time}Z`);
let sequence = 0;

const registerChannel = (t: TestApp, sends: TOutboundMessage[]) =>
  t.prosa.services.channels.register({
    kind: 'test-auto-close',
    addressKinds: ['phone'],
    idempotent: true,
    send: async (message: TOutboundMessage) => {
      sends.push(message);
      return { externalId: `out-${message.id}` };
    },
  });

/** A customer's ticket whose last message is at `lastAt`, open with the admin unless told otherwise. */
const ticketAt = async (t: TestApp, fx: TFixture, connectionId: number, lastAt: Date, status = 'open') => {
  sequence += 1;
  const received = await receiveMessage(t.prosa.services, {
    tenantId: fx.tenantId,
    connectionId,
    externalId: `in-${sequence}`,
    from: { kind: 'phone', value: `55119${String(70000000 + sequence)}`, name: `Cliente ${sequence}` },
    body: 'Oi',
    timestamp: lastAt.getTime(),
  });
  if (received.duplicate) throw new Error('duplicate');
  await t.db
    .update(tickets)
    .set({ status: status as 'open', userId: status === 'open' ? fx.admin.id : null })
    .where(eq(tickets.id, received.ticket.id));
  return received.ticket.id;
};

/** Enqueues the auto-close runs of the slot `now` on `t` and waits until the tenant's run has finished. */
const runAt = async (t: TestApp, tenantId: number, now: Date) => {
  const id = jobIdForKey(AUTO_CLOSE_JOB, `cron:${tenantId}:${now.toISOString()}`);
  const settled = t.prosa.services.jobs.whenSettled(id);
  await t.prosa.services.jobs.checkCron(now);
  expect((await settled).state).toBe('completed');
};

const statusOf = async (t: TestApp, ids: number[]) =>
  Object.fromEntries(
    (await t.db.select({ id: tickets.id, status: tickets.status }).from(tickets).where(inArray(tickets.id, ids))).map(
      (row) => [row.id, row.status],
    ),
  );

const autoMessages = (t: TestApp, ticketId: number) =>
  t.db
    .select({ id: messages.id, body: messages.body, userId: messages.userId })
    .from(messages)
    .where(and(eq(messages.ticketId, ticketId), eq(messages.sendType, 'autoClose')));

const setSetting = async (t: TestApp, fx: TFixture, key: string, value: string) => {
  const res = await t.request('PUT', `/settings/${key}`, { token: fx.tokens.admin, body: { value } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
};

const createConnection = async (t: TestApp, fx: TFixture) => {
  const [row] = await t.db
    .insert(connections)
    .values({ tenantId: fx.tenantId, name: 'Canal', type: 'test-auto-close', status: 'CONNECTED' })
    .returning();
  return (row as { id: number }).id;
};

describe('auto-close', () => {
  let t: TestApp;
  let fx: TFixture;
  let connectionId: number;
  const sends: TOutboundMessage[] = [];

  beforeAll(async () => {
    t = await startTestApp(fastJobs);
    registerChannel(t, sends);
    fx = await t.createTenantFixture('Inativos');
    connectionId = await createConnection(t, fx);
  }, 120_000);
  afterAll(() => t.close());

  it('takes only the choices of the setting', async () => {
    for (const value of ['5', 'sim', '-10']) {
      const res = await t.request('PUT', '/settings/autoClose', { token: fx.tokens.admin, body: { value } });
      expect(res.status).toBe(400);
      expect(res.body.field).toBe('value');
    }
    expect((await t.request('PUT', '/settings/autoClose', { body: { value: '60' } })).status).toBe(401);
    expect(
      (await t.request('PUT', '/settings/autoClose', { token: fx.tokens.agent, body: { value: '60' } })).status,
    ).toBe(403);
  });

  it('closes the open tickets quiet for longer than the setting, after sending the message once', async () => {
    await setSetting(t, fx, 'autoClose', '60');
    await setSetting(
      t,
      fx,
      'autoCloseMessage',
      '{{greeting}}, {{name}}! Encerramos o protocolo {{protocol}}. {{desconhecida}}',
    );
    const old = await ticketAt(t, fx, connectionId, at('10:00:00'));
    const recent = await ticketAt(t, fx, connectionId, at('11:30:00'));
    const waiting = await ticketAt(t, fx, connectionId, at('09:00:00'), 'pending');

    await runAt(t, fx.tenantId, at('12:00:00'));
    expect(await statusOf(t, [old, recent, waiting])).toEqual({
      [old]: 'closed',
      [recent]: 'open',
      [waiting]: 'pending',
    });
    const [message, ...more] = await autoMessages(t, old);
    expect(more).toEqual([]);
    expect(message?.userId).toBeNull();
    // 12:00 UTC is 09:00 in the tenant's zone (America/Sao_Paulo): good morning.
    expect(message?.body).toMatch(/^Bom dia, Cliente \d+! Encerramos o protocolo \d+\. \{\{desconhecida\}\}$/);
    // The send job may have run already: wait on what the channel received.
    await eventually(() => expect(sends.filter((send) => send.id === message?.id)).toHaveLength(1));
    const logs = await t.db.select().from(ticketLogs).where(eq(ticketLogs.ticketId, old));
    expect(logs.filter((log) => log.type === 'autoClose')).toEqual([
      expect.objectContaining({ userId: null, data: { reason: 'inactivity', minutes: 60 } }),
    ]);
    const [closed] = await t.db.select({ closedAt: tickets.closedAt }).from(tickets).where(eq(tickets.id, old));
    expect(closed?.closedAt?.toISOString()).toBe(at('12:00:00').toISOString());

    // The same slot enqueued again, and the next minute: nothing more for the closed one.
    await t.prosa.services.jobs.checkCron(at('12:00:00'));
    await runAt(t, fx.tenantId, at('12:01:00'));
    expect(await autoMessages(t, old)).toHaveLength(1);
    expect(await statusOf(t, [recent])).toEqual({ [recent]: 'open' });

    // Off: an hour later the recent one is old enough, and stays open.
    await setSetting(t, fx, 'autoClose', '0');
    await runAt(t, fx.tenantId, at('14:00:00'));
    expect(await statusOf(t, [recent])).toEqual({ [recent]: 'open' });
    expect(await autoMessages(t, recent)).toEqual([]);
  });

  it('a customer who writes before the run keeps the ticket open', async () => {
    await setSetting(t, fx, 'autoClose', '10');
    const ticketId = await ticketAt(t, fx, connectionId, at('15:00:00'));
    const [row] = await t.db.select({ contactId: tickets.contactId }).from(tickets).where(eq(tickets.id, ticketId));
    const [contact] = await t.db
      .select()
      .from(contacts)
      .where(eq(contacts.id, row?.contactId as number));
    await receiveMessage(t.prosa.services, {
      tenantId: fx.tenantId,
      connectionId,
      externalId: `in-late-${ticketId}`,
      from: { kind: 'phone', value: contact?.number as string, name: contact?.name },
      body: 'Ainda estou aqui',
      timestamp: at('15:08:00').getTime(),
    });
    await runAt(t, fx.tenantId, at('15:12:00'));
    expect(await statusOf(t, [ticketId])).toEqual({ [ticketId]: 'open' });
    await runAt(t, fx.tenantId, at('15:19:00'));
    expect(await statusOf(t, [ticketId])).toEqual({ [ticketId]: 'closed' });
  });

  it(`works through more idle tickets than one batch (${AUTO_CLOSE_BATCH}) in follow-up runs`, async () => {
    const bulk = await t.createTenantFixture('Muitos');
    await setSetting(t, bulk, 'autoClose', '1440');
    await setSetting(t, bulk, 'autoCloseMessage', '');
    const total = AUTO_CLOSE_BATCH + 30;
    const people = await t.db
      .insert(contacts)
      .values(
        Array.from({ length: total }, (_, i) => ({
          tenantId: bulk.tenantId,
          name: `P${i}`,
          number: `5511955${String(i).padStart(6, '0')}`,
        })),
      )
      .returning({ id: contacts.id });
    await t.db.insert(tickets).values(
      people.map((person, i) => ({
        tenantId: bulk.tenantId,
        contactId: person.id,
        status: 'open' as const,
        userId: bulk.admin.id,
        lastMessageAt: new Date(at('00:00:00').getTime() - (i % 7) * 86_400_000 - 86_400_000),
      })),
    );
    await runAt(t, bulk.tenantId, at('12:00:00'));
    const openCount = async () =>
      (
        await t.db
          .select({ n: sql<number>`count(*)::int` })
          .from(tickets)
          .where(and(eq(tickets.tenantId, bulk.tenantId), eq(tickets.status, 'open')))
      )[0]?.n;
    await eventually(async () => expect(await openCount()).toBe(0), 30_000);
    const logged = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(ticketLogs)
      .where(and(eq(ticketLogs.tenantId, bulk.tenantId), eq(ticketLogs.type, 'autoClose')));
    expect(logged[0]?.n).toBe(total);
  }, 60_000);
});

describe('auto-close across instances', () => {
  it('two instances looking at the same minute close and message each ticket once', async () => {
    const first = await startTestApp(fastJobs);
    const second = await startTestApp(fastJobs, { shareDatabaseWith: first });
    try {
      const sends: TOutboundMessage[] = [];
      registerChannel(first, sends);
      registerChannel(second, sends);
      const fx = await first.createTenantFixture('Duas');
      const connectionId = await createConnection(first, fx);
      await setSetting(first, fx, 'autoClose', '10');
      const ids = [
        await ticketAt(first, fx, connectionId, at('08:00:00')),
        await ticketAt(first, fx, connectionId, at('08:30:00')),
      ];
      const slot = at('09:00:00');
      const id = jobIdForKey(AUTO_CLOSE_JOB, `cron:${fx.tenantId}:${slot.toISOString()}`);
      const settled = Promise.race([
        first.prosa.services.jobs.whenSettled(id),
        second.prosa.services.jobs.whenSettled(id),
      ]);
      await Promise.all([first.prosa.services.jobs.checkCron(slot), second.prosa.services.jobs.checkCron(slot)]);
      expect((await settled).state).toBe('completed');
      expect(await statusOf(first, ids)).toEqual({ [ids[0] as number]: 'closed', [ids[1] as number]: 'closed' });
      for (const ticketId of ids) {
        const rows = await autoMessages(first, ticketId);
        expect(rows).toHaveLength(1);
      }
      // One message row per ticket (above); the channel is handed each of them.
      await eventually(() => expect(new Set(sends.map((send) => send.id)).size).toBe(2));
    } finally {
      await second.close();
      await first.close();
    }
  }, 180_000);
});
