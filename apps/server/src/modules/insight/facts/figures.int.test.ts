import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../test/harness.js';
import { eventually } from '../../../../test/sockets.js';
import { queryRows } from '../../../platform/db/client.js';
import { queues } from '../../../platform/db/schema.js';
import { withTenant } from '../../../platform/db/tenant-tx.js';
import { receiveMessage } from '../../messages/receive-batch.js';
import { hoursPerDay, kept, keptDays, recount, staleTags } from './figures-recount.fixture.js';
import { rebuildTenantFigures } from './rebuild-figures.js';
import { closeSession, openSession } from './sessions.repository.js';

// The figures the listeners keep (insight_hourly) must equal a direct count over the raw tables, whatever the
// sequence of creates, answers, transfers, closes, reopens, pauses, ratings, tags and deletions; and a rebuild gives
// the same. The daily sums kept by the same batches must be the hourly ones per local day.
// The reports then read them: a ticket driven through the API shows up with its figures.

type TFixture = Awaited<ReturnType<TestApp['createTenantFixture']>>;
let t: TestApp;
let fx: TFixture;
let webchatId: number;
let otherQueueId: number;
let tagIds: number[];
let sequence = 0;

const say = async (person: number) => {
  sequence += 1;
  const received = await receiveMessage(t.prosa.services, {
    tenantId: fx.tenantId,
    connectionId: webchatId,
    externalId: `figures-${sequence}`,
    from: { kind: 'webchat' as const, value: `visitante-${person}`, name: `Visitante ${person}` },
    body: `mensagem ${sequence}`,
    timestamp: Date.now(),
  });
  if (received.duplicate) throw new Error('unexpected duplicate');
  return received.ticket.id;
};

/** The tenant's tickets: all of them, the closed ones, those not closed, or those not closed that were paused. */
type TWhich = 'all' | 'closed' | 'active' | 'paused';
const ticketIds = async (which: TWhich) => {
  const only = {
    all: sql``,
    closed: sql`and status = 'closed'`,
    active: sql`and status <> 'closed'`,
    paused: sql`and status <> 'closed' and (is_paused or total_pause_time > 0)`,
  }[which];
  const rows = await queryRows<{ id: number }>(
    t.db,
    sql`select id from tickets where tenant_id = ${fx.tenantId} ${only} order by id`,
  );
  return rows.map((row) => row.id);
};

// Time passing, which a test cannot wait for: the raw timestamps move back, then a real call changes the ticket.

/**
 * The customer waited longer before anyone took or answered the ticket: its creation moves back a day and 2.6 to 26
 * hours (only while it waits and nobody answered), so the wait covers the early hours of today and all of yesterday.
 */
const waited = async (id: number, pick: number) =>
  (
    await queryRows(
      t.db,
      sql`update tickets set created_at = created_at - make_interval(mins => ${1440 + ((pick % 10) + 1) * 157})
        where tenant_id = ${fx.tenantId} and id = ${id} and status = 'pending'
          and not exists (select 1 from messages m where m.ticket_id = tickets.id and m.from_me and m.user_id is not null)
        returning id`,
    )
  ).length > 0;

/** A paused ticket's pause lasted longer: its start moves back. Answers whether the ticket was paused. */
const pauseLasted = async (id: number, pick: number) =>
  (
    await queryRows(
      t.db,
      sql`update tickets set last_pause_at = last_pause_at - make_interval(secs => ${((pick % 9) + 1) * 61})
        where tenant_id = ${fx.tenantId} and id = ${id} and is_paused returning id`,
    )
  ).length > 0;

const kinds = ['say', 'accept', 'reply', 'transfer', 'close', 'reopen', 'pause', 'rate', 'tag', 'delete'] as const;
type TOp = { kind: (typeof kinds)[number]; pick: number };
const op = fc.record({
  kind: fc.constantFrom<TOp['kind']>(...kinds, 'say', 'reply', 'close', 'pause', 'rate'),
  pick: fc.nat(50),
});

const targets: Partial<Record<TOp['kind'], TWhich>> = { rate: 'closed', pause: 'active' };

const apply = async ({ kind, pick }: TOp) => {
  if (kind === 'say') return say(pick % 6);
  // Ratings go to closed tickets, pauses to open or pending ones, half the closes to one that was paused if any.
  const which = kind === 'close' && pick % 2 === 0 ? 'paused' : (targets[kind] ?? 'all');
  const pool = await ticketIds(which);
  const ids = pool.length > 0 || which !== 'paused' ? pool : await ticketIds('all');
  const id = ids[pick % Math.max(ids.length, 1)];
  if (id === undefined) return say(pick % 6);
  const { admin, supervisor } = fx.tokens;
  const token = pick % 2 === 0 ? admin : supervisor;
  const put = (body: object, as = token) => t.request('PUT', `/tickets/${id}`, { token: as, body });
  const res = await {
    // The admin sees every ticket: the call that follows a wait always lands, so the figures hear of it.
    accept: async () => put({ status: 'open' }, (await waited(id, pick)) ? admin : token),
    reply: async () =>
      t.request('POST', `/messages/${id}`, {
        token: (await waited(id, pick)) ? admin : token,
        body: { body: `resposta ${pick}` },
      }),
    transfer: () =>
      put({
        queueId: pick % 3 === 0 ? otherQueueId : fx.queue.id,
        userId: pick % 3 === 1 ? fx.agent.id : null,
        isTransference: true,
      }),
    close: async () => {
      await pauseLasted(id, pick);
      return put({ status: 'closed' });
    },
    reopen: () => put({ status: 'open' }),
    // A paused ticket's pause ends; another is paused, and half the time its pause ends in the same step (else
    // it stays paused until a later pause step or its close).
    pause: async () => {
      const end = () => t.request('POST', `/ticketsPause/${id}/pause/end`, { token });
      if (await pauseLasted(id, pick)) return end();
      const paused = await t.request('POST', `/ticketsPause/${id}/pause`, { token, body: { pauseReason: 'almoço' } });
      return pick % 2 === 0 && (await pauseLasted(id, pick)) ? end() : paused;
    },
    // A score recorded by hand, or the ticket's last one corrected or deleted (the ratings' routes; admins only).
    rate: async () => {
      const [last] = await queryRows<{ id: number }>(
        t.db,
        sql`select id from ticket_evaluations where tenant_id = ${fx.tenantId} and ticket_id = ${id} order by id desc limit 1`,
      );
      const evaluation = pick % 6;
      if (last && pick % 3 === 0)
        return t.request('PUT', `/ticketEvaluations/${last.id}`, { token: admin, body: { evaluation } });
      if (last && pick % 3 === 2) return t.request('DELETE', `/ticketEvaluations/${last.id}`, { token: admin });
      return t.request('POST', '/ticketEvaluations', { token: admin, body: { ticketId: id, evaluation } });
    },
    tag: () => put({ tags: tagIds.slice(0, pick % 3) }),
    delete: () => t.request('DELETE', `/tickets/${id}`, { token: admin }),
  }[kind]();
  expect(res.status, `${kind} answered ${res.status}: ${JSON.stringify(res.body)}`).toBeLessThan(500);
};

const markedDue = () =>
  queryRows(t.db, sql`select ticket_id from insight_dirty_tickets where tenant_id = ${fx.tenantId} limit 1`);

/** The tenant's totals of the figures the steps must reach (each run's comparison is kept below). */
const totals = async () =>
  (
    await queryRows<Record<'pause' | 'ratings' | 'response' | 'business', number>>(
      t.db,
      sql`select coalesce(sum(pause_seconds), 0)::int as pause, coalesce(sum(ratings), 0)::int as ratings,
          coalesce(sum(first_response_seconds), 0)::int as response,
          coalesce(sum(first_response_business_seconds), 0)::int as business
        from insight_hourly where tenant_id = ${fx.tenantId}`,
    )
  )[0] ?? { pause: 0, ratings: 0, response: 0, business: 0 };
const compared: Awaited<ReturnType<typeof totals>>[] = [];

beforeAll(async () => {
  t = await startTestApp();
  fx = await t.createTenantFixture('Indicadores');
  const created = await t.request('POST', '/whatsapp', {
    token: fx.tokens.admin,
    body: { name: 'Site', type: 'webchat', queueId: fx.queue.id },
  });
  webchatId = created.body.id;
  const [other] = await t.db.insert(queues).values({ tenantId: fx.tenantId, queue: 'Financeiro' }).returning();
  otherQueueId = (other as { id: number }).id;
  const admin = { token: fx.tokens.admin };
  tagIds = [];
  for (const tag of ['VIP', 'Reclamação'])
    tagIds.push((await t.request('POST', '/tags', { ...admin, body: { tag } })).body.id);
  // Open hours for the first response in open hours: Sunday to Friday closed only 05:00-05:30, the second range
  // crossing midnight into the next day's first until 04:00 (a minute covered by both is open once), Saturday open
  // all day; yesterday a holiday. A wait of more than a day (`waited`), wherever the clock stands, covers all of
  // these: today's early hours, yesterday, and open time.
  const shifts = { type: 'H', hr1: '00:00', hr2: '05:00', hr3: '05:30', hr4: '04:00' };
  const hours = [0, 1, 2, 3, 4, 5, 6].map((day) => (day === 6 ? { day, type: 'O' } : { day, ...shifts }));
  expect((await t.request('PUT', '/tenants/business-hours', { ...admin, body: hours })).status).toBe(200);
  const yesterday = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(Date.now() - 86_400_000);
  const holidays = [{ date: yesterday, name: 'Feriado' }];
  expect((await t.request('PUT', '/tenants/holidays', { ...admin, body: holidays })).status).toBe(200);
  // No absence message out of hours: the figures are the subject here, not that rule's replies.
  expect((await t.request('PUT', '/settings/maxRetries', { ...admin, body: { value: '0' } })).status).toBe(200);
});
afterAll(() => t?.close());

describe('ticket figures', () => {
  it('equal a recount of the raw tables after any sequence of changes, and a rebuild changes nothing', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 5, maxLength: 25 }), async (ops) => {
        for (const step of ops) await apply(step);
        // The figures job has caught up once no ticket is marked due: only then the (costlier) recount is compared.
        await eventually(async () => expect(await markedDue()).toEqual([]), 8_000);
        await eventually(async () => {
          expect(await kept(t.db, fx.tenantId)).toEqual(await recount(t.db, fx.tenantId));
          expect(await staleTags(t.db, fx.tenantId)).toEqual([]);
        }, 8_000);
        compared.push(await totals());
        // The same batches keep the daily sums: the hourly ones per local day.
        await eventually(
          async () => expect(await keptDays(t.db, fx.tenantId)).toEqual(await hoursPerDay(t.db, fx.tenantId)),
          8_000,
        );
      }),
      { numRuns: 4, seed: 2026, endOnFailure: true },
    );
    // The steps paused, rated and answered after long waits: those figures were compared, not only zeros.
    for (const measure of ['pause', 'ratings', 'response', 'business'] as const)
      expect(Math.max(...compared.map((sums) => sums[measure])), measure).toBeGreaterThan(0);
    const before = await queryRows(
      t.db,
      sql`select * from insight_hourly where tenant_id = ${fx.tenantId} and (tickets_created <> 0 or messages_in <> 0 or messages_out <> 0 or tickets_closed <> 0 or first_responses <> 0 or tickets_accepted <> 0) order by 1, 2, 3, 4, 5, 6`,
    );
    await withTenant(t.db, fx.tenantId, (tx) => rebuildTenantFigures(tx, fx.tenantId));
    const after = await queryRows(
      t.db,
      sql`select * from insight_hourly where tenant_id = ${fx.tenantId} order by 1, 2, 3, 4, 5, 6`,
    );
    expect(after).toEqual(before);
    expect(before.length).toBeGreaterThan(0);
    expect(await keptDays(t.db, fx.tenantId)).toEqual(await hoursPerDay(t.db, fx.tenantId));
    expect((await keptDays(t.db, fx.tenantId)).length).toBeGreaterThan(0);
    // Each ticket's own counts agree with its hours.
    const mismatched = await queryRows(
      t.db,
      sql`select f.ticket_id from insight_ticket_facts f
        left join (select ticket_id, sum(messages_in) as i, sum(messages_out) as o from insight_ticket_hours
          where tenant_id = ${fx.tenantId} group by 1) h on h.ticket_id = f.ticket_id
        where f.tenant_id = ${fx.tenantId} and (f.messages_in <> coalesce(h.i, 0) or f.messages_out <> coalesce(h.o, 0))`,
    );
    expect(mismatched).toEqual([]);
  }, 120_000);
});

describe('agents online', () => {
  it('keeps one period per stretch online, closed when the agent goes offline', async () => {
    const online = (isOnline: boolean) =>
      t.request('PUT', `/usersIsOnline/${fx.agent.id}`, { token: fx.tokens.agent, body: { isOnline } });
    expect((await online(true)).status).toBe(200);
    expect((await online(true)).status).toBe(200);
    expect((await online(false)).status).toBe(200);
    const periods = () =>
      queryRows<{ ended: boolean }>(
        t.db,
        sql`select ended_at is not null as ended from insight_user_sessions
          where tenant_id = ${fx.tenantId} and user_id = ${fx.agent.id} order by id`,
      );
    await eventually(async () => expect(await periods()).toEqual([{ ended: true }]), 10_000);
  });

  it('opens no period for an "online" handled after a later "offline" (presence jobs run in no set order)', async () => {
    const userId = fx.supervisor.id;
    const at = (second: number) => new Date(Date.UTC(2026, 0, 5, 12, 0, second));
    await withTenant(t.db, fx.tenantId, async (tx) => {
      await openSession(tx, fx.tenantId, userId, at(1));
      await closeSession(tx, fx.tenantId, userId, at(3));
      await openSession(tx, fx.tenantId, userId, at(2));
    });
    const rows = await queryRows<{ ended: boolean }>(
      t.db,
      sql`select ended_at is not null as ended from insight_user_sessions
        where tenant_id = ${fx.tenantId} and user_id = ${userId} order by id`,
    );
    expect(rows).toEqual([{ ended: true }]);
  });
});

describe('rebuild', () => {
  it('answers 202 to an admin and 403 to an agent, 401 without a token', async () => {
    expect((await t.request('POST', '/insight/rebuild', { token: fx.tokens.admin })).status).toBe(202);
    expect((await t.request('POST', '/insight/rebuild', { token: fx.tokens.agent })).status).toBe(403);
    expect((await t.request('POST', '/insight/rebuild')).status).toBe(401);
  });
});

describe('reports over live tickets', () => {
  it('a ticket opened, answered and closed through the API appears with its figures', async () => {
    const live = await t.createTenantFixture('Ao vivo', { maxConnections: 2 });
    const site = await t.request('POST', '/whatsapp', {
      token: live.tokens.admin,
      body: { name: 'Site', type: 'webchat', queueId: live.queue.id },
    });
    expect(site.status).toBe(201);
    const received = await receiveMessage(t.prosa.services, {
      tenantId: live.tenantId,
      connectionId: site.body.id,
      externalId: 'ao-vivo-1',
      from: { kind: 'webchat', value: 'visitante-ao-vivo', name: 'Helena' },
      body: 'Olá, preciso de ajuda',
      timestamp: Date.now(),
    });
    if (received.duplicate) throw new Error('unexpected duplicate');
    const ticketId = received.ticket.id;
    const token = live.tokens.admin;
    expect((await t.request('PUT', `/tickets/${ticketId}`, { token, body: { status: 'open' } })).status).toBe(200);
    expect((await t.request('POST', `/messages/${ticketId}`, { token, body: { body: 'Claro!' } })).status).toBe(201);
    expect((await t.request('PUT', `/tickets/${ticketId}`, { token, body: { status: 'closed' } })).status).toBe(200);

    const row = await eventually(async () => {
      const page = await t.request('GET', '/reports/atendimentos-por-parametros?statuses=closed', { token });
      expect(page.body.rows).toHaveLength(1);
      const [found] = page.body.rows;
      expect(found).toMatchObject({ ticketId, status: 'closed', messagesIn: 1, messagesOut: 1 });
      return found;
    }, 10_000);
    expect(row).toMatchObject({ contact: 'Helena', channel: 'webchat', connection: 'Site', agent: live.admin.name });
    expect(row.firstResponseSeconds).toBeGreaterThanOrEqual(0);
    expect(row.resolutionSeconds).toBeGreaterThanOrEqual(0);

    const agents = await t.request('GET', `/reports/estatisticas-atendimentos-usuarios?userIds=${live.admin.id}`, {
      token,
    });
    expect(agents.body.rows[0]).toMatchObject({ ticketsHandled: 1, ticketsAccepted: 1, messagesSent: 1 });
  });
});
