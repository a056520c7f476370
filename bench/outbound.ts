// The outbound queue: how fast agents' replies leave through a channel that answers at once, measured in one
// process through the HTTP API (POST /messages/:ticketId) on PGlite and on PostgreSQL (DATABASE_URL).
// Two measures: a burst (BENCH_MESSAGES replies written by 20 agents at once across BENCH_TICKETS tickets,
// sends per second until the last is 'sent') and the time one reply takes from its POST's answer to the
// channel, written one after another (from the POST's start: the send may begin before the answer arrives).
import { performance } from 'node:perf_hooks';
import { inArray } from 'drizzle-orm';
import { receiveMessage } from '../apps/server/src/modules/messages/receive-batch.js';
import { connections, messages } from '../apps/server/src/platform/db/schema.js';
import { startTestApp, type TestApp } from '../apps/server/test/harness.js';
import { machine, percentile, printTable, runMain } from './lib.js';

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 1_000);
const TICKETS = Number(process.env.BENCH_TICKETS ?? 50);
const SINGLES = Number(process.env.BENCH_SINGLES ?? 100);
const WRITERS = 20;

const measure = async (t: TestApp) => {
  const fx = await t.createTenantFixture('Envios');
  const sentAt = new Map<number, number>();
  let sentCount = 0;
  let onSent: () => void = () => undefined;
  t.prosa.services.channels.register({
    kind: 'bench',
    addressKinds: ['phone'],
    idempotent: true,
    send: async (message) => {
      sentAt.set(message.id, performance.now());
      sentCount += 1;
      onSent();
      return { externalId: `bench-${message.id}` };
    },
  });
  const [connection] = await t.db
    .insert(connections)
    .values({ tenantId: fx.tenantId, name: 'Bench', type: 'bench', status: 'CONNECTED' })
    .returning();
  const connectionId = (connection as { id: number }).id;
  const ticketIds: number[] = [];
  for (let n = 0; n < TICKETS; n += 1) {
    const received = await receiveMessage(t.prosa.services, {
      tenantId: fx.tenantId,
      connectionId,
      externalId: `in-${n}`,
      from: { kind: 'phone', value: `55119${String(70000000 + n)}`, name: `Cliente ${n}` },
      body: 'Oi',
      timestamp: Date.now(),
    });
    if (received.duplicate) throw new Error('duplicate');
    ticketIds.push(received.ticket.id);
  }
  const post = async (ticketId: number, body: string): Promise<number> => {
    const res = await t.request('POST', `/messages/${ticketId}`, { token: fx.tokens.admin, body: { body } });
    if (res.status !== 201) throw new Error(`POST ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.id as number;
  };
  const untilSent = (count: number) =>
    new Promise<void>((resolve) => {
      onSent = () => {
        if (sentCount >= count) resolve();
      };
      onSent();
    });

  // Burst: 20 writers, MESSAGES replies spread over the tickets.
  const started = performance.now();
  let next = 0;
  const ids: number[] = [];
  const drained = untilSent(MESSAGES);
  await Promise.all(
    Array.from({ length: WRITERS }, async () => {
      while (next < MESSAGES) {
        const n = next++;
        ids.push(await post(ticketIds[n % TICKETS] as number, `resposta ${n}`));
      }
    }),
  );
  const writtenMs = performance.now() - started;
  await drained;
  const burstMs = performance.now() - started;
  const notSent = await t.db
    .select({ id: messages.id, status: messages.status })
    .from(messages)
    .where(inArray(messages.id, ids));
  const stillPending = notSent.filter((row) => row.status !== 'sent').length;

  // One at a time: from the POST to the channel's send.
  const latencies: number[] = [];
  for (let n = 0; n < SINGLES; n += 1) {
    const done = untilSent(MESSAGES + n + 1);
    const asked = performance.now();
    const id = await post(ticketIds[n % TICKETS] as number, `sozinha ${n}`);
    await done;
    latencies.push((sentAt.get(id) ?? asked) - asked);
  }
  return {
    messages: MESSAGES,
    writtenPerSecond: Math.round((MESSAGES / writtenMs) * 1000),
    sentPerSecond: Math.round((MESSAGES / burstMs) * 1000),
    notSentAfterDrain: stillPending,
    singleP50: percentile(latencies, 50),
    singleP99: percentile(latencies, 99),
  };
};

runMain(async () => {
  const kind = process.env.DATABASE_URL ? 'postgres' : 'pglite';
  const t = await startTestApp();
  try {
    const result = { kind, ...(await measure(t)) };
    process.stdout.write(`${JSON.stringify({ machine: machine(), result }, null, 2)}\n`);
    printTable([
      ['backend', 'replies', 'written/s', 'sent/s', 'one reply: POST -> channel p50 / p99 (ms)'],
      [
        kind,
        String(result.messages),
        String(result.writtenPerSecond),
        String(result.sentPerSecond),
        `${result.singleP50.toFixed(1)} / ${result.singleP99.toFixed(1)}`,
      ],
    ]);
  } finally {
    await t.close();
  }
});
