// Part 4 of bench/campaigns.ts: do live conversations slow down while a campaign sends? bench/inbound.ts's
// workload (web chat visitors posting into open conversations, open loop, latency from the POST to the agent's
// socket event) run three times against one server process (campaigns-server.ts, with the bench's campaign
// channel and an audience seeded): alone, while a campaign with no delay sends to that audience, and alone
// again once it is paused (the two alone phases bracket the loaded one: the machine's load drifts).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { events, type TTicketListEvent } from '@prosa/contracts';
import type { Socket } from 'socket.io-client';
import { Agent, setGlobalDispatcher } from 'undici';
import { benchCampaignInput } from './campaigns-seed.js';
import {
  benchPasswords,
  createLatencies,
  freshDatabase,
  login,
  request,
  root,
  spawnServer,
  type TServerProcess,
} from './lib.js';
import { connectAgent, createWebchatSender, openWebchatVisitors } from './webchat-visitors.js';

const WARMUP_SECONDS = 3;

type TPhase = {
  label: string;
  sent: number;
  delivered: number;
  errors: Record<string, number>;
  latencyMs: { p50: number; p95: number; p99: number; max: number };
  httpMs: { p50: number; p99: number };
  /** The campaign's sends (handed to the outbound queue) per second over the phase; 0 alone. */
  campaignPerSecond: number;
  /** The server over the phase's measured seconds (campaigns-server.ts's BENCH_LOOP lines). */
  server: TServerLoad;
};

type TServerLoad = { busyPct: number; loopDelayP99Ms: number; poolWaitingMax: number };

/** The server's BENCH_LOOP lines between two wall-clock times: mean busy %, worst delay p99, most pool waiters. */
const serverLoad = (output: string, from: number, to: number): TServerLoad => {
  const lines = [...output.matchAll(/BENCH_LOOP (.*)/g)]
    .map(
      (match) =>
        JSON.parse(match[1] as string) as { at: number; busy: number; delayP99Ms: number; poolWaiting: number },
    )
    .filter((line) => line.at > from && line.at <= to);
  if (lines.length === 0) return { busyPct: Number.NaN, loopDelayP99Ms: Number.NaN, poolWaitingMax: Number.NaN };
  return {
    busyPct: Math.round(lines.reduce((sum, line) => sum + line.busy, 0) / lines.length),
    loopDelayP99Ms: lines.reduce((worst, line) => Math.max(worst, line.delayP99Ms), 0),
    poolWaitingMax: lines.reduce((most, line) => Math.max(most, line.poolWaiting), 0),
  };
};

export type TInboundComparison = {
  rate: number;
  seconds: number;
  visitors: number;
  audience: number;
  alone: TPhase;
  withCampaign: TPhase;
  aloneAgain: TPhase;
};

type TLoad = {
  base: string;
  channel: string;
  visitors: string[];
  socket: Socket;
  tenantId: number;
  rate: number;
  seconds: number;
};

/** One phase of the open loop (bench/inbound.ts's, in 10 ms slots), numbered from `firstSeq`. */
const runPhase = async (load: TLoad, label: string, firstSeq: number) => {
  const sentAt = new Map<string, number>();
  const latencies = createLatencies();
  let measuredFrom = Number.POSITIVE_INFINITY;
  const listener = (event: TTicketListEvent) => {
    if (event.type !== 'chat:create') return;
    const startedAt = sentAt.get(event.payload.body);
    if (startedAt === undefined) return;
    sentAt.delete(event.payload.body);
    if (startedAt >= measuredFrom) latencies.add(performance.now() - startedAt);
  };
  load.socket.on(events.ticketList(load.tenantId), listener);
  const sender = createWebchatSender({ ...load, sentAt, measuredFrom: () => measuredFrom });
  const total = Math.round(load.rate * (load.seconds + WARMUP_SECONDS));
  const perSlot = load.rate / 100;
  const start = performance.now();
  const measuredFromWall = Date.now() + WARMUP_SECONDS * 1000;
  let seq = 0;
  let measuredSent = 0;
  while (seq < total) {
    const slot = Math.floor((performance.now() - start) / 10);
    const due = Math.min(total, Math.round((slot + 1) * perSlot));
    if (measuredFrom === Number.POSITIVE_INFINITY && performance.now() - start >= WARMUP_SECONDS * 1000)
      measuredFrom = performance.now();
    while (seq < due) {
      sender.fire(firstSeq + seq++);
      if (measuredFrom !== Number.POSITIVE_INFINITY) measuredSent++;
    }
    await new Promise((r) => setTimeout(r, Math.max(0, start + (slot + 1) * 10 - performance.now())));
  }
  const measuredToWall = Date.now();
  await sender.drain();
  const waitUntil = performance.now() + 10_000;
  while (latencies.count < measuredSent && performance.now() < waitUntil) await new Promise((r) => setTimeout(r, 50));
  load.socket.off(events.ticketList(load.tenantId), listener);
  const http = sender.stats.httpLatencies.summary();
  return {
    label,
    sent: sender.stats.sent,
    delivered: latencies.count,
    errors: sender.stats.errors,
    latencyMs: latencies.summary(),
    httpMs: { p50: http.p50, p99: http.p99 },
    measuredFrom,
    total,
    wall: { from: measuredFromWall, to: measuredToWall },
  };
};

/** The campaign server on a fresh data directory (PGlite) or database (PostgreSQL), removed afterwards. */
const withCampaignServer = async <T>(
  backend: string,
  audience: number,
  work: (server: TServerProcess) => Promise<T>,
): Promise<T> => {
  const adminUrl = process.env.DATABASE_URL;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'prosa-bench-campaigns-'));
  const database = backend === 'postgres' && adminUrl ? await freshDatabase(adminUrl) : undefined;
  try {
    const server = await spawnServer({
      dataDir,
      databaseUrl: database?.url,
      script: path.join(root, 'bench/campaigns-server.ts'),
      env: {
        LOG_LEVEL: 'warn',
        WEBCHAT_SESSIONS_PER_MINUTE: '1000000',
        WEBCHAT_MESSAGES_PER_MINUTE: '1000000',
        BENCH_CAMPAIGN_CONTACTS: String(audience),
      },
    });
    try {
      return await work(server);
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    await database?.drop();
  }
};

export const measureInbound = (options: {
  backend: string;
  rate: number;
  seconds: number;
  visitors: number;
  contacts: number;
}): Promise<TInboundComparison> =>
  withCampaignServer(options.backend, options.contacts, async (server) => {
    setGlobalDispatcher(new Agent({ connections: 256, pipelining: 1, keepAliveTimeout: 30_000 }));
    const seedLine = /BENCH_SEED (.*)/.exec(server.output())?.[1];
    if (!seedLine) throw new Error(`no BENCH_SEED line:\n${server.output()}`);
    const seed = JSON.parse(seedLine) as { tagId: number; connectionId: number };
    const admin = await login(server.base, 'admin@demo.local', benchPasswords.demo);
    const api = async <T>(method: string, route: string, body?: unknown) => {
      const res = await request<T>(server.base, method, route, { token: admin.token, body });
      if (res.status >= 300) throw new Error(`${method} ${route}: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body;
    };
    process.stderr.write(`  inbound: ${options.visitors} visitors, audience of ${options.contacts}\n`);
    const { channel, visitors } = await openWebchatVisitors(server.base, admin.token, options.visitors);
    const socket = await connectAgent(server.base, admin.token);
    const load: TLoad = { ...options, base: server.base, channel, visitors, socket, tenantId: admin.tenantId };
    try {
      process.stderr.write('  inbound alone...\n');
      const alone = await runPhase(load, 'alone', 0);

      const campaign = await api<{ id: number }>('POST', '/campaigns', benchCampaignInput(seed.connectionId));
      await api('POST', `/campaigns/contacts/${campaign.id}`, { tagIds: [seed.tagId] });
      await api('POST', `/campaigns/start/${campaign.id}`);
      type TCounts = { counts: { total: number; pending: number } };
      const handedOver = async () => {
        const { counts } = await api<TCounts>('GET', `/campaigns/${campaign.id}`);
        return { at: performance.now(), done: counts.total - counts.pending, pending: counts.pending };
      };
      // Under way before the loaded phase starts.
      while ((await handedOver()).done === 0) await new Promise((r) => setTimeout(r, 100));
      process.stderr.write('  inbound with the campaign sending...\n');
      // The count when the measured window opens (after the phase's warm-up).
      let atStart: Promise<Awaited<ReturnType<typeof handedOver>>> | undefined;
      const timer = setTimeout(() => {
        atStart = handedOver();
      }, WARMUP_SECONDS * 1000);
      const during = await runPhase(load, 'with a campaign', alone.total);
      clearTimeout(timer);
      const from = await (atStart ?? handedOver());
      const atEnd = await handedOver();
      // A campaign that ran out of contacts has finished: nothing to pause.
      if (atEnd.pending > 0) await api('POST', `/campaigns/pause/${campaign.id}`);
      if (atEnd.pending === 0) process.stderr.write('  NOTE: the campaign ran out of contacts during the phase\n');
      // Alone once more, the campaign paused: brackets the loaded phase against drift in the machine's load.
      process.stderr.write('  inbound alone again (campaign paused)...\n');
      const after = await runPhase(load, 'alone again', alone.total + during.total);
      const campaignPerSecond = Math.round(((atEnd.done - from.done) / (atEnd.at - from.at)) * 1000);
      const strip = ({ measuredFrom: _m, total: _t, wall, ...phase }: Awaited<ReturnType<typeof runPhase>>) => ({
        ...phase,
        server: serverLoad(server.output(), wall.from, wall.to),
      });
      return {
        rate: options.rate,
        seconds: options.seconds,
        visitors: options.visitors,
        audience: options.contacts,
        alone: { ...strip(alone), campaignPerSecond: 0 },
        withCampaign: { ...strip(during), campaignPerSecond },
        aloneAgain: { ...strip(after), campaignPerSecond: 0 },
      };
    } finally {
      socket.close();
    }
  });
