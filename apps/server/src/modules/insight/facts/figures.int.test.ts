import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../test/harness.js';
import { eventually } from '../../../../test/sockets.js';
import { queryRows } from '../../../platform/db/client.js';
import { queues } from '../../../platform/db/schema.js';
import { withTenant } from '../../../platform/db/tenant-tx.js';
import { receiveMessage } from '../../messages/receive-batch.js';
import { rebuildTenantFigures } from './rebuild-figures.js';

// The figures the listeners keep (insight_hourly) must equal a direct count over the raw tables, whatever the
// sequence of creates, answers, transfers, closes, reopens, tags and deletions; and a rebuild gives the same. The
// daily sums kept by the same batches must be the hourly ones per local day.
// The reports then read them: a ticket driven through the API shows up with its figures.

type TFixture = Awaited<ReturnType<TestApp['createTenantFixture']>>;
let t: TestApp;
let fx: TFixture;
let webchatId: number;
let otherQueueId: number;
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

const ticketIds = async () =>
  (await queryRows<{ id: number }>(t.db, sql`select id from tickets where tenant_id = ${fx.tenantId} order by id`)).map(
    (row) => row.id,
  );

type TOp = { kind: 'say' | 'accept' | 'reply' | 'transfer' | 'close' | 'reopen' | 'tag' | 'delete'; pick: number };
const op = fc.record({
  kind: fc.constantFrom('say', 'say', 'accept', 'reply', 'reply', 'transfer', 'close', 'reopen', 'tag', 'delete'),
  pick: fc.nat(50),
}) as fc.Arbitrary<TOp>;

const apply = async ({ kind, pick }: TOp) => {
  if (kind === 'say') return say(pick % 6);
  const ids = await ticketIds();
  const id = ids[pick % Math.max(ids.length, 1)];
  if (id === undefined) return say(pick % 6);
  const token = pick % 2 === 0 ? fx.tokens.admin : fx.tokens.supervisor;
  const put = (body: object) => t.request('PUT', `/tickets/${id}`, { token, body });
  const res = await {
    accept: () => put({ status: 'open' }),
    reply: () => t.request('POST', `/messages/${id}`, { token, body: { body: `resposta ${pick}` } }),
    transfer: () =>
      put({
        queueId: pick % 3 === 0 ? otherQueueId : fx.queue.id,
        userId: pick % 3 === 1 ? fx.agent.id : null,
        isTransference: true,
      }),
    close: () => put({ status: 'closed' }),
    reopen: () => put({ status: 'open' }),
    tag: () => put({ tags: [] }),
    delete: () => t.request('DELETE', `/tickets/${id}`, { token: fx.tokens.admin }),
  }[kind]();
  expect(res.status, `${kind} answered ${res.status}: ${JSON.stringify(res.body)}`).toBeLessThan(500);
};

/** What insight_hourly sums to, per queue, agent, connection and channel (rows that add up to nothing left out). */
const kept = () =>
  queryRows(
    t.db,
    sql`select queue_id as q, user_id as u, connection_id as c, channel,
        sum(tickets_created)::int as created, sum(tickets_accepted)::int as accepted, sum(wait_seconds)::int as wait,
        sum(first_responses)::int as responses, sum(first_response_seconds)::int as response_seconds,
        sum(tickets_closed)::int as closed, sum(resolution_seconds)::int as resolution, sum(transfers)::int as transfers,
        sum(messages_in)::int as "in", sum(messages_out)::int as "out"
      from insight_hourly where tenant_id = ${fx.tenantId}
      group by 1, 2, 3, 4
      having sum(tickets_created) <> 0 or sum(messages_in) <> 0 or sum(messages_out) <> 0
      order by 1, 2, 3, 4`,
  );

/** The same figures counted straight from the raw tables, written independently of the listener's code. */
const recount = () =>
  queryRows(
    t.db,
    sql`with t as (
        select t.*, coalesce(t.queue_id, 0) as q, coalesce(t.user_id, 0) as u, coalesce(t.whatsapp_id, 0) as c,
          (select min(m.created_at) from messages m where m.ticket_id = t.id and m.from_me and m.user_id is not null
            and m.status <> 'scheduled') as responded
        from tickets t where t.tenant_id = ${fx.tenantId})
      select q, u, c, channel, count(*)::int as created,
        count(started_attendance_at)::int as accepted,
        coalesce(sum(greatest(0, round(extract(epoch from started_attendance_at - created_at)))), 0)::int as wait,
        count(responded)::int as responses,
        coalesce(sum(greatest(0, round(extract(epoch from responded - created_at)))), 0)::int as response_seconds,
        count(*) filter (where status = 'closed' and closed_at is not null)::int as closed,
        coalesce(sum(greatest(0, round(extract(epoch from closed_at - created_at)))) filter (where status = 'closed'), 0)::int
          as resolution,
        coalesce(sum((select count(*) from ticket_logs l where l.ticket_id = t.id and l.type = 'transfered'))
          filter (where status = 'closed' and closed_at is not null), 0)::int as transfers,
        coalesce(sum((select count(*) from messages m where m.ticket_id = t.id and not m.from_me and m.status <> 'scheduled')), 0)::int as "in",
        coalesce(sum((select count(*) from messages m where m.ticket_id = t.id and m.from_me and m.status <> 'scheduled')), 0)::int as "out"
      from t group by 1, 2, 3, 4 order by 1, 2, 3, 4`,
  );

const measures = [
  'tickets_created',
  'tickets_accepted',
  'wait_seconds',
  'first_responses',
  'first_response_seconds',
  'first_response_business_seconds',
  'tickets_closed',
  'resolution_seconds',
  'pause_seconds',
  'transfers',
  'ratings',
  'rating_sum',
  'messages_in',
  'messages_out',
];
const listed = (each: (m: string) => string, joint = ', ') => sql.raw(measures.map(each).join(joint));

/** The daily sums the batches kept (rows that add up to nothing left out). */
const keptDays = () =>
  queryRows(
    t.db,
    sql`select day::text as day, queue_id, user_id, connection_id, channel, ${listed((m) => `${m}::int as ${m}`)}
      from insight_daily where tenant_id = ${fx.tenantId} and (${listed((m) => `${m} <> 0`, ' or ')})
      order by 1, 2, 3, 4, 5`,
  );

/** The hourly sums added up per day of the tenant's zone. */
const hoursPerDay = () =>
  queryRows(
    t.db,
    sql`select (h.hour at time zone tn.timezone)::date::text as day, queue_id, user_id, connection_id, channel,
        ${listed((m) => `sum(${m})::int as ${m}`)}
      from insight_hourly h join tenants tn on tn.id = h.tenant_id where h.tenant_id = ${fx.tenantId}
      group by 1, 2, 3, 4, 5 having ${listed((m) => `sum(${m}) <> 0`, ' or ')}
      order by 1, 2, 3, 4, 5`,
  );

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
});
afterAll(() => t?.close());

describe('ticket figures', () => {
  it('equal a recount of the raw tables after any sequence of changes, and a rebuild changes nothing', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 5, maxLength: 25 }), async (ops) => {
        for (const step of ops) await apply(step);
        await eventually(async () => expect(await kept()).toEqual(await recount()), 8_000);
        // The same batches keep the daily sums: the hourly ones per local day.
        await eventually(async () => expect(await keptDays()).toEqual(await hoursPerDay()), 8_000);
      }),
      { numRuns: 4, seed: 2026, endOnFailure: true },
    );
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
    expect(await keptDays()).toEqual(await hoursPerDay());
    expect((await keptDays()).length).toBeGreaterThan(0);
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
