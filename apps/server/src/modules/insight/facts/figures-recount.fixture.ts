import { sql } from 'drizzle-orm';
import { queryRows, type TExecutor } from '../../../platform/db/client.js';

// What figures.int.test.ts compares: the sums the listeners kept, and the same figures counted straight from the
// raw tables, written apart from the server's code (a recount that shared it could not catch its mistakes).

/** What insight_hourly sums to, per queue, agent, connection and channel (rows that add up to nothing left out). */
export const kept = (db: TExecutor, tenantId: number) =>
  queryRows(
    db,
    sql`select queue_id as q, user_id as u, connection_id as c, channel,
        sum(tickets_created)::int as created, sum(tickets_accepted)::int as accepted, sum(wait_seconds)::int as wait,
        sum(first_responses)::int as responses, sum(first_response_seconds)::int as response_seconds,
        sum(first_response_business_seconds)::int as response_business_seconds,
        sum(tickets_closed)::int as closed, sum(resolution_seconds)::int as resolution, sum(pause_seconds)::int as pause,
        sum(transfers)::int as transfers, sum(ratings)::int as ratings, sum(rating_sum)::int as rating_sum,
        sum(messages_in)::int as "in", sum(messages_out)::int as "out"
      from insight_hourly where tenant_id = ${tenantId}
      group by 1, 2, 3, 4
      having sum(tickets_created) <> 0 or sum(messages_in) <> 0 or sum(messages_out) <> 0
      order by 1, 2, 3, 4`,
  );

/**
 * The same figures counted straight from the raw tables, written independently of the listener's code. The first
 * response in open hours walks the local days from creation to that response and adds up how much of each day's
 * open ranges (the tenant's hours: `O` all day, `C` none, `H` two ranges, the last may cross midnight) it covers,
 * a minute that two ranges cover counted once, holidays closed whole, on the wall clock of the tenant's zone;
 * instants to the millisecond, as the server's clock has them.
 */
export const recount = (db: TExecutor, tenantId: number) =>
  queryRows(
    db,
    sql`with t as (
        select t.*, coalesce(t.queue_id, 0) as q, coalesce(t.user_id, 0) as u, coalesce(t.whatsapp_id, 0) as c,
          (select min(m.created_at) from messages m where m.ticket_id = t.id and m.from_me and m.user_id is not null
            and m.status <> 'scheduled') as responded,
          (select e.score from ticket_evaluations e where e.ticket_id = t.id and e.status = 'rated'
            and e.score is not null order by e.id desc limit 1) as rating
        from tickets t where t.tenant_id = ${tenantId}),
      tenant as (select timezone as zone, business_hours as hours, holidays from tenants where id = ${tenantId}),
      -- Each weekday's open ranges in minutes of its day; the last may cross midnight (its end past 1440).
      ranges as (
        select (d->>'day')::int as dow, 0 as s, 1440 as e from tenant, jsonb_array_elements(tenant.hours) d
          where d->>'type' = 'O'
        union all
        select (d->>'day')::int, m.s, case when m.e > m.s then m.e else m.e + 1440 end
        from tenant, jsonb_array_elements(tenant.hours) d,
          lateral (values (d->>'hr1', d->>'hr2'), (d->>'hr3', d->>'hr4')) as r(a, b),
          lateral (select extract(epoch from nullif(r.a, '')::time)::int / 60 as s,
            extract(epoch from nullif(r.b, '')::time)::int / 60 as e) m
        where d->>'type' = 'H' and m.s is not null and m.e is not null and m.s <> m.e),
      waits as (
        select t.id, date_trunc('milliseconds', t.created_at) at time zone tenant.zone as since,
          date_trunc('milliseconds', t.responded) at time zone tenant.zone as until
        from t, tenant where t.responded is not null),
      business as (
        select w.id, round(sum(p.sign * greatest(0, extract(epoch from
            least(day + make_interval(mins => p.hi), w.until) - greatest(day + make_interval(mins => p.lo), w.since)))))
            as seconds
        from waits w
        cross join lateral generate_series(w.since::date::timestamp, w.until::date::timestamp, interval '1 day') as day
        -- A day's own ranges, yesterday's tail past midnight, and, once taken back, where the two overlap.
        cross join lateral (
          select r.s as lo, least(r.e, 1440) as hi, 1 as sign from ranges r where r.dow = extract(dow from day)
          union all
          select 0, y.e - 1440, 1 from ranges y where y.dow = extract(dow from day - interval '1 day') and y.e > 1440
          union all
          select r.s, least(r.e, 1440, y.e - 1440), -1 from ranges y join ranges r on r.dow = extract(dow from day)
          where y.dow = extract(dow from day - interval '1 day') and y.e > 1440 and r.s < y.e - 1440) p
        where not exists (select 1 from tenant, jsonb_array_elements(tenant.holidays) h
          where h->>'date' = to_char(day, 'YYYY-MM-DD')
            or (h->>'recurring' = 'true' and right(h->>'date', 5) = to_char(day, 'MM-DD')))
        group by w.id)
      select q, u, c, channel, count(*)::int as created,
        count(started_attendance_at)::int as accepted,
        coalesce(sum(greatest(0, round(extract(epoch from started_attendance_at - created_at)))), 0)::int as wait,
        count(responded)::int as responses,
        coalesce(sum(greatest(0, round(extract(epoch from responded - created_at)))), 0)::int as response_seconds,
        coalesce(sum((select b.seconds from business b where b.id = t.id)), 0)::int as response_business_seconds,
        count(*) filter (where status = 'closed' and closed_at is not null)::int as closed,
        coalesce(sum(greatest(0, round(extract(epoch from closed_at - created_at)))) filter (where status = 'closed'), 0)::int
          as resolution,
        coalesce(sum(total_pause_time) filter (where status = 'closed' and closed_at is not null), 0)::int as pause,
        coalesce(sum((select count(*) from ticket_logs l where l.ticket_id = t.id and l.type = 'transfered'))
          filter (where status = 'closed' and closed_at is not null), 0)::int as transfers,
        count(rating) filter (where status = 'closed' and closed_at is not null)::int as ratings,
        coalesce(sum(rating) filter (where status = 'closed' and closed_at is not null), 0)::int as rating_sum,
        coalesce(sum((select count(*) from messages m where m.ticket_id = t.id and not m.from_me and m.status <> 'scheduled')), 0)::int as "in",
        coalesce(sum((select count(*) from messages m where m.ticket_id = t.id and m.from_me and m.status <> 'scheduled')), 0)::int as "out"
      from t group by 1, 2, 3, 4 order by 1, 2, 3, 4`,
  );

/** Each ticket whose stored tags are not its tags now (the tickets report filters on the stored ones). */
export const staleTags = (db: TExecutor, tenantId: number) =>
  queryRows(
    db,
    sql`select t.id from tickets t
      left join insight_ticket_facts f on f.tenant_id = t.tenant_id and f.ticket_id = t.id
      where t.tenant_id = ${tenantId} and f.tag_ids is distinct from
        coalesce((select jsonb_agg(tt.tag_id order by tt.tag_id) from ticket_tags tt where tt.ticket_id = t.id), '[]')`,
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
export const keptDays = (db: TExecutor, tenantId: number) =>
  queryRows(
    db,
    sql`select day::text as day, queue_id, user_id, connection_id, channel, ${listed((m) => `${m}::int as ${m}`)}
      from insight_daily where tenant_id = ${tenantId} and (${listed((m) => `${m} <> 0`, ' or ')})
      order by 1, 2, 3, 4, 5`,
  );

/** The hourly sums added up per day of the tenant's zone. */
export const hoursPerDay = (db: TExecutor, tenantId: number) =>
  queryRows(
    db,
    sql`select (h.hour at time zone tn.timezone)::date::text as day, queue_id, user_id, connection_id, channel,
        ${listed((m) => `sum(${m})::int as ${m}`)}
      from insight_hourly h join tenants tn on tn.id = h.tenant_id where h.tenant_id = ${tenantId}
      group by 1, 2, 3, 4, 5 having ${listed((m) => `sum(${m}) <> 0`, ' or ')}
      order by 1, 2, 3, 4, 5`,
  );
