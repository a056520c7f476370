// Inbound throughput and delivery latency: customer messages through the real HTTP inbound path (the web
// chat's POST /public/webchat/:token/messages: idempotency key, contact and ticket lookup under the
// per-contact lock, insert, realtime fan-out by the visibility rules) until a connected agent's socket
// receives each one as `chat:create`.
//
// Open loop: messages are fired at BENCH_RATE per second for BENCH_SECONDS from BENCH_VISITORS visitors
// (round robin), whatever the server's pace; latency is from the start of the HTTP request to the socket
// event at the agent. Before that, a warm-up of BENCH_WARMUP seconds (5) ramps the rate up from zero and is
// not measured: a cold server hit at once with the full rate falls behind in its first second, and at a rate
// near its capacity that backlog takes seconds to drain (the per-second line shows it; BENCH_WARMUP=0 measures
// from a cold start at the full rate). On PGlite always; on PostgreSQL too when DATABASE_URL is set (a fresh database).
//
//   node --import tsx bench/inbound.ts
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx bench/inbound.ts
//   BENCH_RATE=1000 BENCH_SECONDS=20 BENCH_VISITORS=200 BENCH_BACKENDS=postgres node --import tsx bench/inbound.ts
//
// Soak: BENCH_MINUTES=10 BENCH_RATE=300 runs ten minutes at that rate (BENCH_MINUTES overrides BENCH_SECONDS).
// Every run samples the server's resident memory (VmRSS) every BENCH_RSS_EVERY seconds (10), prints each
// sample as it is taken and reports them with the peak (VmHWM); latencies are kept in typed arrays, so a
// run of any length ends with its percentiles.
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
  rampedSchedule,
  readMemory,
  runMain,
  warmupSeconds,
  withWebchatServer,
} from './lib.js';
import { connectAgent, createWebchatSender, openWebchatVisitors } from './webchat-visitors.js';

const rate = Number(process.env.BENCH_RATE ?? 1000);
const seconds = process.env.BENCH_MINUTES
  ? Math.round(Number(process.env.BENCH_MINUTES) * 60)
  : Number(process.env.BENCH_SECONDS ?? 20);
const rssEverySeconds = Number(process.env.BENCH_RSS_EVERY ?? 10);
const visitorCount = Number(process.env.BENCH_VISITORS ?? 200);
const adminUrl = process.env.DATABASE_URL;
const backends = (process.env.BENCH_BACKENDS ?? (adminUrl ? 'pglite,postgres' : 'pglite')).split(',');

// Enough sockets for the open loop; the server sees keep-alive connections as a browser fleet would make.
setGlobalDispatcher(new Agent({ connections: 256, pipelining: 1, keepAliveTimeout: 30_000 }));

type TResult = {
  backend: string;
  targetRate: number;
  sent: number;
  stored: number;
  delivered: number;
  errors: Record<string, number>;
  /** Delivered messages per second over the measured window. */
  throughput: number;
  latencyMs: { p50: number; p95: number; p99: number; max: number };
  /** Request start to the HTTP answer (stored and committed), for the measured window. */
  httpMs: { p50: number; p99: number };
  /** The server's resident memory: before the loop, sampled during it, and its peak (VmHWM) at the end. */
  memory: { beforeMb: number; peakMb: number; samples: TRssSample[] };
};

type TRssSample = { atSeconds: number; rssMb: number; sent: number; delivered: number };

const runBackend = (backend: string): Promise<TResult> =>
  withWebchatServer(backend, 'inbound', async (server) => {
    const admin = await login(server.base, 'admin@demo.local', benchPasswords.demo);
    // Each visitor opens their conversation first: the loop measures messages in open conversations.
    const { channel, visitors } = await openWebchatVisitors(server.base, admin.token, visitorCount);
    // The agent: the demo admin's socket, as the web app connects it.
    const socket = await connectAgent(server.base, admin.token);
    const sentAt = new Map<string, number>();
    const latencies = createLatencies();
    let measuredFrom = Number.POSITIVE_INFINITY;
    let lastDelivery = 0;
    /** Per second of the loop (by send time, warm-up included), the slowest delivery: when the tail happens. */
    const slowestBySecond: number[] = [];
    let loopStart = Number.POSITIVE_INFINITY;
    socket.on(events.ticketList(admin.tenantId), (event: TTicketListEvent) => {
      if (event.type !== 'chat:create') return;
      const started = sentAt.get(event.payload.body);
      if (started === undefined) return;
      sentAt.delete(event.payload.body);
      const now = performance.now();
      delivered++;
      if (started >= measuredFrom) {
        latencies.add(now - started);
        lastDelivery = now;
      }
      const second = Math.floor((started - loopStart) / 1000);
      slowestBySecond[second] = Math.max(slowestBySecond[second] ?? 0, now - started);
    });

    let delivered = 0;
    const sender = createWebchatSender({
      base: server.base,
      channel,
      visitors,
      sentAt,
      measuredFrom: () => measuredFrom,
    });
    const { fire, stats } = sender;

    // The server's memory, every rssEverySeconds from the start of the loop.
    const serverPid = server.child.pid as number;
    const beforeMb = readMemory(serverPid).rssMb;
    const samples: TRssSample[] = [];
    const start = performance.now();
    loopStart = start;
    const sampleRss = () => {
      const sample = {
        atSeconds: Math.round((performance.now() - start) / 1000),
        rssMb: readMemory(serverPid).rssMb,
        sent: stats.sent,
        delivered,
      };
      samples.push(sample);
      process.stderr.write(
        `  ${sample.atSeconds} s: RSS ${sample.rssMb} MB, sent ${sample.sent}, delivered ${sample.delivered}\n`,
      );
    };
    const sampler = setInterval(sampleRss, rssEverySeconds * 1000);

    // Open loop in 10 ms slots; the first seconds warm the server up and are not measured.
    const sentBy = rampedSchedule(rate, warmupSeconds);
    const total = Math.round(sentBy(seconds + warmupSeconds));
    let seq = 0;
    let measuredSent = 0;
    while (seq < total) {
      const slot = Math.floor((performance.now() - start) / 10);
      const due = Math.min(total, Math.round(sentBy((slot + 1) / 100)));
      if (measuredFrom === Number.POSITIVE_INFINITY && performance.now() - start >= warmupSeconds * 1000)
        measuredFrom = performance.now();
      while (seq < due) {
        fire(seq++);
        if (measuredFrom !== Number.POSITIVE_INFINITY) measuredSent++;
      }
      await new Promise((r) => setTimeout(r, Math.max(0, start + (slot + 1) * 10 - performance.now())));
    }
    await sender.drain();
    // Let the last events arrive (bounded).
    const waitUntil = performance.now() + 10_000;
    while (latencies.count < measuredSent && performance.now() < waitUntil) await new Promise((r) => setTimeout(r, 50));
    clearInterval(sampler);
    sampleRss();
    const peakMb = readMemory(serverPid).peakRssMb;
    socket.close();
    process.stderr.write(
      `  slowest per second, ${warmupSeconds} s warm-up first (ms): ${slowestBySecond.map((ms) => Math.round(ms ?? 0)).join(' ')}\n`,
    );
    const window = (Math.max(lastDelivery, measuredFrom + 1) - measuredFrom) / 1000;
    return {
      backend,
      targetRate: rate,
      sent: stats.sent,
      stored: stats.stored,
      delivered: latencies.count,
      errors: stats.errors,
      throughput: Math.round(latencies.count / window),
      latencyMs: latencies.summary(),
      httpMs: { p50: stats.httpLatencies.summary().p50, p99: stats.httpLatencies.summary().p99 },
      memory: { beforeMb, peakMb, samples },
    };
  });

const main = async () => {
  const results: TResult[] = [];
  for (const backend of backends) {
    process.stderr.write(`${backend}: ${rate} msgs/s for ${seconds} s (+${warmupSeconds} s warm-up)...\n`);
    results.push(await runBackend(backend));
  }
  printTable([
    [
      'backend',
      'target msgs/s',
      'delivered msgs/s',
      'sent',
      'stored',
      'delivered',
      'p50 ms',
      'p95 ms',
      'p99 ms',
      'max ms',
      'HTTP p50 / p99 ms',
      'RSS before / max sampled / peak MB',
      'errors',
    ],
    ...results.map((r) => [
      r.backend,
      String(r.targetRate),
      String(r.throughput),
      String(r.sent),
      String(r.stored),
      String(r.delivered),
      String(r.latencyMs.p50),
      String(r.latencyMs.p95),
      String(r.latencyMs.p99),
      String(r.latencyMs.max),
      `${r.httpMs.p50} / ${r.httpMs.p99}`,
      `${r.memory.beforeMb} / ${r.memory.samples.reduce((m, sample) => Math.max(m, sample.rssMb), 0)} / ${r.memory.peakMb}`,
      JSON.stringify(r.errors),
    ]),
  ]);
  process.stdout.write(
    `${JSON.stringify({ benchmark: 'inbound', date: new Date().toISOString(), machine: machine(), rate, seconds, visitorCount, results }, null, 2)}\n`,
  );
};

runMain(main);
