// The data of bench/tickets-list.ts: one tenant seeded straight into PostgreSQL (generate_series, trigram
// indexes rebuilt after the bulk load), and the search terms the scenarios look for.
import pg from 'pg';

export const firstNames = (
  'Ana Bruno Carla Diego Elisa Fábio Gabriela Heitor Isabela João Karina Lucas Mariana Nuno ' +
  'Olívia Paulo Quitéria Rafael Sofia Tiago Úrsula Vítor Wagner Xavier Yara Zeca Beatriz Caio ' +
  'Débora Eduardo'
).split(' ');
export const lastNames = (
  'Silva Souza Oliveira Santos Pereira Lima Carvalho Ferreira Rodrigues Almeida Costa Gomes ' +
  'Martins Araújo Melo Barbosa Ribeiro Cardoso Rocha Dias Teixeira Moreira Correia Mendes Nunes ' +
  'Vieira Monteiro Moura Freitas Pinto'
).split(' ');
/** What customers and agents write (each message takes 4-8 of these, picked at random). */
export const words = (
  'bom dia boa tarde noite olá obrigado obrigada por favor preciso ajuda com meu minha pedido ' +
  'entrega atrasada quando chega boleto segunda via cartão pagamento aprovado recusado cancelar ' +
  'trocar produto tamanho cor defeito garantia nota fiscal endereço alterar cadastro senha ' +
  'acesso aplicativo site erro desconto cupom frete grátis prazo dias úteis rastreio código ' +
  'transportadora correios reembolso estorno valor parcela pix comprovante enviei recebi ainda ' +
  'não sim certo perfeito aguardo retorno atendente protocolo reclamação loja física horário ' +
  'funcionamento sábado domingo feriado estoque disponível esgotado reserva orçamento ' +
  'instalação técnico visita agendar confirmar dúvida informação plano assinatura mensalidade ' +
  'fatura vencimento juros multa negociar dívida contrato'
).split(' ');

/** Seeds the demo tenant (created by the server) with the volume; returns what the scenarios need. */
export const seed = async (
  url: string,
  { ticketCount, messagesPerTicket }: { ticketCount: number; messagesPerTicket: number },
) => {
  const contactCount = Math.ceil(ticketCount / 2);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const started = performance.now();
  const step = async (label: string, work: () => Promise<unknown>) => {
    const at = performance.now();
    await work();
    process.stderr.write(`  ${label}: ${Math.round((performance.now() - at) / 1000)} s\n`);
  };
  try {
    const { rows: demo } = await client.query<{ id: number; hash: string }>(
      `select t.id, u.password_hash as hash from tenants t join users u on u.tenant_id = t.id
       where u.email = 'agent@demo.local'`,
    );
    const tenant = demo[0]?.id as number;
    const hash = demo[0]?.hash as string;
    // 5 queues; 10 admins and 10 agents (agent k in queues k mod 5 and k+1 mod 5); one connection.
    await client.query(
      `insert into queues (tenant_id, queue, color) select $1, 'Fila ' || q, '#5c67f2' from generate_series(1, 5) q`,
      [tenant],
    );
    await client.query(
      `insert into users (tenant_id, name, email, password_hash, profile)
       select $1, initcap(p) || ' ' || k, p || k || '@bench.local', $2, case when p = 'admin' then 'admin' else 'user' end
       from unnest(array['admin', 'agent']) p, generate_series(0, 9) k`,
      [tenant, hash],
    );
    await client.query(
      `insert into users_queues (tenant_id, user_id, queue_id)
       select u.tenant_id, u.id, q.id
       from users u
       join lateral (select id, row_number() over (order by id) - 1 as n from queues where tenant_id = u.tenant_id) q on true
       where u.email like 'agent%@bench.local'
         and q.n in (substring(u.email from 'agent(\\d+)')::int % 5, (substring(u.email from 'agent(\\d+)')::int + 1) % 5)`,
    );
    await client.query(
      `insert into connections (tenant_id, name, type, status, token)
       values ($1, 'Web chat', 'webchat', 'CONNECTED', 'bench-' || md5(random()::text))`,
      [tenant],
    );
    // The trigram indexes are built once after the bulk load (much faster than row by row).
    const trigramIndexes = await client.query<{ indexname: string; indexdef: string }>(
      `select indexname, indexdef from pg_indexes where schemaname = 'public' and indexdef like '%gin_trgm_ops%'`,
    );
    for (const index of trigramIndexes.rows) await client.query(`drop index ${index.indexname}`);
    await step(`${contactCount} contacts`, () =>
      client.query(
        `insert into contacts (tenant_id, name, number)
         select $1, ($2::text[])[1 + c % 30] || ' ' || ($3::text[])[1 + (c / 30) % 30] || ' ' || ($3::text[])[1 + (c / 900) % 30],
                '+5511' || (960000000 + c * 7)::text
         from generate_series(1, $4) c`,
        [tenant, firstNames, lastNames, contactCount],
      ),
    );
    // Tickets: per contact one older closed one and a newer one (10% open, 10% pending, 80% closed); 5% open
    // and 5% pending in all, spread over queues and agents, protocols as the server makes them.
    // NOTE: queue and agent follow c.id / 10, not c.id: the status follows c.id % 10, and `(c.id + n) % 5` put
    // every open ticket in the second queue and every pending one in the third (databases seeded before
    // this change have that skew; docs/benchmarks.md).
    await step(`${ticketCount} tickets`, () =>
      client.query(
        `insert into tickets (tenant_id, contact_id, whatsapp_id, user_id, queue_id, status, channel, last_message,
                              last_message_at, unread_messages, protocol, created_at, updated_at)
         select c.tenant_id, c.id, w.id,
                case when s.status = 'pending' then null else (agents.ids)[1 + (c.id / 10 + s.n) % 10] end,
                (queue_ids.ids)[1 + (c.id / 10 + s.n) % 5],
                s.status, 'webchat', 'Mensagem ' || s.n, s.at,
                case when s.status = 'closed' then 0 else c.id % 3 end,
                to_char(s.at, 'YYYYMMDD') || lpad((c.id * 2 + s.n)::text, 7, '0'), s.at, now()
         from contacts c
         join connections w on w.tenant_id = c.tenant_id
         cross join (select array_agg(id order by id) ids from users where tenant_id = $1 and email like 'agent%@bench.local') agents
         cross join (select array_agg(id order by id) ids from queues where tenant_id = $1) queue_ids
         cross join lateral (
           select n, now() - ((($2 - c.id) * 2 + 1 - n) || ' minutes')::interval as at,
                  case when n = 1 and c.id % 10 = 0 then 'open' when n = 1 and c.id % 10 = 1 then 'pending' else 'closed' end as status
           from generate_series(0, 1) n
         ) s
         where c.tenant_id = $1`,
        [tenant, contactCount],
      ),
    );
    // Messages in batches (one 2M-row statement needs a lot of memory): 4-8 words, one in ten with an order code.
    const { rows: range } = await client.query<{ min: number; max: number }>(
      'select min(id) as min, max(id) as max from tickets where tenant_id = $1',
      [tenant],
    );
    const batch = 20_000;
    await step(`${messagesPerTicket * ticketCount} messages`, async () => {
      for (let from = Number(range[0]?.min); from <= Number(range[0]?.max); from += batch) {
        await client.query(
          `insert into messages (tenant_id, ticket_id, contact_id, whatsapp_id, message_id, from_me, body, status, timestamp)
           select t.tenant_id, t.id, t.contact_id, t.whatsapp_id, 'b-' || t.id || '-' || m, m % 2 = 1,
                  case when random() < 0.1 then 'Pedido ' || (100000 + floor(random() * 900000))::int || ' ' else '' end
                  || array_to_string(array(select ($4::text[])[1 + floor(random() * $5)::int] from generate_series(1, 4 + (t.id + m) % 5) k
                                           where k > 0 and m >= 0), ' '),
                  case when m % 2 = 1 then 'read' else 'received' end,
                  (extract(epoch from t.created_at) * 1000)::bigint + m * 1000
           from tickets t, generate_series(1, $3) m
           where t.tenant_id = $1 and t.id >= $2 and t.id < $2 + ${batch}`,
          [tenant, from, messagesPerTicket, words, words.length],
        );
      }
    });
    await step('trigram indexes', async () => {
      for (const index of trigramIndexes.rows) await client.query(index.indexdef);
    });
    await step('analyze', () => client.query('vacuum analyze'));
    const { rows: counts } = await client.query<{ tickets: string; messages: string }>(
      'select (select count(*) from tickets) as tickets, (select count(*) from messages) as messages',
    );
    return {
      tenant,
      seconds: Math.round((performance.now() - started) / 1000),
      tickets: Number(counts[0]?.tickets),
      messages: Number(counts[0]?.messages),
    };
  } finally {
    await client.end();
  }
};

export const findDemoTenant = async (url: string): Promise<number> => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: number }>(
      "select tenant_id as id from users where email = 'agent@demo.local'",
    );
    return rows[0]?.id as number;
  } finally {
    await client.end();
  }
};

export type TTerms = { names: string[]; numbers: string[]; protocols: string[]; orders: string[] };

/**
 * Search terms taken from the seeded data (names, numbers, protocols and order codes that exist), per queue
 * (by its order), so that each agent looks for tickets of a queue it serves.
 */
export const pickTerms = async (url: string, tenant: number): Promise<TTerms[]> => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows: queueRows } = await client.query<{ id: number }>(
      'select id from queues where tenant_id = $1 order by id',
      [tenant],
    );
    const sample = async (statement: string, queueId: number) =>
      (await client.query<{ term: string }>(statement, [queueId])).rows.map((row) => row.term);
    const picked: TTerms[] = [];
    for (const { id } of queueRows) {
      picked.push({
        names: await sample(
          `select c.name as term from tickets t join contacts c on c.id = t.contact_id
           where t.queue_id = $1 order by md5(t.id::text) limit 100`,
          id,
        ),
        // Typed as people type them: '96000-1234', without the area code.
        numbers: await sample(
          `select substring(c.number from 6 for 5) || '-' || substring(c.number from 11) as term
           from tickets t join contacts c on c.id = t.contact_id where t.queue_id = $1 order by md5(t.id::text) limit 100`,
          id,
        ),
        protocols: await sample(
          'select protocol as term from tickets where queue_id = $1 order by md5(id::text) limit 100',
          id,
        ),
        orders: await sample(
          `select substring(m.body from 'Pedido [0-9]+') as term from messages m tablesample system (1)
           join tickets t on t.id = m.ticket_id where t.queue_id = $1 and m.body like 'Pedido %' limit 100`,
          id,
        ),
      });
    }
    return picked;
  } finally {
    await client.end();
  }
};
