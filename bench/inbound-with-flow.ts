// Inbound throughput with a chat flow on every ticket, next to the same load without one: the web chat's
// POST /public/webchat/:token/messages until the agent's socket receives each message (`chat:create`), as in
// bench/inbound.ts, while the flow engine runs every customer message as a durable job and answers it.
//
// BENCH_SHAPE picks the load (bench/flow-shapes.ts): `steady` (default), the engine's worst case, where the flow
// keeps every ticket in the bot and answers each customer message with two bot messages; `triage`, conversations
// of a few messages from new visitors, each greeted by the flow and handed to a queue on its first answer. `none`
// is the same server and load with no flow. Open loop at BENCH_RATE msgs/s for BENCH_SECONDS (after 3 s of
// warm-up), BENCH_VISITORS visitors (triage: conversations at once).
//
//   node --import tsx bench/inbound-with-flow.ts
//   DATABASE_URL=postgres://postgres@127.0.0.1:55432/postgres BENCH_RATE=300 node --import tsx bench/inbound-with-flow.ts
//
// Also reported: the server's CPU per customer message (all its threads, from the measured window's start until
// the bot replies stop), the machine's load, and each customer message's wait for the bot's reply. With
// BENCH_COUNT_STATEMENTS=1 the server's SQL statements are counted (bench/statement-counter.mjs): per message,
// per engine run, and the most frequent of each transaction kind with their time inside PGlite.
//
// Prints a table on stderr and JSON on stdout.
import { readFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { events, type TTicketListEvent } from '@prosa/contracts';
import { Agent, setGlobalDispatcher } from 'undici';
import { processCpuMs } from './cpu-meter.js';
import {
  botMessageWeight,
  createBenchQueue,
  expectsBotReply,
  flowDocument,
  openVisitorsFor,
  type TFlowShape,
} from './flow-shapes.js';
import {
  benchPasswords,
  createLatencies,
  diffStatementCounts,
  login,
  machine,
  printTable,
  request,
  runMain,
  startStatementCounter,
  type TStatementCounts,
  withWebchatServer,
} from './lib.js';
import { connectAgent, createWebchatSender } from './webchat-visitors.js';

const rate = Number(process.env.BENCH_RATE ?? 200);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const visitorCount = Number(process.env.BENCH_VISITORS ?? 200);
const adminUrl = process.env.DATABASE_URL;
const backends = (process.env.BENCH_BACKENDS ?? (adminUrl ? 'pglite,postgres' : 'pglite')).split(',');
const modes = (process.env.BENCH_MODES ?? 'none,flow').split(',') as ('none' | 'flow')[];
const shape = (process.env.BENCH_SHAPE ?? 'steady') as TFlowShape;
const warmupSeconds = 3;
/** After the loop, how long bot replies may keep arriving (the engine's jobs drain). */
const drainSeconds = Number(process.env.BENCH_DRAIN_SECONDS ?? 15);

setGlobalDispatcher(new Agent({ connections: 256, pipelining: 1, keepAliveTimeout: 30_000 }));
// BENCH_COUNT_STATEMENTS=1: the server's SQL statements counted over the measured window (bench/statement-counter.mjs).
const statementCounter = startStatementCounter();
const loadAverage = () => Number(readFileSync('/proc/loadavg', 'utf8').split(' ')[0]);

type TResult = {
  backend: string;
  shape: TFlowShape;
  mode: 'none' | 'flow';
  targetRate: number;
  sent: number;
  stored: number;
  delivered: number;
  throughput: number;
  latencyMs: { p50: number; p95: number; p99: number; max: number };
  httpMs: { p50: number; p99: number };
  /** Bot messages the agent saw (steady: two per engine run that answered; triage: greetings and welcomes). */
  botMessages: number;
  /** Bot messages per second from the first measured send to the last one seen. */
  botPerSecond: number;
  /** From a customer's message to the bot's reply on that ticket (flow only), and tickets left without one. */
  botReplyMs: { p50: number; p95: number; p99: number; max: number };
  unanswered: number;
  errors: Record<string, number>;
  /** Customer messages sent in the measured window. */
  measuredSent: number;
  /** Server CPU (user + system) from the measured window's start until the bot replies stopped, per message. */
  serverCpuMsPerMessage: number;
  /**
   * The bench's own CPU per message over the same span, and its event loop's worst delays: on a two-core machine
   * a busy client delays what it measures (every bot message reaches a visitor's socket and the agent's).
   */
  client: { cpuMsPerMessage: number; loopDelayP99Ms: number; loopDelayMaxMs: number };
  /** The machine's 1-minute load average at the start and at the end of the run. */
  load: { start: number; end: number };
  /** BENCH_COUNT_STATEMENTS=1: statements over the same span, per message, and the engine runs' own. */
  statements?: {
    perMessage: number;
    engineRuns: number;
    perEngineRun: number;
    transactions: TStatementCounts['transactions'];
    autocommit: number;
    /** Each transaction kind's most frequent statements ('autocommit': outside transactions): text, count, ms. */
    texts: Record<string, [string, number, number][]>;
    /** PGlite only: milliseconds inside the database per transaction kind. */
    databaseMs: Record<string, number>;
  };
};

const topTexts = (texts: Record<string, number>, ms: Record<string, number> | undefined) =>
  Object.entries(texts)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 40)
    .map(([text, n]): [string, number, number] => [text, n, Math.round(ms?.[text] ?? 0)]);
const sum = (values: Record<string, number>) => Math.round(Object.values(values).reduce((a, b) => a + b, 0));

const runOne = (backend: string, mode: 'none' | 'flow'): Promise<TResult> =>
  withWebchatServer(backend, `flow-${mode}`, async (server) => {
    const admin = await login(server.base, 'admin@demo.local', benchPasswords.demo);
    if (mode === 'flow') {
      const flow = flowDocument(shape, shape === 'triage' ? await createBenchQueue(server.base, admin.token) : 0);
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
    const total = Math.round(rate * (seconds + warmupSeconds));
    const { channel, visitorOf } = await openVisitorsFor(shape, server.base, admin.token, visitorCount, total);
    process.stderr.write(`  ${visitorCount} ${shape === 'steady' ? 'conversations open' : 'visitors at once'}\n`);
    const socket = await connectAgent(server.base, admin.token);
    const sentAt = new Map<string, number>();
    const latencies = createLatencies();
    let measuredFrom = Number.POSITIVE_INFINITY;
    let lastDelivery = 0;
    let botMessages = 0;
    let lastBot = 0;
    // Per ticket, since when a customer message waits for the bot's reply (the earliest one: the engine leaves
    // a message sent before its previous reply alone, so one reply answers them all).
    const awaitingReply = new Map<number, number>();
    const botLatencies = createLatencies();
    socket.on(events.ticketList(admin.tenantId), (event: TTicketListEvent) => {
      if (event.type !== 'chat:create') return;
      const now = performance.now();
      if (event.payload.fromMe) {
        const weight = botMessageWeight(shape, event.payload.body);
        if (now >= measuredFrom && weight > 0) {
          botMessages += weight;
          lastBot = now;
          const waiting = awaitingReply.get(event.payload.ticketId);
          if (waiting !== undefined) botLatencies.add(now - waiting);
          awaitingReply.delete(event.payload.ticketId);
        }
        return;
      }
      const started = sentAt.get(event.payload.body);
      if (started === undefined) return;
      sentAt.delete(event.payload.body);
      if (started >= measuredFrom) {
        latencies.add(now - started);
        lastDelivery = now;
        const seq = Number(event.payload.body.slice('bench '.length));
        if (!awaitingReply.has(event.payload.ticketId) && expectsBotReply(shape, seq, visitorCount))
          awaitingReply.set(event.payload.ticketId, started);
      }
    });

    const sender = createWebchatSender({
      base: server.base,
      channel,
      visitorOf,
      sentAt,
      measuredFrom: () => measuredFrom,
    });
    const { fire, stats } = sender;
    const pid = server.child.pid ?? 0;
    const loadAtStart = loadAverage();
    let cpuFrom = Number.NaN;
    let countsFrom: Promise<TStatementCounts> | undefined;

    const start = performance.now();
    const perSlot = rate / 100;
    let seq = 0;
    let measuredSent = 0;
    let clientCpuFrom = process.cpuUsage();
    const loopDelay = monitorEventLoopDelay({ resolution: 10 });
    while (seq < total) {
      const slot = Math.floor((performance.now() - start) / 10);
      const due = Math.min(total, Math.round((slot + 1) * perSlot));
      if (measuredFrom === Number.POSITIVE_INFINITY && performance.now() - start >= warmupSeconds * 1000) {
        measuredFrom = performance.now();
        cpuFrom = processCpuMs(pid);
        clientCpuFrom = process.cpuUsage();
        loopDelay.enable();
        countsFrom = statementCounter?.read(pid);
      }
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
    // BENCH_SERVER_OUTPUT=1: the end of what the server logged (LOG_LEVEL warn: its warnings and errors).
    if (process.env.BENCH_SERVER_OUTPUT === '1') process.stderr.write(`${server.output().slice(-6000)}\n`);
    const cpuTo = processCpuMs(pid);
    const clientCpu = process.cpuUsage(clientCpuFrom);
    loopDelay.disable();
    const counts =
      statementCounter && countsFrom
        ? diffStatementCounts(await countsFrom, await statementCounter.read(pid))
        : undefined;
    const engine = counts?.transactions['flow-run'] ?? { count: 0, statements: 0 };
    const window = (Math.max(lastDelivery, measuredFrom + 1) - measuredFrom) / 1000;
    const botWindow = (Math.max(lastBot, measuredFrom + 1) - measuredFrom) / 1000;
    return {
      backend,
      shape,
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
      botReplyMs: botLatencies.summary(),
      unanswered: awaitingReply.size,
      errors: stats.errors,
      measuredSent,
      serverCpuMsPerMessage: Math.round((cpuTo - cpuFrom) / Math.max(1, measuredSent)),
      client: {
        cpuMsPerMessage: Math.round((clientCpu.user + clientCpu.system) / 1000 / Math.max(1, measuredSent)),
        loopDelayP99Ms: Math.round(loopDelay.percentile(99) / 1e6),
        loopDelayMaxMs: Math.round(loopDelay.max / 1e6),
      },
      load: { start: loadAtStart, end: loadAverage() },
      ...(counts
        ? {
            statements: {
              perMessage: Math.round((counts.statements / Math.max(1, measuredSent)) * 10) / 10,
              engineRuns: engine.count,
              perEngineRun: Math.round((engine.statements / Math.max(1, engine.count)) * 10) / 10,
              transactions: counts.transactions,
              autocommit: counts.autocommit,
              texts: Object.fromEntries(
                Object.entries(counts.texts).map(([kind, texts]) => [kind, topTexts(texts, counts.ms[kind])]),
              ),
              databaseMs: Object.fromEntries(Object.entries(counts.ms).map(([kind, ms]) => [kind, sum(ms)])),
            },
          }
        : {}),
    };
  });

const main = async () => {
  const results: TResult[] = [];
  for (const backend of backends)
    for (const mode of modes) {
      process.stderr.write(
        `${backend}, ${shape}, ${mode}: ${rate} msgs/s for ${seconds} s (+${warmupSeconds} s warm-up)...\n`,
      );
      results.push(await runOne(backend, mode));
    }
  printTable([
    [
      'backend',
      'load',
      'flow',
      'target msgs/s',
      'delivered msgs/s',
      'sent / stored / delivered',
      'p50 ms',
      'p95 ms',
      'p99 ms',
      'HTTP p50 / p99 ms',
      'bot msgs (per s)',
      'bot reply p50 / p99 ms (unanswered)',
      'server CPU ms / msg',
      'bench CPU ms / msg, loop delay p99 / max ms',
      'statements / msg (per engine run)',
      'load start / end',
      'errors',
    ],
    ...results.map((r) => [
      r.backend,
      r.shape,
      r.mode,
      String(r.targetRate),
      String(r.throughput),
      `${r.sent} / ${r.stored} / ${r.delivered}`,
      String(r.latencyMs.p50),
      String(r.latencyMs.p95),
      String(r.latencyMs.p99),
      `${r.httpMs.p50} / ${r.httpMs.p99}`,
      `${r.botMessages} (${r.botPerSecond})`,
      r.mode === 'flow' ? `${r.botReplyMs.p50} / ${r.botReplyMs.p99} (${r.unanswered})` : '-',
      String(r.serverCpuMsPerMessage),
      `${r.client.cpuMsPerMessage}, ${r.client.loopDelayP99Ms} / ${r.client.loopDelayMaxMs}`,
      r.statements ? `${r.statements.perMessage} (${r.statements.perEngineRun})` : '-',
      `${r.load.start} / ${r.load.end}`,
      JSON.stringify(r.errors),
    ]),
  ]);
  process.stdout.write(
    `${JSON.stringify({ benchmark: 'inbound-with-flow', date: new Date().toISOString(), machine: machine(), shape, rate, seconds, visitorCount, results }, null, 2)}\n`,
  );
};

runMain(main);
