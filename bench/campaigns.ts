// The campaign engine at scale (issue 20, "Proof"): a 100,000-contact campaign scheduled through the API (time
// and memory), its sending overhead per message beside the outbound queue's (bench/outbound.ts, run here on
// the same machine), and the inbound latency of live conversations with and without a campaign sending.
//
//   npm run bench:campaigns                                   # PGlite (in memory / a data directory)
//   DATABASE_URL=postgres://postgres@127.0.0.1:55432/postgres npm run bench:campaigns
//   npm run bench:campaigns -- --contacts 100000 --send 5000 --rate 100 --seconds 20
//
// Options: --contacts (the campaign's audience, 100,000), --send (messages the sending measure waits for,
// 5,000), --rate and --seconds (the inbound load, 30 msgs/s for 20 s after a 3 s warm-up: well under what the
// server keeps up with on a shared 2-core machine, so that a slowdown shows as latency, not as a backlog),
// --visitors (web chat visitors of that load, 100), --skip-outbound and --skip-inbound (leave a part out).
// On PGlite use a smaller audience and leave the inbound part out (--contacts 10000 --send 300 --skip-inbound):
// a campaign without delay takes PGlite's one connection over and API calls wait minutes (docs/benchmarks.md).
// `npm run bench:campaigns` runs Node with --expose-gc: the memory figures then include the heap after a
// collection (what the scheduling keeps, not the garbage it made).
//
// Parts: campaigns-engine.ts (schedule and send, in this process), bench/outbound.ts (a child process, its
// JSON read back), campaigns-inbound.ts (a server process of its own: campaigns-server.ts). Prints tables on
// stderr and the JSON report on stdout.
import { spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { measureEngine, type TEngineResult } from './campaigns-engine.js';
import { measureInbound, type TInboundComparison } from './campaigns-inbound.js';
import { machine, printTable, root, runMain } from './lib.js';

const { values: args } = parseArgs({
  options: {
    contacts: { type: 'string', default: '100000' },
    send: { type: 'string', default: '5000' },
    rate: { type: 'string', default: '30' },
    seconds: { type: 'string', default: '20' },
    visitors: { type: 'string', default: '100' },
    'skip-outbound': { type: 'boolean', default: false },
    'skip-inbound': { type: 'boolean', default: false },
  },
});
const contacts = Number(args.contacts);
const send = Math.min(Number(args.send), contacts);
const backend = process.env.DATABASE_URL ? 'postgres' : 'pglite';

type TOutboundResult = { messages: number; sentPerSecond: number; msPerMessage: number };

/** bench/outbound.ts in a child process on the same backend; its JSON report read from stdout. */
const runOutbound = (): Promise<TOutboundResult> =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'bench/outbound.ts'], {
      cwd: root,
      env: process.env,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`bench/outbound.ts exited with ${code}`));
      const { result } = JSON.parse(out) as { result: { messages: number; sentPerSecond: number } };
      resolve({ ...result, msPerMessage: Math.round((1000 / result.sentPerSecond) * 100) / 100 });
    });
  });

const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

const printEngine = (engine: TEngineResult, outbound: TOutboundResult | undefined) => {
  const { schedule, send: s } = engine;
  const mem = schedule.memory;
  printTable([
    [
      'backend',
      'contacts',
      'seed s',
      'create ms',
      'add tag audience ms',
      'start ms',
      'RSS / heap (/ heap after GC) MB: before, after audience, after start, after sends',
    ],
    [
      backend,
      String(engine.contacts),
      String(Math.round(engine.seedMs / 1000)),
      String(schedule.createMs),
      String(schedule.audienceMs),
      String(schedule.startMs),
      [mem.before, mem.afterAudience, mem.afterStart, s.memoryAtEnd]
        .map((m) => `${m.rssMb}/${m.heapUsedMb}${m.heapAfterGcMb === undefined ? '' : `/${m.heapAfterGcMb}`}`)
        .join(', '),
    ],
  ]);
  printTable([
    [
      'sender',
      'messages',
      'msgs/s',
      'ms per message',
      'step cycle p50 / p99 ms',
      'step handler p50 / p99 ms',
      'engine ms per message (cycle / handler, p50)',
    ],
    [
      `campaign (${s.contactsPerStep} a step)`,
      String(s.target),
      String(s.perSecond),
      String(s.msPerMessage),
      `${s.stepCycleMs.p50} / ${s.stepCycleMs.p99}`,
      `${s.stepHandlerMs.p50} / ${s.stepHandlerMs.p99}`,
      `${s.enginePerMessageMs.cycleP50} / ${s.enginePerMessageMs.handlerP50}`,
    ],
    ...(outbound
      ? [
          [
            'outbound queue (bench/outbound.ts burst)',
            String(outbound.messages),
            String(outbound.sentPerSecond),
            String(outbound.msPerMessage),
            '',
            '',
            '',
          ],
        ]
      : []),
  ]);
};

const printInbound = (inbound: TInboundComparison) =>
  printTable([
    [
      'inbound load',
      'campaign msgs/s meanwhile',
      'delivered',
      'p50 ms',
      'p95 ms',
      'p99 ms',
      'max ms',
      'HTTP p50 / p99 ms',
      'server busy % / loop delay p99 ms / pool waiters max',
      'errors',
    ],
    ...[inbound.alone, inbound.withCampaign, inbound.aloneAgain].map((phase) => [
      `${phase.label} (${inbound.rate} msgs/s, ${inbound.seconds} s)`,
      String(phase.campaignPerSecond),
      String(phase.delivered),
      String(phase.latencyMs.p50),
      String(phase.latencyMs.p95),
      String(phase.latencyMs.p99),
      String(phase.latencyMs.max),
      `${phase.httpMs.p50} / ${phase.httpMs.p99}`,
      `${phase.server.busyPct} / ${phase.server.loopDelayP99Ms} / ${phase.server.poolWaitingMax}`,
      JSON.stringify(phase.errors),
    ]),
  ]);

runMain(async () => {
  const started = performance.now();
  const loadBefore = load();
  process.stderr.write(`campaigns on ${backend}: ${contacts} contacts, ${send} sends (load ${loadBefore})\n`);
  const engine = await measureEngine({ contacts, send });
  const outbound = args['skip-outbound'] ? undefined : await runOutbound();
  printEngine(engine, outbound);
  let inbound: TInboundComparison | undefined;
  if (!args['skip-inbound']) {
    inbound = await measureInbound({
      backend,
      rate: Number(args.rate),
      seconds: Number(args.seconds),
      visitors: Number(args.visitors),
      // Enough for the campaign to outlast the loaded phase at the rate just measured, with room to spare.
      contacts: Math.min(
        contacts,
        Math.max(10_000, Math.ceil(engine.send.perSecond * (Number(args.seconds) + 30) * 2)),
      ),
    });
    printInbound(inbound);
  }
  const loadAfter = load();
  const seconds = Math.round((performance.now() - started) / 1000);
  process.stderr.write(`done in ${seconds} s (load before ${loadBefore}, after ${loadAfter})\n`);
  process.stdout.write(
    `${JSON.stringify(
      {
        benchmark: 'campaigns',
        date: new Date().toISOString(),
        machine: machine(),
        backend,
        load: { before: loadBefore, after: loadAfter },
        seconds,
        engine,
        outbound,
        inbound,
      },
      null,
      2,
    )}\n`,
  );
});
