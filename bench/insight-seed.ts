// The data of bench/insight.ts: BENCH_TENANTS tenants seeded straight into PostgreSQL (generate_series, one
// tenant after the other, trigram indexes rebuilt after the bulk load). Per tenant: an admin, a supervisor and
// 10 agents (agent j serves queues j mod 5 and j+1 mod 5), 5 queues, 2-3 connections of different channels,
// 8 tags, 5 closing reasons; contacts with Brazilian numbers of varied area codes (and some foreign ones), tags,
// wallets and kanban lanes; tickets over the last 365 days (80% closed, 10% open, 10% pending, the open and
// pending ones of the last 3 days), their messages in and out (agents' replies with user_id), transfers,
// ratings, and the agents' online sessions of the year.
import pg from 'pg';
import { firstNames, lastNames } from './tickets-list-seed.js';

const words = (
  'bom dia boa tarde olá obrigado por favor preciso ajuda com meu pedido entrega atrasada quando chega ' +
  'boleto segunda via cartão pagamento aprovado cancelar trocar produto defeito garantia nota fiscal ' +
  'endereço senha acesso site erro desconto cupom frete prazo rastreio reembolso pix comprovante ' +
  'protocolo orçamento fatura vencimento contrato'
).split(' ');
/** Area codes, the big cities several times (most customers are there), then every one of the 67 once. */
const areaCodes = [
  ...Array(8).fill(11),
  ...Array(4).fill(21),
  ...Array(3).fill(31),
  ...Array(2).fill(41),
  ...Array(2).fill(51),
  ...Array(2).fill(71),
  ...Array(2).fill(81),
  ...Array(2).fill(85),
  ...[12, 13, 14, 15, 16, 17, 18, 19, 22, 24, 27, 28, 32, 33, 34, 35, 37, 38, 42, 43, 44, 45, 46, 47, 48, 49],
  ...[53, 54, 55, 61, 62, 63, 64, 65, 66, 67, 68, 69, 73, 74, 75, 77, 79, 82, 83, 84, 86, 87, 88, 89],
  ...[91, 92, 93, 94, 95, 96, 97, 98, 99],
].map(String);
const queueNames = ['Vendas', 'Suporte', 'Financeiro', 'Trocas', 'Cadastro'];
const tagNames = ['VIP', 'Novo cliente', 'Reclamação', 'Atacado', 'Recorrente', 'Inadimplente', 'Indicação', 'Lead'];
const reasonNames = ['Resolvido', 'Sem resposta do cliente', 'Duplicado', 'Venda realizada', 'Encaminhado'];
/** Tenant k's connections: even tenants three, odd ones two. */
const connectionSets = [
  [
    ['WhatsApp Loja', 'baileys'],
    ['Instagram', 'instagram'],
    ['Chat do site', 'webchat'],
  ],
  [
    ['WhatsApp Oficial', 'waba'],
    ['Telegram', 'telegram'],
  ],
];

export type TSeedOptions = { tenants: number; ticketsPerTenant: number; messagesPerTicket: number };
export type TBenchTenant = { id: number; admin: string };

/** Tenant k's admin (the benchmark's clients sign in as them). */
export const adminEmail = (k: number) => `admin@t${k}.bench.local`;

export const seed = async (url: string, options: TSeedOptions) => {
  const { tenants, ticketsPerTenant: T, messagesPerTicket: K } = options;
  const C = Math.ceil(T / 2);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const started = performance.now();
  const timings: Record<string, number> = {};
  const step = async (label: string, work: () => Promise<unknown>) => {
    const at = performance.now();
    await work();
    timings[label] = (timings[label] ?? 0) + (performance.now() - at) / 1000;
  };
  try {
    const { rows: demo } = await client.query<{ hash: string }>(
      "select password_hash as hash from users where email = 'admin@demo.local'",
    );
    const hash = demo[0]?.hash;
    if (!hash) throw new Error('the demo admin is missing: start the server with SEED_DEMO=1 first');
    const trigramIndexes = await client.query<{ indexname: string; indexdef: string }>(
      `select indexname, indexdef from pg_indexes where schemaname = 'public' and indexdef like '%gin_trgm_ops%'`,
    );
    for (const index of trigramIndexes.rows) await client.query(`drop index ${index.indexname}`);
    const seeded: TBenchTenant[] = [];
    for (let k = 0; k < tenants; k++) {
      const q = async (text: string, values: unknown[] = []) => client.query(text, values);
      const { rows } = await q(
        `insert into tenants (name, status, max_users, max_connections, timezone)
         values ($1, 'active', 50, 5, 'America/Sao_Paulo') returning id`,
        [`Bench ${k}`],
      );
      const tenant = rows[0]?.id as number;
      seeded.push({ id: tenant, admin: adminEmail(k) });
      await step('people and settings', async () => {
        await q(
          `insert into users (tenant_id, name, email, password_hash, profile) values
             ($1, 'Admin ' || $3, 'admin@t' || $3 || '.bench.local', $2, 'admin'),
             ($1, 'Supervisora ' || $3, 'supervisor@t' || $3 || '.bench.local', $2, 'supervisor')`,
          [tenant, hash, k],
        );
        // Agents; the first six are online now.
        await q(
          `insert into users (tenant_id, name, email, password_hash, profile, is_online, status, last_online)
           select $1, ($3::text[])[1 + (j + $5) % 30] || ' ' || ($4::text[])[1 + (j * 7 + $5) % 30],
                  'agent' || j || '@t' || $5 || '.bench.local', $2, 'user', j < 6,
                  case when j < 6 then 'online' else 'offline' end, now() - make_interval(hours => j)
           from generate_series(0, 9) j`,
          [tenant, hash, firstNames, lastNames, k],
        );
        await q(
          `insert into queues (tenant_id, queue, color, wait_alert_minutes)
           select $1, name, (array['#5c67f2', '#2f9e44', '#e8590c', '#c2255c', '#1098ad'])[n], case when n <= 2 then 30 end
           from unnest($2::text[]) with ordinality as x(name, n)`,
          [tenant, queueNames],
        );
        await q(
          `insert into users_queues (tenant_id, user_id, queue_id)
           select u.tenant_id, u.id, q.id
           from (select id, tenant_id, row_number() over (order by id) - 1 as j from users
                 where tenant_id = $1 and profile = 'user') u
           join (select id, row_number() over (order by id) - 1 as n from queues where tenant_id = $1) q
             on q.n in (u.j % 5, (u.j + 1) % 5)`,
          [tenant],
        );
        const connections = connectionSets[k % 2] as string[][];
        await q(
          `insert into connections (tenant_id, name, type, status, token, number, is_default)
           select $1, name, type, 'CONNECTED', 'bench-' || md5(random()::text), '+55119' || lpad(($3 * 10 + n)::text, 8, '0'), n = 1
           from unnest($2::text[], $4::text[]) with ordinality as x(name, type, n)`,
          [tenant, connections.map((c) => c[0]), k, connections.map((c) => c[1])],
        );
        await q('insert into tags (tenant_id, tag, color) select $1, t, $3 from unnest($2::text[]) t', [
          tenant,
          tagNames,
          '#7950f2',
        ]);
        await q('insert into reasons (tenant_id, name) select $1, r from unnest($2::text[]) r', [tenant, reasonNames]);
      });
      await step('contacts', async () => {
        // +55 DDD 9XXXXXXXX for most; one in twenty American, one in twenty Portuguese.
        await q(
          `insert into contacts (tenant_id, name, number, email, kanban, created_at, updated_at)
           select $1, ($2::text[])[1 + c % 30] || ' ' || ($3::text[])[1 + (c / 30) % 30] || ' ' || ($3::text[])[1 + (c / 900) % 30],
                  case when c % 20 = 7 then '+1' || (2025550000 + c)::text
                       when c % 20 = 13 then '+351' || (912000000 + c)::text
                       else '+55' || ($4::text[])[1 + (c * 7) % cardinality($4::text[])] || '9'
                            || lpad(((c * 7919 + $6 * 104729) % 100000000)::text, 8, '0') end,
                  case when c % 3 = 0 then 'cliente' || c || '@exemplo.com.br' end,
                  case when c % 5 >= 2 then 1 + (c * 3) % 5 end,
                  at, at
           from generate_series(0, $5 - 1) c, lateral (select now() - make_interval(secs => random() * 730 * 86400 + c * 0) as at) x`,
          [tenant, firstNames, lastNames, areaCodes, C, k],
        );
        await q(
          `with cs as (select id, row_number() over (order by id) - 1 as c from contacts where tenant_id = $1),
                tg as (select array_agg(id order by id) ids from tags where tenant_id = $1)
           insert into contact_tags (tenant_id, contact_id, tag_id)
           select $1, cs.id, tg.ids[1 + n] from cs, tg,
             lateral (select cs.c % 8 as n where cs.c % 10 < 4 union select (cs.c % 8 + 3) % 8 where cs.c % 10 = 0) x`,
          [tenant],
        );
        await q(
          `with cs as (select id, row_number() over (order by id) - 1 as c from contacts where tenant_id = $1),
                ag as (select array_agg(id order by id) ids from users where tenant_id = $1 and profile = 'user')
           insert into contact_wallets (tenant_id, contact_id, user_id)
           select $1, cs.id, ag.ids[1 + (cs.c / 4) % 10] from cs, ag where cs.c % 4 = 1`,
          [tenant],
        );
      });
      await step('tickets', () =>
        // life: seconds from creation to close (closed) or to now; messages spread over it, the last one at
        // (K-1)/K of it; accepted before the first answer (message 1, at life/K).
        q(
          `with cs as (select id, row_number() over (order by id) - 1 as c from contacts where tenant_id = $1),
                ag as (select array_agg(id order by id) ids from users where tenant_id = $1 and profile = 'user'),
                qs as (select array_agg(id order by id) ids from queues where tenant_id = $1),
                cn as (select array_agg(id order by id) ids, array_agg(type order by id) types from connections where tenant_id = $1),
                rs as (select array_agg(id order by id) ids from reasons where tenant_id = $1),
                base as (
                  select i, cs.id as contact_id, cs.c, random() as r1, random() as r2, random() as r3,
                    case when i >= $2 - $3 and cs.c % 10 < 2 then 'open'
                         when i >= $2 - $3 and cs.c % 10 < 4 then 'pending' else 'closed' end as status
                  from generate_series(0, $2 - 1) i join cs on cs.c = i % $3),
                timed as (
                  select b.*, (i * 7 + c) % 5 as qn,
                    case when status = 'closed' then now() - make_interval(secs => r1 * 365 * 86400)
                         else now() - make_interval(secs => r1 * 3 * 86400) end as created_at
                  from base b),
                lived as (
                  select t.*, case when status = 'closed'
                      then greatest(60, least(300 * power(864, r2), extract(epoch from now() - created_at) - 1))
                      else greatest(1, extract(epoch from now() - created_at)) end as life
                  from timed t)
           insert into tickets (tenant_id, contact_id, whatsapp_id, channel, user_id, queue_id, status, created_at,
             started_attendance_at, closed_at, reason_id, protocol, last_message, last_message_at, unread_messages,
             answered, total_pause_time, updated_at)
           select $1, l.contact_id, cn.ids[1 + l.c % cardinality(cn.ids)], cn.types[1 + l.c % cardinality(cn.ids)],
             case when l.status <> 'pending' then ag.ids[1 + ((l.qn - l.i % 2 + 5) % 5) + 5 * ((l.i / 2) % 2)] end,
             qs.ids[1 + l.qn], l.status, l.created_at,
             case when l.status <> 'pending' then l.created_at + make_interval(secs => l.life * l.r3 / (2 * $4)) end,
             case when l.status = 'closed' then l.created_at + make_interval(secs => l.life) end,
             case when l.status = 'closed' and l.i % 10 <> 9 then rs.ids[1 + l.i % 5] end,
             to_char(l.created_at at time zone 'America/Sao_Paulo', 'YYYYMMDD') || lpad(l.i::text, 7, '0'),
             'Mensagem ' || l.i, l.created_at + make_interval(secs => l.life * ($4 - 1) / $4),
             case when l.status = 'closed' then 0 else l.c % 3 end, l.status <> 'pending',
             case when l.status = 'closed' and l.i % 13 = 0 then floor(l.life * 0.1)::int else 0 end,
             l.created_at + make_interval(secs => l.life)
           from lived l, ag, qs, cn, rs
           order by l.created_at`,
          [tenant, T, C, K],
        ),
      );
      await step('messages', () =>
        // Message m of K at created + (last - created) * m / (K - 1): even ones from the customer, odd ones
        // from the ticket's agent (a bot's, without user_id, while pending).
        q(
          `insert into messages (tenant_id, ticket_id, contact_id, whatsapp_id, user_id, from_me, body, status, read,
             timestamp, created_at, updated_at)
           select t.tenant_id, t.id, t.contact_id, t.whatsapp_id,
             case when m % 2 = 1 and t.status <> 'pending' then t.user_id end, m % 2 = 1,
             ($3::text[])[1 + (t.id * 31 + m * 17) % $4] || ' ' || ($3::text[])[1 + (t.id * 7 + m * 13) % $4] || ' '
               || ($3::text[])[1 + (t.id + m * 29) % $4] || ' ' || ($3::text[])[1 + (t.id * 11 + m) % $4],
             case when m % 2 = 1 then 'read' else 'received' end, true, x.ms, to_timestamp(x.ms / 1000.0), to_timestamp(x.ms / 1000.0)
           from tickets t, generate_series(0, $2 - 1) m,
             lateral (select (extract(epoch from t.created_at) * 1000
               + extract(epoch from t.last_message_at - t.created_at) * 1000 * m / greatest(1, $2 - 1))::bigint as ms) x
           where t.tenant_id = $1`,
          [tenant, K, words, words.length],
        ),
      );
      await step('transfers, ratings, tags, sessions', async () => {
        // One closed ticket in seven transferred once, one in thirty-five twice.
        await q(
          `insert into ticket_logs (tenant_id, ticket_id, user_id, queue_id, type, data, created_at)
           select t.tenant_id, t.id, t.user_id, t.queue_id, 'transfered', jsonb_build_object('queueId', t.queue_id),
             t.created_at + (t.closed_at - t.created_at) * n / 3.0
           from tickets t, generate_series(1, 2) n
           where t.tenant_id = $1 and t.status = 'closed' and (t.id % 7 = 0 and n = 1 or t.id % 35 = 0 and n = 2)`,
          [tenant],
        );
        // Three closed tickets in ten rated, mostly well.
        await q(
          `insert into ticket_evaluations (tenant_id, ticket_id, contact_id, whatsapp_id, user_id, queue_id, status,
             close_mode, score, answered_at, created_at, updated_at)
           select t.tenant_id, t.id, t.contact_id, t.whatsapp_id, t.user_id, t.queue_id, 'rated', 'rated',
             case when r < 0.55 then 5 when r < 0.8 then 4 when r < 0.9 then 3 when r < 0.95 then 2 when r < 0.98 then 1 else 0 end,
             t.closed_at + interval '2 minutes', t.closed_at, t.closed_at
           from tickets t, lateral (select random() + t.id * 0 as r) x
           where t.tenant_id = $1 and t.status = 'closed' and t.id % 10 < 3`,
          [tenant],
        );
        await q(
          `with tg as (select array_agg(id order by id) ids from tags where tenant_id = $1)
           insert into ticket_tags (tenant_id, ticket_id, tag_id)
           select $1, t.id, tg.ids[1 + (t.id / 5) % 8] from tickets t, tg where t.tenant_id = $1 and t.id % 5 = 0`,
          [tenant],
        );
        // Agents online 8 hours from 08:00-09:00 local on every day but Sunday; the online ones since this morning.
        await q(
          `insert into insight_user_sessions (tenant_id, user_id, started_at, ended_at)
           select $1, u.id, s.at, s.at + make_interval(secs => (7 + random() * 2) * 3600 + u.id * 0)
           from users u, generate_series(1, 365) d,
             lateral (select date_trunc('day', now() - make_interval(days => d)) + interval '11 hours'
               + make_interval(secs => random() * 3600 + u.id * 0) as at) s
           where u.tenant_id = $1 and u.profile = 'user' and extract(dow from s.at) <> 0`,
          [tenant],
        );
        await q(
          `insert into insight_user_sessions (tenant_id, user_id, started_at)
           select $1, id, now() - make_interval(secs => random() * 4 * 3600) from users
           where tenant_id = $1 and profile = 'user' and is_online`,
          [tenant],
        );
      });
      process.stderr.write(`  tenant ${k + 1}/${tenants} (id ${tenant}) seeded\n`);
    }
    await step('trigram indexes', async () => {
      for (const index of trigramIndexes.rows) await client.query(index.indexdef);
    });
    await step('analyze', () => client.query('vacuum analyze'));
    const { rows: counts } = await client.query<Record<string, string>>(
      `select (select count(*) from tickets) as tickets, (select count(*) from messages) as messages,
         (select count(*) from contacts) as contacts, (select count(*) from ticket_logs) as transfers,
         (select count(*) from ticket_evaluations) as ratings, (select count(*) from insight_user_sessions) as sessions`,
    );
    return {
      tenants: seeded,
      seconds: Math.round((performance.now() - started) / 1000),
      steps: Object.fromEntries(Object.entries(timings).map(([k, v]) => [k, Math.round(v)])),
      counts: Object.fromEntries(Object.entries(counts[0] ?? {}).map(([k, v]) => [k, Number(v)])),
    };
  } finally {
    await client.end();
  }
};

/** The bench tenants of a seeded database (to reuse it), in seeding order. */
export const findBenchTenants = async (url: string): Promise<TBenchTenant[]> => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: number; name: string }>(
      "select id, name from tenants where name like 'Bench %' order by id",
    );
    return rows.map((row) => ({ id: row.id, admin: adminEmail(Number(row.name.slice(6))) }));
  } finally {
    await client.end();
  }
};
