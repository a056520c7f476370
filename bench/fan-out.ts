// Realtime fan-out: BENCH_TENANTS tenants (20) with BENCH_AGENTS agents each (50), every agent's Socket.IO
// connection open as the web app opens it (1,000 sockets). Customers write through each tenant's web chat
// (POST /public/webchat/:token/messages) at BENCH_RATE messages per second in all (open loop, for
// BENCH_SECONDS after 3 s of warm-up); every agent of the tenant may see the ticket (agents of the queue the
// web chat routes to), so each message must reach 50 sockets. Latency is from the start of the customer's
// request to the `chat:create` event at each agent. A socket receiving another tenant's event is counted.
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx bench/fan-out.ts
//   BENCH_BACKENDS=pglite|postgres, BENCH_RATE (50), BENCH_SECONDS (15), BENCH_TENANTS (20), BENCH_AGENTS (50)
//   BENCH_SERVER_CPUS=0 with `taskset -c 1 node ...`: the server and the client sockets on cores apart
//
// Setup is not measured: on PostgreSQL the agents are written into the database and their tokens minted (about
// a minute for 1,000); on PGlite they are created and signed in through the API (argon2id: about 11 minutes).
// Prints a table on stderr and JSON on stdout.
import { randomUUID } from 'node:crypto';
import { events, type TTicketListEvent } from '@prosa/contracts';
import { io, type Socket } from 'socket.io-client';
import { Agent, setGlobalDispatcher } from 'undici';
import { agentFixtures, type TAgentFixtures } from './agent-fixtures.js';
import {
  benchPasswords,
  createLatencies,
  login,
  machine,
  percentile,
  printTable,
  request,
  runMain,
  withWebchatServer,
} from './lib.js';

const rate = Number(process.env.BENCH_RATE ?? 50);
const seconds = Number(process.env.BENCH_SECONDS ?? 15);
const tenantCount = Number(process.env.BENCH_TENANTS ?? 20);
const agentsPerTenant = Number(process.env.BENCH_AGENTS ?? 50);
const adminUrl = process.env.DATABASE_URL;
const backends = (process.env.BENCH_BACKENDS ?? (adminUrl ? 'postgres' : 'pglite')).split(',');
const warmupSeconds = 3;
const agentPassword = 'agent-bench-123';

setGlobalDispatcher(new Agent({ connections: 128, pipelining: 1, keepAliveTimeout: 30_000 }));

type TTenantSetup = { tenantId: number; channel: string; visitors: string[]; agentTokens: string[] };

/** In batches of `size`, so the server's password hashing is not asked for everything at once. */
const inBatches = async <T, R>(items: T[], size: number, work: (item: T) => Promise<R>): Promise<R[]> => {
  const results: R[] = [];
  for (let i = 0; i < items.length; i += size) results.push(...(await Promise.all(items.slice(i, i + size).map(work))));
  return results;
};

const expectStatus = (what: string, res: { status: number; body: unknown }, status: number) => {
  if (res.status !== status) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
};

/** Agents through the API: an argon2 hash to create each, another to sign in (about 11 minutes for 1,000). */
const createAndLogIn = async (base: string, adminToken: string, queueId: number, emails: string[]) => {
  await inBatches(emails, 4, async (email) => {
    const user = await request(base, 'POST', '/users', {
      token: adminToken,
      body: { name: `Agente ${email}`, email, password: agentPassword, profile: 'user', queues: [queueId] },
    });
    expectStatus('create agent', user, 201);
  });
  return inBatches(emails, 4, async (email) => (await login(base, email, agentPassword)).token);
};

const setUpTenant = async (
  base: string,
  rootToken: string,
  n: number,
  fixtures: TAgentFixtures | undefined,
): Promise<TTenantSetup> => {
  const adminEmail = `admin${n}@fanout.bench`;
  const created = await request<{ tenant: { id: number } }>(base, 'POST', '/tenants', {
    token: rootToken,
    body: {
      name: `Empresa ${n}`,
      maxUsers: agentsPerTenant + 5,
      maxConnections: 5,
      admin: { name: `Admin ${n}`, email: adminEmail, password: agentPassword },
    },
  });
  expectStatus('create tenant', created, 201);
  const admin = await login(base, adminEmail, agentPassword);
  const queue = await request<{ id: number }>(base, 'POST', '/queue', {
    token: admin.token,
    body: { queue: 'Atendimento' },
  });
  expectStatus('create queue', queue, 201);
  const connection = await request<{ token: string }>(base, 'POST', '/whatsapp', {
    token: admin.token,
    body: { name: 'Site', type: 'webchat', queueId: queue.body.id },
  });
  expectStatus('create web chat', connection, 201);
  const emails = Array.from({ length: agentsPerTenant }, (_, i) => `agente${i}.t${n}@fanout.bench`);
  const agentTokens = fixtures
    ? await fixtures.agents(created.body.tenant.id, queue.body.id, emails)
    : await createAndLogIn(base, admin.token, queue.body.id, emails);
  const visitors = await inBatches(
    Array.from({ length: 10 }, (_, i) => i),
    10,
    async (i) => {
      const session = await request<{ token: string }>(
        base,
        'POST',
        `/public/webchat/${connection.body.token}/session`,
        {
          body: { name: `Cliente ${i}`, email: `c${i}.t${n}@fanout.bench` },
        },
      );
      expectStatus('visitor session', session, 201);
      return session.body.token;
    },
  );
  return { tenantId: created.body.tenant.id, channel: connection.body.token, visitors, agentTokens };
};

const runBackend = (backend: string) =>
  withWebchatServer(backend, 'fanout', async (server) => {
    const sockets: Socket[] = [];
    try {
      const setupStart = performance.now();
      const root = await login(server.base, 'superadmin@prosa.local', benchPasswords.superadmin);
      const tenants: TTenantSetup[] = [];
      const fixtures = server.databaseUrl ? agentFixtures(server.databaseUrl, server.jwtSecret) : undefined;
      try {
        for (let n = 0; n < tenantCount; n++) tenants.push(await setUpTenant(server.base, root.token, n, fixtures));
      } finally {
        await fixtures?.close();
      }
      const setupSeconds = Math.round((performance.now() - setupStart) / 1000);

      const sentAt = new Map<string, { at: number; tenantId: number; measured: boolean; second: number }>();
      /** Per second of the loop (by send time, warm-up included), the slowest delivery: when the tail happens. */
      const slowestBySecond: number[] = [];
      const latencies = createLatencies();
      const lastArrival = new Map<string, number>();
      let foreign = 0;
      let unexpected = 0;
      for (const tenant of tenants) {
        for (const token of tenant.agentTokens) {
          const socket = io(server.base, { auth: { token }, transports: ['websocket'], forceNew: true });
          sockets.push(socket);
          socket.onAny((event: string, payload: TTicketListEvent) => {
            if (event !== events.ticketList(tenant.tenantId)) {
              // Every tenant event is named `{tenantId}:...`: one naming another tenant must never arrive.
              if (/^\d+:/.test(event) && !event.startsWith(`${tenant.tenantId}:`)) foreign++;
              return;
            }
            if (payload.type !== 'chat:create') return;
            const sent = sentAt.get(payload.payload.body);
            if (!sent) return;
            if (sent.tenantId !== tenant.tenantId) unexpected++;
            if (!sent.measured) return;
            const now = performance.now();
            slowestBySecond[sent.second] = Math.max(slowestBySecond[sent.second] ?? 0, now - sent.at);
            latencies.add(now - sent.at);
            lastArrival.set(payload.payload.body, Math.max(lastArrival.get(payload.payload.body) ?? 0, now - sent.at));
          });
        }
      }
      await Promise.all(
        sockets.map(
          (socket) =>
            new Promise<void>((resolve, reject) => {
              socket.once('connect', () => resolve());
              socket.once('connect_error', reject);
            }),
        ),
      );
      // Each visitor opens their conversation (contact and ticket exist) before the measured flow.
      for (const tenant of tenants)
        await inBatches(tenant.visitors, 10, async (token) => {
          const first = await request(server.base, 'POST', `/public/webchat/${tenant.channel}/messages`, {
            token,
            body: { clientId: randomUUID(), body: `Olá ${randomUUID()}` },
          });
          expectStatus('first message', first, 201);
        });

      let measuredMessages = 0;
      const errors: Record<string, number> = {};
      const inFlight = new Set<Promise<void>>();
      const total = Math.round(rate * (seconds + warmupSeconds));
      const start = performance.now();
      process.stderr.write(`  loop from ${new Date().toISOString()}\n`);
      for (let seq = 0; seq < total; seq++) {
        const due = start + (seq / rate) * 1000;
        const wait = due - performance.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        const tenant = tenants[seq % tenants.length] as TTenantSetup;
        const visitor = tenant.visitors[Math.floor(seq / tenants.length) % tenant.visitors.length] as string;
        const body = `fanout ${seq}`;
        const measured = performance.now() - start >= warmupSeconds * 1000;
        if (measured) measuredMessages++;
        sentAt.set(body, {
          at: performance.now(),
          tenantId: tenant.tenantId,
          measured,
          second: Math.floor((performance.now() - start) / 1000),
        });
        const done = fetch(`${server.base}/public/webchat/${tenant.channel}/messages`, {
          method: 'POST',
          headers: { authorization: `Bearer ${visitor}`, 'content-type': 'application/json' },
          body: JSON.stringify({ clientId: randomUUID(), body }),
        })
          .then(async (res) => {
            await res.arrayBuffer();
            if (res.status !== 201) errors[String(res.status)] = (errors[String(res.status)] ?? 0) + 1;
          })
          .catch((error: unknown) => {
            const key = error instanceof Error ? error.message : 'error';
            errors[key] = (errors[key] ?? 0) + 1;
          })
          .finally(() => inFlight.delete(done));
        inFlight.add(done);
      }
      await Promise.all([...inFlight]);
      const expected = measuredMessages * agentsPerTenant;
      const waitUntil = performance.now() + 10_000;
      while (latencies.count < expected && performance.now() < waitUntil) await new Promise((r) => setTimeout(r, 50));
      const slowest = [...lastArrival.values()];
      process.stderr.write(
        `  slowest per second, ${warmupSeconds} s warm-up first (ms): ${Array.from(slowestBySecond, (ms) => Math.round(ms ?? 0)).join(' ')}\n`,
      );
      return {
        backend,
        sockets: sockets.length,
        rate,
        setupSeconds,
        messages: measuredMessages,
        expectedDeliveries: expected,
        deliveries: latencies.count,
        crossTenant: foreign + unexpected,
        errors,
        perSocketMs: latencies.summary(),
        lastSocketMs: { p50: Math.round(percentile(slowest, 50)), p99: Math.round(percentile(slowest, 99)) },
      };
    } finally {
      for (const socket of sockets) socket.close();
    }
  });

const main = async () => {
  const results = [];
  for (const backend of backends) {
    process.stderr.write(
      `${backend}: ${tenantCount} tenants x ${agentsPerTenant} agents, ${rate} msgs/s for ${seconds} s (+${warmupSeconds} s warm-up)...\n`,
    );
    results.push(await runBackend(backend));
  }
  printTable([
    [
      'backend',
      'sockets',
      'msgs/s',
      'messages',
      'deliveries (expected)',
      'p50 ms',
      'p95 ms',
      'p99 ms',
      'max ms',
      'last socket p50 / p99 ms',
      'cross-tenant',
      'errors',
    ],
    ...results.map((r) => [
      r.backend,
      String(r.sockets),
      String(r.rate),
      String(r.messages),
      `${r.deliveries} (${r.expectedDeliveries})`,
      String(r.perSocketMs.p50),
      String(r.perSocketMs.p95),
      String(r.perSocketMs.p99),
      String(r.perSocketMs.max),
      `${r.lastSocketMs.p50} / ${r.lastSocketMs.p99}`,
      String(r.crossTenant),
      JSON.stringify(r.errors),
    ]),
  ]);
  process.stdout.write(
    `${JSON.stringify({ benchmark: 'fan-out', date: new Date().toISOString(), machine: machine(), results }, null, 2)}\n`,
  );
};

runMain(main);
