// Inbound throughput through the WhatsApp Cloud API webhook path (POST /wabahooks/:token): the exact
// envelope Meta posts (one customer text message each, distinct wamids), signed with the app secret
// (X-Hub-Signature-256) as Meta signs it, checked by the server on the raw bytes, then parsed and handed to
// the inbound pipeline (contact, ticket, insert, commit) until the tenant admin's Socket.IO connection
// receives each message as `chat:create` on `{tenantId}:ticketList` (the same "done" signal as
// bench/inbound.ts).
//
// PostgreSQL only (a fresh database on the server of DATABASE_URL for each rate), with the fake Graph API
// of packages/fakes in this process (the server checks the connection's credentials with it on creation).
// Per rate: a fresh server, a tenant, a Cloud API connection; BENCH_CUSTOMERS customers (1,000) and
// BENCH_BURST_CUSTOMERS (20) open their conversation first (not measured); then deliveries are scheduled at the
// rate, open loop, for BENCH_SECONDS after BENCH_WARMUP (5) s of warm-up ramping up to it. In every
// BENCH_BURST_EVERY (100) deliveries, BENCH_BURST_SIZE (10) consecutive ones are a burst of one burst customer; the
// rest go round robin over the others. Each customer's deliveries are posted one after the other (the next when the
// previous was answered), so the order they are stored in must be the order they were sent; a delivery whose
// customer is still waiting for an answer waits too (reported as "sender wait"). BENCH_SERIAL=0 posts every
// delivery at its time instead (pure open loop, as bench/inbound.ts): then only the pairs where the later delivery
// was posted after the earlier one was answered have an order to check. Every BENCH_REPLAY_EVERY-th (100) answered
// delivery is posted again byte for byte, as Meta retries (0: none). `max` is a closed loop: every customer posts
// its next message as soon as the previous one is answered.
//
// Afterwards the database is read back: every delivery stored exactly once, none lost, none foreign, each
// on its customer's contact, each customer's messages in the order sent, each announced once. Also printed:
// the cost per delivery of the signature check, of opening the sealed credentials and of parsing.
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:55432/postgres node --import tsx bench/waba-inbound.ts
//   BENCH_RATES (100,300,1000,max), BENCH_SECONDS (15), BENCH_CUSTOMERS (1000), BENCH_BURST_CUSTOMERS (20),
//   BENCH_BURST_SIZE (10), BENCH_BURST_EVERY (100), BENCH_REPLAY_EVERY (100), BENCH_SERIAL=0,
//   BENCH_OPEN_FIRST=0 (customers are new when the run starts), BENCH_CONNECTIONS (256 client sockets),
//   BENCH_SIGNATURE_ITERATIONS (100000), BENCH_SERVER_NODE_ARGS (as for bench/inbound.ts)
//
// The CPU columns come from /proc (Linux): the server process, the PostgreSQL backends of the cluster, this
// process, and "other" (the rest of the machine's busy time): a run with "other" above a few % shared the
// two cores with something else and says little about the server.
//
// Prints a table on stderr and JSON on stdout.
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { events, type TTicketListEvent } from '@prosa/contracts';
import { metaWebhook, startFakeMetaCloud, type TFakeMetaNumber } from '@prosa/fakes';
import pg from 'pg';
import { io } from 'socket.io-client';
import { Agent, setGlobalDispatcher } from 'undici';
import { parseWabaWebhook } from '../apps/server/src/channels/waba/waba-webhook.js';
import {
  benchPasswords,
  freshDatabase,
  login,
  machine,
  percentile,
  printTable,
  rampedSchedule,
  request,
  runMain,
  spawnServer,
  warmupSeconds,
} from './lib.js';

const adminUrl = process.env.DATABASE_URL;
const rates = (process.env.BENCH_RATES ?? '100,300,1000,max').split(',').map((rate) => rate.trim());
const seconds = Number(process.env.BENCH_SECONDS ?? 15);
const customerCount = Number(process.env.BENCH_CUSTOMERS ?? 1000);
const burstCustomerCount = Number(process.env.BENCH_BURST_CUSTOMERS ?? 20);
const burstSize = burstCustomerCount > 0 ? Number(process.env.BENCH_BURST_SIZE ?? 10) : 0;
const burstEvery = Number(process.env.BENCH_BURST_EVERY ?? 100);
const replayEvery = Number(process.env.BENCH_REPLAY_EVERY ?? 100);
const openFirst = process.env.BENCH_OPEN_FIRST !== '0';
/** 0: every delivery is posted at its time, even while the same customer's previous one is unanswered. */
const serial = process.env.BENCH_SERIAL !== '0';
const signatureIterations = Number(process.env.BENCH_SIGNATURE_ITERATIONS ?? 100_000);
const clockTicks = 100;

// Meta's webhook deliveries come over many connections; 256 keep-alive sockets, as in bench/inbound.ts.
setGlobalDispatcher(
  new Agent({ connections: Number(process.env.BENCH_CONNECTIONS ?? 256), pipelining: 1, keepAliveTimeout: 30_000 }),
);

const number: TFakeMetaNumber = {
  phoneNumberId: '106540352242922',
  wabaId: '102290129340398',
  accessToken: `EAAG${randomBytes(24).toString('hex')}`,
  displayPhoneNumber: '+55 11 4003-1234',
};
const appSecret = randomBytes(16).toString('hex');

/** Customer `i`'s WhatsApp id: a Brazilian mobile (55 11 9xxxx-xxxx), distinct for each. */
const waIdOf = (customer: number) => `55119${10_000_000 + customer}`;
const nameOf = (customer: number) => `Cliente ${customer}`;
const bodyOf = (seq: number, customer: number, n: number) => `Oi, pedido ${seq} (c${customer} #${n})`;

/** Who sends delivery `seq`: bursts of `burstSize` from a burst customer, the rest round robin. */
const customerOf = (seq: number) => {
  const pos = seq % burstEvery;
  const round = Math.floor(seq / burstEvery);
  if (pos < burstSize) return customerCount + (round % burstCustomerCount);
  return (round * (burstEvery - burstSize) + pos - burstSize) % customerCount;
};

type TDelivery = {
  seq: number;
  customer: number;
  /** The customer's n-th message (0: the one that opened the conversation). */
  n: number;
  wamid: string;
  body: string;
  raw: string;
  signature: string;
  measured: boolean;
  scheduledAt: number;
  postedAt: number;
  answeredAt: number;
  status: number;
  announced: number;
  announcedAt: number;
};

type TCpu = { server: number; postgres: number; generator: number; machine: number; wall: number };

type TResult = {
  rate: string;
  /** Deliveries scheduled in the measured window (and how many of them were bursts). */
  deliveries: number;
  burstDeliveries: number;
  /** Deliveries scheduled per second in the window (null for `max`, a closed loop). */
  offeredPerSecond: number | null;
  /** 200 answers that arrived in the measured window, per second. */
  acceptedPerSecond: number;
  /** Announcements (chat:create at the admin) that arrived in the window, per second. */
  deliveredPerSecond: number;
  /** Deliveries scheduled by the end of the window and not yet answered then (the backlog). */
  behindAtEnd: number;
  latencyMs: { p50: number; p95: number; p99: number; max: number };
  httpMs: { p50: number; p95: number; p99: number };
  /** Time a delivery waited behind its customer's previous one before being posted. */
  senderWaitMs: { p50: number; p99: number; max: number };
  errors: Record<string, number>;
  replays: { sent: number; ok: number; errors: number };
  check: {
    sentInAll: number;
    storedRows: number;
    duplicates: number;
    lost: number;
    foreign: number;
    wrongContact: number;
    customersChecked: number;
    /** Pairs of one customer's deliveries where the second was posted after the first was answered. */
    orderedPairs: number;
    outOfOrder: number;
    notAnnounced: number;
    announcedTwice: number;
  };
  /**
   * CPU over the measured window, as % of one core: the server, PostgreSQL, this load generator, and
   * everything else on the machine (anything above a few % means the run shared the cores with other work).
   */
  cpuPercent: { server: number; postgres: number; generator: number; other: number };
  /** Server CPU per accepted delivery over the window, ms. */
  serverCpuMsPerMessage: number;
};

const round1 = (value: number) => Math.round(value * 10) / 10;
const ms = (values: number[], p: number) => Math.round(percentile(values, p));

/** utime + stime of a process, in clock ticks (0 when it is gone). */
const cpuTicks = (pid: number) => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
};

/** Busy time of the whole machine so far (all cores), in clock ticks, from /proc/stat. */
const machineBusyTicks = () => {
  const fields = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '').trim().split(/\s+/).slice(1).map(Number);
  // user nice system idle iowait irq softirq steal
  const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = fields;
  return user + nice + system + irq + softirq + steal;
};

/** CPU so far of the server, of every PostgreSQL process the cluster lists, of this process and in all. */
const cpuSnapshot = async (serverPid: number, db: pg.Client) => {
  const { rows } = await db.query<{ pid: number }>('select pid from pg_stat_activity');
  const postgres = new Map(rows.map((row) => [row.pid, cpuTicks(row.pid)]));
  const own = process.cpuUsage();
  return {
    server: cpuTicks(serverPid),
    postgres,
    generator: (own.user + own.system) / 1000,
    machine: machineBusyTicks(),
    wall: performance.now(),
  };
};

const cpuBetween = (
  before: Awaited<ReturnType<typeof cpuSnapshot>>,
  after: Awaited<ReturnType<typeof cpuSnapshot>>,
): TCpu => {
  let postgresTicks = 0;
  for (const [pid, ticks] of after.postgres) postgresTicks += ticks - (before.postgres.get(pid) ?? 0);
  return {
    server: ((after.server - before.server) * 1000) / clockTicks,
    postgres: (postgresTicks * 1000) / clockTicks,
    generator: after.generator - before.generator,
    machine: ((after.machine - before.machine) * 1000) / clockTicks,
    wall: after.wall - before.wall,
  };
};

const runRate = async (rate: string): Promise<TResult> => {
  if (!adminUrl) throw new Error('this benchmark runs on PostgreSQL: set DATABASE_URL');
  const isMax = rate === 'max';
  const perSecond = isMax ? 0 : Number(rate);
  if (!isMax && !(Number.isFinite(perSecond) && perSecond > 0)) throw new Error(`bad rate ${rate}`);

  const meta = await startFakeMetaCloud(number);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'prosa-bench-waba-'));
  const database = await freshDatabase(adminUrl);
  const db = new pg.Client({ connectionString: database.url });
  const server = await spawnServer({
    dataDir,
    databaseUrl: database.url,
    env: { LOG_LEVEL: 'warn', META_GRAPH_URL: meta.graphUrl },
  }).catch(async (error: unknown) => {
    // A server that never got ready leaves nothing behind either.
    await meta.close();
    rmSync(dataDir, { recursive: true, force: true });
    await database.drop();
    throw error;
  });
  const socket = { current: undefined as ReturnType<typeof io> | undefined };
  try {
    await db.connect();
    // A tenant of its own, its admin, and the Cloud API connection (checked with the fake Graph API).
    const root = await login(server.base, 'superadmin@prosa.local', benchPasswords.superadmin);
    const adminEmail = 'admin@waba.bench';
    const tenant = await request<{ tenant: { id: number } }>(server.base, 'POST', '/tenants', {
      token: root.token,
      body: {
        name: 'Loja Nuvem',
        maxUsers: 5,
        maxConnections: 5,
        admin: { name: 'Admin Nuvem', email: adminEmail, password: benchPasswords.demo },
      },
    });
    if (tenant.status !== 201) throw new Error(`create tenant: ${tenant.status} ${JSON.stringify(tenant.body)}`);
    const admin = await login(server.base, adminEmail, benchPasswords.demo);
    const created = await request<{ id: number; token: string; status: string }>(server.base, 'POST', '/whatsapp', {
      token: admin.token,
      body: {
        name: 'WhatsApp oficial',
        type: 'waba',
        config: {
          phoneNumberId: number.phoneNumberId,
          wabaId: number.wabaId,
          accessToken: number.accessToken,
          appSecret,
        },
      },
    });
    if (created.status !== 201 || created.body.status !== 'CONNECTED')
      throw new Error(`create waba connection: ${created.status} ${JSON.stringify(created.body)}`);
    const connectionId = created.body.id;
    const webhookUrl = `${server.base}/wabahooks/${created.body.token}`;

    const all: TDelivery[] = [];
    const byBody = new Map<string, TDelivery>();
    const counters = new Map<number, number>();
    const errors: Record<string, number> = {};
    const replays = { sent: 0, ok: 0, errors: 0 };
    const pending: Promise<void>[] = [];
    const chains = new Map<number, Promise<void>>();

    /** Meta's envelope for the customer's next message, signed with the app secret. */
    const makeDelivery = (seq: number, customer: number, measured: boolean): TDelivery => {
      const n = counters.get(customer) ?? 0;
      counters.set(customer, n + 1);
      const body = bodyOf(seq, customer, n);
      const wamid = `wamid.HBgN${randomBytes(24).toString('base64url')}`;
      const payload = metaWebhook.message(
        number,
        { waId: waIdOf(customer), name: nameOf(customer) },
        { type: 'text', text: { body } },
        wamid,
      );
      const raw = JSON.stringify(payload);
      const delivery: TDelivery = {
        seq,
        customer,
        n,
        wamid,
        body,
        raw,
        signature: metaWebhook.sign(appSecret, raw),
        measured,
        scheduledAt: performance.now(),
        postedAt: 0,
        answeredAt: 0,
        status: 0,
        announced: 0,
        announcedAt: 0,
      };
      all.push(delivery);
      byBody.set(body, delivery);
      return delivery;
    };

    const post = (raw: string, signature: string) =>
      fetch(webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature },
        body: raw,
      }).then(async (res) => {
        await res.arrayBuffer();
        return res.status;
      });

    const replay = (delivery: TDelivery) => {
      replays.sent++;
      pending.push(
        post(delivery.raw, delivery.signature).then(
          (status) => {
            if (status === 200) replays.ok++;
            else replays.errors++;
          },
          () => {
            replays.errors++;
          },
        ),
      );
    };

    const postDelivery = async (delivery: TDelivery) => {
      delivery.postedAt = performance.now();
      try {
        delivery.status = await post(delivery.raw, delivery.signature);
      } catch (error) {
        delivery.status = -1;
        const key = error instanceof Error ? error.message : 'error';
        errors[key] = (errors[key] ?? 0) + 1;
        return;
      }
      delivery.answeredAt = performance.now();
      if (delivery.status !== 200) errors[String(delivery.status)] = (errors[String(delivery.status)] ?? 0) + 1;
      else if (replayEvery > 0 && delivery.seq % replayEvery === 7) replay(delivery);
    };

    /** Posts a delivery once its customer's previous one was answered (at once with BENCH_SERIAL=0). */
    const fire = (delivery: TDelivery) => {
      if (!serial) {
        pending.push(postDelivery(delivery));
        return;
      }
      const done = (chains.get(delivery.customer) ?? Promise.resolve()).then(() => postDelivery(delivery));
      chains.set(delivery.customer, done);
      pending.push(done);
    };

    // The admin's socket, as the web app connects it: the "done" signal of each message.
    const adminSocket = io(server.base, { auth: { token: admin.token }, transports: ['websocket'], forceNew: true });
    socket.current = adminSocket;
    await new Promise<void>((resolve, reject) => {
      adminSocket.once('connect', () => resolve());
      adminSocket.once('connect_error', reject);
    });
    adminSocket.on(events.ticketList(admin.tenantId), (event: TTicketListEvent) => {
      if (event.type !== 'chat:create') return;
      const delivery = byBody.get(event.payload.body);
      if (!delivery) return;
      delivery.announced++;
      if (delivery.announced === 1) delivery.announcedAt = performance.now();
    });

    // Every customer opens their conversation first (contact and ticket made): the measured flow is the
    // steady one of open conversations, as in bench/inbound.ts. BENCH_OPEN_FIRST=0 leaves them new.
    if (openFirst) {
      const everyone = Array.from({ length: customerCount + burstCustomerCount }, (_, i) => i);
      for (let i = 0; i < everyone.length; i += 20) {
        await Promise.all(
          everyone.slice(i, i + 20).map((customer) => postDelivery(makeDelivery(-1 - customer, customer, false))),
        );
      }
      if (Object.keys(errors).length > 0) throw new Error(`opening conversations: ${JSON.stringify(errors)}`);
    }

    const serverPid = server.child.pid as number;
    const start = performance.now();
    const measuredFrom = start + warmupSeconds * 1000;
    const measuredTo = measuredFrom + seconds * 1000;
    let seq = 0;
    let cpuBefore: Awaited<ReturnType<typeof cpuSnapshot>> | undefined;
    let cpuAfter: Awaited<ReturnType<typeof cpuSnapshot>> | undefined;
    let sampling = false;
    const sampleCpu = async () => {
      if (sampling) return;
      sampling = true;
      const now = performance.now();
      if (!cpuBefore && now >= measuredFrom) cpuBefore = await cpuSnapshot(serverPid, db);
      if (!cpuAfter && now >= measuredTo) cpuAfter = await cpuSnapshot(serverPid, db);
      sampling = false;
    };
    if (isMax) {
      // Closed loop: every customer posts its next message as soon as the previous one is answered.
      const ticker = setInterval(() => void sampleCpu(), 10);
      await Promise.all(
        Array.from({ length: customerCount + burstCustomerCount }, async (_, customer) => {
          while (performance.now() < measuredTo) {
            const delivery = makeDelivery(seq++, customer, performance.now() >= measuredFrom);
            await postDelivery(delivery);
          }
        }),
      );
      clearInterval(ticker);
    } else {
      // Open loop in 10 ms slots (as bench/inbound.ts); the warm-up ramps up and is not measured.
      const sentBy = rampedSchedule(perSecond, warmupSeconds);
      const total = Math.round(sentBy(seconds + warmupSeconds));
      while (seq < total) {
        await sampleCpu();
        const slot = Math.floor((performance.now() - start) / 10);
        const due = Math.min(total, Math.round(sentBy((slot + 1) / 100)));
        while (seq < due) {
          fire(makeDelivery(seq, customerOf(seq), performance.now() >= measuredFrom));
          seq++;
        }
        await new Promise((r) => setTimeout(r, Math.max(0, start + (slot + 1) * 10 - performance.now())));
      }
    }
    while (performance.now() < measuredTo || sampling) await new Promise((r) => setTimeout(r, 5));
    await sampleCpu();
    /** Deliveries scheduled but not yet answered when the measured window closed. */
    const behindAtEnd = all.filter(
      (d) => d.seq >= 0 && d.scheduledAt < measuredTo && !(d.answeredAt > 0 && d.answeredAt <= measuredTo),
    ).length;
    // Wait for every answer (replays are pushed while we wait).
    for (let settled = 0; settled < pending.length; ) {
      const batch = pending.slice(settled);
      await Promise.all(batch);
      settled += batch.length;
    }
    // Then the last announcements (bounded), and a moment for a late duplicate announcement to show.
    const waitUntil = performance.now() + 10_000;
    const unannounced = () => all.filter((d) => d.status === 200 && d.announced === 0).length;
    while (unannounced() > 0 && performance.now() < waitUntil) await new Promise((r) => setTimeout(r, 50));
    await new Promise((r) => setTimeout(r, 500));

    // Read back what was stored.
    const { rows } = await db.query<{ id: number; message_id: string; body: string; number: string | null }>(
      `select m.id, m.message_id, m.body, c.number
         from messages m join contacts c on c.id = m.contact_id
        where m.tenant_id = $1 and m.whatsapp_id = $2 and not m.from_me
        order by m.id`,
      [admin.tenantId, connectionId],
    );
    const sentByWamid = new Map(all.map((delivery) => [delivery.wamid, delivery]));
    const storedTimes = new Map<string, number>();
    const storedId = new Map<TDelivery, number>();
    let foreign = 0;
    let wrongContact = 0;
    for (const row of rows) {
      storedTimes.set(row.message_id, (storedTimes.get(row.message_id) ?? 0) + 1);
      const delivery = sentByWamid.get(row.message_id);
      if (!delivery || delivery.body !== row.body) {
        foreign++;
        continue;
      }
      storedId.set(delivery, Number(row.id));
      if ((row.number ?? '').replace(/\D/g, '').slice(-8) !== waIdOf(delivery.customer).slice(-8)) wrongContact++;
    }
    // Order: whenever a customer's delivery was posted after an earlier one of theirs had been answered, it
    // must be stored after it (a larger id). With BENCH_SERIAL (the default) that is every pair.
    const outOfOrderCustomers = new Set<number>();
    let orderedPairs = 0;
    const byCustomer = new Map<number, TDelivery[]>();
    for (const delivery of storedId.keys()) {
      const list = byCustomer.get(delivery.customer);
      if (list) list.push(delivery);
      else byCustomer.set(delivery.customer, [delivery]);
    }
    for (const [customer, list] of byCustomer) {
      const answered = list.filter((d) => d.answeredAt > 0).sort((a, b) => a.answeredAt - b.answeredAt);
      const posted = [...list].sort((a, b) => a.postedAt - b.postedAt);
      let highest = -1;
      let before = 0;
      let i = 0;
      for (const later of posted) {
        while (i < answered.length && (answered[i] as TDelivery).answeredAt <= later.postedAt) {
          highest = Math.max(highest, storedId.get(answered[i] as TDelivery) as number);
          before++;
          i++;
        }
        orderedPairs += before;
        if (highest >= (storedId.get(later) as number)) outOfOrderCustomers.add(customer);
      }
    }
    const answeredOk = all.filter((delivery) => delivery.status === 200);
    const check = {
      sentInAll: all.length,
      storedRows: rows.length,
      duplicates: [...storedTimes.values()].filter((times) => times > 1).length,
      lost: answeredOk.filter((delivery) => !storedTimes.has(delivery.wamid)).length,
      foreign,
      wrongContact,
      customersChecked: byCustomer.size,
      orderedPairs,
      outOfOrder: outOfOrderCustomers.size,
      notAnnounced: answeredOk.filter((delivery) => delivery.announced === 0).length,
      announcedTwice: all.filter((delivery) => delivery.announced > 1).length,
    };

    // Throughput: answers (200) and announcements that happened inside the measured window, whichever
    // delivery they belong to, per second of the window. Latency: the deliveries scheduled in the window.
    const measured = all.filter((delivery) => delivery.measured);
    const inWindow = (at: number) => at >= measuredFrom && at <= measuredTo;
    const windowSeconds = (measuredTo - measuredFrom) / 1000;
    const acceptedInWindow = all.filter((d) => d.status === 200 && inWindow(d.answeredAt)).length;
    const announcedInWindow = all.filter((d) => d.announced > 0 && inWindow(d.announcedAt)).length;
    const latencies = measured.filter((d) => d.announced > 0).map((d) => d.announcedAt - d.postedAt);
    const http = measured.filter((d) => d.status === 200).map((d) => d.answeredAt - d.postedAt);
    const waits = measured.map((d) => d.postedAt - d.scheduledAt);
    const cpu = cpuBetween(
      cpuBefore as Awaited<ReturnType<typeof cpuSnapshot>>,
      cpuAfter as Awaited<ReturnType<typeof cpuSnapshot>>,
    );
    return {
      rate,
      deliveries: measured.length,
      burstDeliveries: isMax ? 0 : measured.filter((d) => d.customer >= customerCount).length,
      offeredPerSecond: isMax ? null : Math.round(measured.length / windowSeconds),
      acceptedPerSecond: Math.round(acceptedInWindow / windowSeconds),
      deliveredPerSecond: Math.round(announcedInWindow / windowSeconds),
      behindAtEnd,
      latencyMs: { p50: ms(latencies, 50), p95: ms(latencies, 95), p99: ms(latencies, 99), max: ms(latencies, 100) },
      httpMs: { p50: ms(http, 50), p95: ms(http, 95), p99: ms(http, 99) },
      senderWaitMs: { p50: ms(waits, 50), p99: ms(waits, 99), max: ms(waits, 100) },
      errors,
      replays,
      check,
      cpuPercent: {
        server: Math.round((cpu.server / cpu.wall) * 100),
        postgres: Math.round((cpu.postgres / cpu.wall) * 100),
        generator: Math.round((cpu.generator / cpu.wall) * 100),
        other: Math.round(((cpu.machine - cpu.server - cpu.postgres - cpu.generator) / cpu.wall) * 100),
      },
      serverCpuMsPerMessage: round1(cpu.server / Math.max(1, acceptedInWindow)),
    };
  } finally {
    socket.current?.close();
    await server.stop();
    await db.end().catch(() => undefined);
    await meta.close();
    rmSync(dataDir, { recursive: true, force: true });
    await database.drop();
  }
};

/**
 * What the webhook route spends on crypto and parsing per delivery, in this process: the signature check
 * as waba.ts does it (HMAC-SHA256 of the raw body, hex, constant-time compare), opening the two sealed
 * credentials as `credentialsOf` does (AES-256-GCM), and JSON.parse plus the webhook's own parser.
 */
const perDeliveryCosts = () => {
  const raw = JSON.stringify(
    metaWebhook.message(
      number,
      { waId: waIdOf(123), name: nameOf(123) },
      { type: 'text', text: { body: bodyOf(123456, 123, 42) } },
      `wamid.HBgN${randomBytes(24).toString('base64url')}`,
    ),
  );
  const bytes = Buffer.from(raw);
  const header = metaWebhook.sign(appSecret, raw);
  const key = Buffer.from(hkdfSync('sha256', randomBytes(32), 'prosa', 'connection-secrets-v1', 32));
  const seal = (plain: string) => {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return ['v1', iv, cipher.getAuthTag(), body]
      .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
      .join('.');
  };
  const open = (sealed: string) => {
    const [, iv, tag, body] = sealed.split('.') as [string, string, string, string];
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  };
  const sealedToken = seal(number.accessToken);
  const sealedSecret = seal(appSecret);
  const checks = {
    signature: () => {
      const expected = Buffer.from(`sha256=${createHmac('sha256', appSecret).update(bytes).digest('hex')}`);
      const given = Buffer.from(header);
      if (!(given.length === expected.length && timingSafeEqual(given, expected))) throw new Error('bad signature');
    },
    credentials: () => {
      if (open(sealedToken) !== number.accessToken || open(sealedSecret) !== appSecret) throw new Error('bad seal');
    },
    parse: () => {
      if (parseWabaWebhook(JSON.parse(bytes.toString('utf8'))).length !== 1) throw new Error('bad parse');
    },
  };
  /** Microseconds per call: the best of three rounds (the least disturbed by anything else running). */
  const timed = (work: () => void) => {
    for (let i = 0; i < 5_000; i++) work();
    let best = Number.POSITIVE_INFINITY;
    for (let round = 0; round < 3; round++) {
      const started = performance.now();
      for (let i = 0; i < signatureIterations; i++) work();
      best = Math.min(best, performance.now() - started);
    }
    return Math.round((best * 1000 * 100) / signatureIterations) / 100;
  };
  return {
    bodyBytes: bytes.length,
    iterations: signatureIterations,
    signatureCheckUs: timed(checks.signature),
    openCredentialsUs: timed(checks.credentials),
    jsonAndWebhookParseUs: timed(checks.parse),
  };
};

const main = async () => {
  const costs = perDeliveryCosts();
  process.stderr.write(
    `per delivery (${costs.bodyBytes} B body, ${costs.iterations} iterations): signature check ${costs.signatureCheckUs} µs, ` +
      `opening the two sealed credentials ${costs.openCredentialsUs} µs, JSON.parse + parseWabaWebhook ${costs.jsonAndWebhookParseUs} µs\n`,
  );
  const results: TResult[] = [];
  for (const rate of rates) {
    process.stderr.write(
      rate === 'max'
        ? `max: every customer back to back for ${seconds} s (+${warmupSeconds} s warm-up)...\n`
        : `${rate} msgs/s for ${seconds} s (+${warmupSeconds} s warm-up)...\n`,
    );
    const result = await runRate(rate);
    results.push(result);
    process.stderr.write(`${JSON.stringify(result)}\n`);
    if (result.cpuPercent.other > 10)
      process.stderr.write(`warning: other processes used ${result.cpuPercent.other}% of a core during this run\n`);
  }
  printTable([
    [
      'target msgs/s',
      'deliveries (bursts)',
      'accepted/s',
      'announced/s',
      'p50 ms',
      'p95 ms',
      'p99 ms',
      'max ms',
      'HTTP p50 / p99 ms',
      'behind at end',
      'errors',
      'stored / dup / lost / out of order',
      'CPU % server / pg / gen / other',
    ],
    ...results.map((r) => [
      r.rate,
      `${r.deliveries} (${r.burstDeliveries})`,
      String(r.acceptedPerSecond),
      String(r.deliveredPerSecond),
      String(r.latencyMs.p50),
      String(r.latencyMs.p95),
      String(r.latencyMs.p99),
      String(r.latencyMs.max),
      `${r.httpMs.p50} / ${r.httpMs.p99}`,
      String(r.behindAtEnd),
      JSON.stringify(r.errors),
      `${r.check.storedRows}/${r.check.sentInAll} / ${r.check.duplicates} / ${r.check.lost} / ${r.check.outOfOrder}`,
      `${r.cpuPercent.server} / ${r.cpuPercent.postgres} / ${r.cpuPercent.generator} / ${r.cpuPercent.other}`,
    ]),
  ]);
  process.stdout.write(
    `${JSON.stringify(
      {
        benchmark: 'waba-inbound',
        date: new Date().toISOString(),
        machine: machine(),
        seconds,
        customerCount,
        burst: { customers: burstCustomerCount, size: burstSize, every: burstEvery },
        replayEvery,
        openFirst,
        serial,
        perDeliveryCosts: costs,
        results,
      },
      null,
      2,
    )}\n`,
  );
};

runMain(main);
