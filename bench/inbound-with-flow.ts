// Inbound throughput with a chat flow on every ticket, next to the same load without one: the web chat's
// POST /public/webchat/:token/messages until the agent's socket receives each message (`chat:create`), as in
// bench/inbound.ts, while the flow engine runs every customer message as a durable job and answers it.
//
// The flow keeps every ticket in the bot: one step whose only condition is a word nobody says, no retry limit,
// so each customer message that is an answer (not one stored before the bot's last reply, which is left alone)
// gets the invalid-option text and the step again: two bot messages per run. `none` is the same server with no
// flow. Open loop at BENCH_RATE msgs/s for BENCH_SECONDS (after 3 s of warm-up), BENCH_VISITORS visitors.
//
//   node --import tsx bench/inbound-with-flow.ts
//   DATABASE_URL=postgres://postgres@127.0.0.1:55432/postgres BENCH_RATE=300 node --import tsx bench/inbound-with-flow.ts
//
// Prints a table on stderr and JSON on stdout.
import { events, type TTicketListEvent } from '@prosa/contracts';
import { Agent, setGlobalDispatcher } from 'undici';
import {
  benchPasswords,
  createLatencies,
  login,
  machine,
  printTable,
  request,
  runMain,
  withWebchatServer,
} from './lib.js';
import { connectAgent, createWebchatSender, openWebchatVisitors } from './webchat-visitors.js';

const rate = Number(process.env.BENCH_RATE ?? 200);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const visitorCount = Number(process.env.BENCH_VISITORS ?? 200);
const adminUrl = process.env.DATABASE_URL;
const backends = (process.env.BENCH_BACKENDS ?? (adminUrl ? 'pglite,postgres' : 'pglite')).split(',');
const modes = (process.env.BENCH_MODES ?? 'none,flow').split(',') as ('none' | 'flow')[];
const warmupSeconds = 3;
/** After the loop, how long bot replies may keep arriving (the engine's jobs drain). */
const drainSeconds = Number(process.env.BENCH_DRAIN_SECONDS ?? 15);

setGlobalDispatcher(new Agent({ connections: 256, pipelining: 1, keepAliveTimeout: 30_000 }));

const INVALID = 'Opção inválida.';

type TResult = {
  backend: string;
  mode: 'none' | 'flow';
  targetRate: number;
  sent: number;
  stored: number;
  delivered: number;
  throughput: number;
  latencyMs: { p50: number; p95: number; p99: number; max: number };
  httpMs: { p50: number; p99: number };
  /** Bot messages the agent saw (two per engine run that answered). */
  botMessages: number;
  /** Bot messages per second from the first measured send to the last one seen. */
  botPerSecond: number;
  errors: Record<string, number>;
};

const runOne = (backend: string, mode: 'none' | 'flow'): Promise<TResult> =>
  withWebchatServer(backend, `flow-${mode}`, async (server) => {
    const admin = await login(server.base, 'admin@demo.local', benchPasswords.demo);
    if (mode === 'flow') {
      const flow = {
        nodeList: [
          { id: 'start', type: 'start', name: 'Início' },
          {
            id: 'configurations',
            type: 'configurations',
            name: 'Configurações',
            configurations: { notOptionsSelectMessage: { message: INVALID, stepReturn: 'A' } },
          },
          {
            id: 'menu',
            type: 'node',
            name: 'Menu',
            interactions: [{ id: 'i1', type: 'MessageField', data: { message: 'Digite a palavra secreta.' } }],
            conditions: [{ id: 'c1', type: 'R', condition: ['palavra-secreta'], action: 3 }],
          },
        ],
        lineList: [{ from: 'start', to: 'menu' }],
      };
      const created = await request<{ id: number }>(server.base, 'POST', '/chat-flow', {
        token: admin.token,
        body: { name: 'Bench', flow, isActive: true },
      });
      if (created.status !== 201) throw new Error(`create flow: ${created.status} ${JSON.stringify(created.body)}`);
      // The tenant's default flow: every new ticket of every connection enters it.
      const set = await request(server.base, 'PUT', '/settings/botTicketActive', {
        token: admin.token,
        body: { value: String(created.body.id) },
      });
      if (set.status !== 200) throw new Error(`default flow: ${set.status} ${JSON.stringify(set.body)}`);
    }
    const { channel, visitors } = await openWebchatVisitors(server.base, admin.token, visitorCount);
    process.stderr.write(`  ${visitorCount} conversations open\n`);
    const socket = await connectAgent(server.base, admin.token);
    const sentAt = new Map<string, number>();
    const latencies = createLatencies();
    let measuredFrom = Number.POSITIVE_INFINITY;
    let lastDelivery = 0;
    let botMessages = 0;
    let lastBot = 0;
    socket.on(events.ticketList(admin.tenantId), (event: TTicketListEvent) => {
      if (event.type !== 'chat:create') return;
      const now = performance.now();
      if (event.payload.fromMe) {
        if (now >= measuredFrom && event.payload.body === INVALID) {
          botMessages += 2;
          lastBot = now;
        }
        return;
      }
      const started = sentAt.get(event.payload.body);
      if (started === undefined) return;
      sentAt.delete(event.payload.body);
      if (started >= measuredFrom) {
        latencies.add(now - started);
        lastDelivery = now;
      }
    });

    const sender = createWebchatSender({
      base: server.base,
      channel,
      visitors,
      sentAt,
      measuredFrom: () => measuredFrom,
    });
    const { fire, stats } = sender;

    const start = performance.now();
    const total = Math.round(rate * (seconds + warmupSeconds));
    const perSlot = rate / 100;
    let seq = 0;
    let measuredSent = 0;
    while (seq < total) {
      const slot = Math.floor((performance.now() - start) / 10);
      const due = Math.min(total, Math.round((slot + 1) * perSlot));
      if (measuredFrom === Number.POSITIVE_INFINITY && performance.now() - start >= warmupSeconds * 1000)
        measuredFrom = performance.now();
      while (seq < due) {
        fire(seq++);
        if (measuredFrom !== Number.POSITIVE_INFINITY) measuredSent++;
      }
      await new Promise((r) => setTimeout(r, Math.max(0, start + (slot + 1) * 10 - performance.now())));
    }
    await sender.drain();
    const loopEnd = performance.now();
    process.stderr.write(`  loop done: sent ${stats.sent}, stored ${stats.stored}, delivered ${latencies.count}\n`);
    const waitUntil = performance.now() + 10_000;
    while (latencies.count < measuredSent && performance.now() < waitUntil) await new Promise((r) => setTimeout(r, 50));
    // Bot replies still coming: wait until none arrived for two seconds (bounded).
    if (mode === 'flow') {
      const drainUntil = loopEnd + drainSeconds * 1000;
      while (performance.now() < drainUntil && performance.now() - Math.max(lastBot, loopEnd) < 2_000)
        await new Promise((r) => setTimeout(r, 100));
    }
    socket.close();
    const window = (Math.max(lastDelivery, measuredFrom + 1) - measuredFrom) / 1000;
    const botWindow = (Math.max(lastBot, measuredFrom + 1) - measuredFrom) / 1000;
    return {
      backend,
      mode,
      targetRate: rate,
      sent: stats.sent,
      stored: stats.stored,
      delivered: latencies.count,
      throughput: Math.round(latencies.count / window),
      latencyMs: latencies.summary(),
      httpMs: { p50: stats.httpLatencies.summary().p50, p99: stats.httpLatencies.summary().p99 },
      botMessages,
      botPerSecond: Math.round(botMessages / botWindow),
      errors: stats.errors,
    };
  });

const main = async () => {
  const results: TResult[] = [];
  for (const backend of backends)
    for (const mode of modes) {
      process.stderr.write(`${backend}, ${mode}: ${rate} msgs/s for ${seconds} s (+${warmupSeconds} s warm-up)...\n`);
      results.push(await runOne(backend, mode));
    }
  printTable([
    [
      'backend',
      'flow',
      'target msgs/s',
      'delivered msgs/s',
      'sent / stored / delivered',
      'p50 ms',
      'p95 ms',
      'p99 ms',
      'HTTP p50 / p99 ms',
      'bot msgs (per s)',
      'errors',
    ],
    ...results.map((r) => [
      r.backend,
      r.mode,
      String(r.targetRate),
      String(r.throughput),
      `${r.sent} / ${r.stored} / ${r.delivered}`,
      String(r.latencyMs.p50),
      String(r.latencyMs.p95),
      String(r.latencyMs.p99),
      `${r.httpMs.p50} / ${r.httpMs.p99}`,
      `${r.botMessages} (${r.botPerSecond})`,
      JSON.stringify(r.errors),
    ]),
  ]);
  process.stdout.write(
    `${JSON.stringify({ benchmark: 'inbound-with-flow', date: new Date().toISOString(), machine: machine(), rate, seconds, visitorCount, results }, null, 2)}\n`,
  );
};

runMain(main);
