import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { fastJobs } from '../../../test/jobs.js';
import { eventually } from '../../../test/sockets.js';
import { ChannelSendError, type TOutboundMessage } from '../../channels/types.js';
import { connections, messages } from '../../platform/db/schema.js';
import { jobIdForKey } from '../../platform/jobs/job-keys.js';
import type { TJobOutcome } from '../../platform/jobs/job-runner.js';
import { MAX_SEND_ATTEMPTS, SEND_MESSAGE_JOB } from './outbound-sender.js';
import { receiveMessage } from './receive-batch.js';

// The outbound queue as durable jobs: a reply is sent once whatever happens to the instances around it, and a
// send that keeps failing ends 'failed' with its reason, for the agent and in the admin's failed jobs.
type TFixture = Awaited<ReturnType<TestApp['createTenantFixture']>>;
type TSend = { instance: string; id: number; body: string };

let sequence = 0;

/** A channel that sends through the queue, takes every send (or refuses it with `fail`) and records it. */
const queuedChannel = (instance: string, sends: TSend[], fail?: () => ChannelSendError | undefined) => ({
  kind: 'test-outbound',
  addressKinds: ['phone'],
  idempotent: true,
  send: async (message: TOutboundMessage) => {
    sends.push({ instance, id: message.id, body: message.body });
    const refusal = fail?.();
    if (refusal) throw refusal;
    return { externalId: `out-${message.id}` };
  },
});

/** The queued channel on `t`, registered after its start. */
const registerChannel = (t: TestApp, instance: string, sends: TSend[], fail?: () => ChannelSendError | undefined) =>
  t.prosa.services.channels.register(queuedChannel(instance, sends, fail));

/** A customer's ticket on a connection of the test channel. */
const openTicket = async (t: TestApp, fx: TFixture, connectionId: number): Promise<number> => {
  const received = await receiveMessage(t.prosa.services, {
    tenantId: fx.tenantId,
    connectionId,
    externalId: `in-${++sequence}`,
    from: { kind: 'phone', value: `55119${String(80000000 + sequence)}`, name: `Cliente ${sequence}` },
    body: 'Oi',
    timestamp: Date.now(),
  });
  if (received.duplicate) throw new Error('duplicate');
  return received.ticket.id;
};

const createConnection = async (t: TestApp, fx: TFixture): Promise<number> => {
  const [row] = await t.db
    .insert(connections)
    .values({ tenantId: fx.tenantId, name: 'Canal de teste', type: 'test-outbound', status: 'CONNECTED' })
    .returning();
  return (row as { id: number }).id;
};

const reply = async (t: TestApp, fx: TFixture, ticketId: number, body: string): Promise<number> => {
  const res = await t.request('POST', `/messages/${ticketId}`, { token: fx.tokens.admin, body: { body } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as number;
};

const rowsOf = (t: TestApp, ids: number[]) =>
  t.db
    .select({ id: messages.id, status: messages.status, attempts: messages.attempts, reason: messages.failureReason })
    .from(messages)
    .where(inArray(messages.id, ids));

describe('outbound sends across restarts and instances', () => {
  it('a reply written by an instance that stopped before sending it is sent once, by the next one', async () => {
    const sends: TSend[] = [];
    // Every instance has the channel from its start, as a provider's.
    const withChannel = (instance: string) => ({ channels: [queuedChannel(instance, sends)] });
    const owner = await startTestApp(fastJobs, withChannel('owner'));
    try {
      // The owner holds the database and sends nothing: its runner is stopped.
      await owner.prosa.services.jobs.stop();
      const fx = await owner.createTenantFixture('Reinicio');
      const ticketId = await openTicket(owner, fx, await createConnection(owner, fx));

      const writer = await startTestApp(fastJobs, { shareDatabaseWith: owner, ...withChannel('writer') });
      await writer.prosa.services.jobs.stop();
      const id = await reply(writer, fx, ticketId, 'Escrita antes de parar');
      await writer.close();
      expect((await rowsOf(owner, [id]))[0]).toMatchObject({ status: 'pending', attempts: 0 });

      const after = await startTestApp(fastJobs, { shareDatabaseWith: owner, ...withChannel('after') });
      try {
        await eventually(async () => expect((await rowsOf(owner, [id]))[0]?.status).toBe('sent'), 15_000);
        expect(sends).toEqual([{ instance: 'after', id, body: 'Escrita antes de parar' }]);
        // One try, by one job, finished.
        expect((await rowsOf(owner, [id]))[0]).toMatchObject({ attempts: 1, reason: null });
        // The job is marked completed just after its handler returns: wait for it.
        await eventually(async () => {
          const { rows } = (await owner.db.execute(
            sql`select state, retry_count from pgboss.job
                where data->>'job' = 'messages.send' and (data->'payload'->>'messageId')::int = ${id}`,
          )) as unknown as { rows: { state: string; retry_count: number }[] };
          expect(rows).toEqual([{ state: 'completed', retry_count: 0 }]);
        }, 15_000);
      } finally {
        await after.close();
      }
    } finally {
      await owner.close();
    }
  }, 180_000);

  it('two instances send each reply once, each ticket in the order it was written', async () => {
    const first = await startTestApp(fastJobs);
    const second = await startTestApp(fastJobs, { shareDatabaseWith: first });
    const sends: TSend[] = [];
    try {
      registerChannel(first, 'first', sends);
      registerChannel(second, 'second', sends);
      const fx = await first.createTenantFixture('Duas instancias');
      const connectionId = await createConnection(first, fx);
      const tickets = [await openTicket(first, fx, connectionId), await openTicket(first, fx, connectionId)];
      const ids: number[] = [];
      for (let n = 0; n < 16; n += 1) {
        const instance = n % 2 === 0 ? first : second;
        ids.push(await reply(instance, fx, tickets[n % 3 === 0 ? 0 : 1] as number, `mensagem ${n}`));
      }
      await eventually(
        async () => expect((await rowsOf(first, ids)).every((row) => row.status === 'sent')).toBe(true),
        30_000,
      );
      expect(sends.map((send) => send.id).sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
      // Within each ticket the sends kept the order of writing.
      for (const ticketId of tickets) {
        const written = (
          await first.db
            .select({ id: messages.id })
            .from(messages)
            .where(and(eq(messages.ticketId, ticketId), inArray(messages.id, ids)))
            .orderBy(messages.id)
        ).map((row) => row.id);
        expect(sends.map((send) => send.id).filter((id) => written.includes(id))).toEqual(written);
      }
    } finally {
      await second.close();
      await first.close();
    }
  }, 180_000);
});

describe('a channel that keeps refusing', () => {
  let t: TestApp;
  let fx: TFixture;
  let ticketId: number;
  const sends: TSend[] = [];
  const statusesSeen: string[] = [];

  beforeAll(async () => {
    t = await startTestApp(fastJobs);
    fx = await t.createTenantFixture('Falhas');
    registerChannel(t, 't', sends, () => new ChannelSendError('ERR_TEST_GATEWAY_DOWN', true));
    ticketId = await openTicket(t, fx, await createConnection(t, fx));
  });
  afterAll(async () => {
    await t.close();
  });

  it('is tried five times, never shown as sent, then failed with the reason, for the agent and the admin', async () => {
    const id = await reply(t, fx, ticketId, 'Vai falhar');
    const watcher = t.prosa.services.jobs.onSettled(() => {
      void rowsOf(t, [id]).then(([row]) => statusesSeen.push(row?.status ?? 'none'));
    });
    try {
      await eventually(async () => expect((await rowsOf(t, [id]))[0]?.status).toBe('failed'), 30_000);
    } finally {
      watcher();
    }
    expect(sends.filter((send) => send.id === id)).toHaveLength(5);
    expect(statusesSeen).not.toContain('sent');
    expect((await rowsOf(t, [id]))[0]).toMatchObject({ attempts: 5, reason: 'ERR_TEST_GATEWAY_DOWN' });

    // The agent sees it failed, with why, in the conversation.
    const conversation = await t.request('GET', `/messages/${ticketId}`, { token: fx.tokens.admin });
    expect(conversation.body.messages.find((m: { id: number }) => m.id === id)).toMatchObject({
      status: 'failed',
      failureReason: 'ERR_TEST_GATEWAY_DOWN',
    });
    // The admin sees the job that gave up; another tenant does not.
    const failed = await t.request('GET', '/jobs/failed', { token: fx.tokens.admin });
    expect(failed.status).toBe(200);
    expect(failed.body).toContainEqual(
      expect.objectContaining({ name: 'messages.send', reason: 'ERR_TEST_GATEWAY_DOWN', attempts: 5 }),
    );
    const other = await t.createTenantFixture('Vizinha das falhas');
    const theirs = await t.request('GET', '/jobs/failed', { token: other.tokens.admin });
    expect(theirs.body).toEqual([]);
  }, 60_000);

  it('a refusal that cannot get better fails at once, and a retry by the agent sends it again', async () => {
    let refuse = true;
    const local: TSend[] = [];
    registerChannel(t, 't', local, () =>
      refuse ? new ChannelSendError('ERR_WAPP_INVALID_CONTACT', false) : undefined,
    );
    const id = await reply(t, fx, ticketId, 'Contato errado');
    await eventually(async () => expect((await rowsOf(t, [id]))[0]?.status).toBe('failed'), 15_000);
    expect(local).toHaveLength(1);
    expect((await rowsOf(t, [id]))[0]).toMatchObject({ attempts: 1, reason: 'ERR_WAPP_INVALID_CONTACT' });

    refuse = false;
    const retried = await t.request('POST', `/messages/${id}/retry`, { token: fx.tokens.admin });
    expect(retried.status).toBe(200);
    await eventually(
      async () => expect((await rowsOf(t, [id]))[0]).toMatchObject({ status: 'sent', attempts: 1 }),
      15_000,
    );
    expect(local).toHaveLength(2);
  }, 60_000);

  it('a last try the channel took but the database could not record ends failed, not pending', async () => {
    const local: TSend[] = [];
    let tries = 0;
    // Four refusals, then the channel takes it and answers an id PostgreSQL cannot store (a NUL byte): the
    // transaction that records the send throws on the job's last attempt.
    t.prosa.services.channels.register({
      kind: 'test-outbound',
      addressKinds: ['phone'],
      idempotent: true,
      send: async (message: TOutboundMessage) => {
        local.push({ instance: 't', id: message.id, body: message.body });
        tries += 1;
        if (tries < MAX_SEND_ATTEMPTS) throw new ChannelSendError('ERR_TEST_GATEWAY_DOWN', true);
        return { externalId: 'out-\u0000' };
      },
    });
    const outcomes: TJobOutcome[] = [];
    const watcher = t.prosa.services.jobs.onSettled((outcome) => outcomes.push(outcome));
    try {
      const id = await reply(t, fx, ticketId, 'Registro falha');
      const jobId = jobIdForKey(SEND_MESSAGE_JOB, String(id));
      await eventually(
        async () => expect(outcomes).toContainEqual(expect.objectContaining({ id: jobId, state: 'failed' })),
        30_000,
      );
      expect(local).toHaveLength(MAX_SEND_ATTEMPTS);
      // It may have reached the customer: failed, saying so, never left pending (or shown as sent).
      expect((await rowsOf(t, [id]))[0]).toMatchObject({ status: 'failed', reason: 'ERR_SEND_INTERRUPTED' });
      const conversation = await t.request('GET', `/messages/${ticketId}`, { token: fx.tokens.admin });
      expect(conversation.body.messages.find((m: { id: number }) => m.id === id)).toMatchObject({
        status: 'failed',
        failureReason: 'ERR_SEND_INTERRUPTED',
      });
    } finally {
      watcher();
    }
  }, 60_000);
});
