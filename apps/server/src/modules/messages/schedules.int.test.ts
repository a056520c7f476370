import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { fastJobs } from '../../../test/jobs.js';
import { eventually } from '../../../test/sockets.js';
import { multipartBody, samplePng } from '../../../test/uploads.js';
import type { TOutboundMessage } from '../../channels/types.js';
import { connections, messageSchedules, messages, tickets } from '../../platform/db/schema.js';
import { JobDeferred } from '../../platform/jobs/job-errors.js';
import { receiveMessage } from './receive-batch.js';
import { FIRE_SCHEDULE_JOB, fireSchedule } from './schedule-fire.job.js';

// Scheduled messages (/agendamentos): fired once at their time by a durable job, whatever the instances do,
// with their options (cancel on the customer's reply, open a ticket, sign). The clock is moved by the test.
type TFixture = Awaited<ReturnType<TestApp['createTenantFixture']>>;
type TSend = { instance: string; id: number; body: string };

const KIND = 'test-schedules';
let sequence = 0;

const registerChannel = (t: TestApp, instance: string, sends: TSend[]) =>
  t.prosa.services.channels.register({
    kind: KIND,
    addressKinds: ['phone'],
    idempotent: true,
    send: async (message: TOutboundMessage) => {
      sends.push({ instance, id: message.id, body: message.body });
      return { externalId: `out-${message.id}` };
    },
  });

const createConnection = async (t: TestApp, fx: TFixture): Promise<number> => {
  const [row] = await t.db
    .insert(connections)
    .values({ tenantId: fx.tenantId, name: 'Canal agendado', type: KIND, status: 'CONNECTED', queueId: fx.queue.id })
    .returning();
  return (row as { id: number }).id;
};

/** A customer writes on the connection: their ticket (and contact). */
const customerWrites = async (t: TestApp, fx: TFixture, connectionId: number, phone?: string) => {
  const value = phone ?? `55119${String(70000000 + ++sequence)}`;
  const received = await receiveMessage(t.prosa.services, {
    tenantId: fx.tenantId,
    connectionId,
    externalId: `in-${++sequence}`,
    from: { kind: 'phone', value, name: `Cliente ${sequence}` },
    body: 'Oi',
    timestamp: Date.now(),
  });
  if (received.duplicate) throw new Error('duplicate');
  return { ticketId: received.ticket.id, contactId: received.ticket.contactId, phone: value };
};

const schedule = async (t: TestApp, token: string, ticketId: number, body: string, options = {}) => {
  const res = await t.request('POST', '/messagesSchedule', {
    token,
    body: { ticketId, body, scheduleDate: new Date(Date.now() + 3_600_000).toISOString(), ...options },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as number;
};

/** The clock reaches a schedule's time: its row and its job say "a second ago". */
const makeDue = async (t: TestApp, messageId: number) => {
  const due = new Date(Date.now() - 1_000);
  await t.db.update(messages).set({ scheduleDate: due }).where(eq(messages.id, messageId));
  await t.db.execute(
    sql`update pgboss.job set start_after = ${due.toISOString()}::timestamptz,
          data = jsonb_set(data, '{payload,at}', to_jsonb(${due.toISOString()}::text))
        where data->>'job' = ${FIRE_SCHEDULE_JOB} and (data->'payload'->>'messageId')::int = ${messageId}`,
  );
};

const messageOf = async (t: TestApp, id: number) => {
  const [row] = await t.db.select().from(messages).where(eq(messages.id, id));
  return row;
};

describe('scheduled messages', () => {
  let t: TestApp;
  let fx: TFixture;
  let other: TFixture;
  let connectionId: number;
  const sends: TSend[] = [];

  beforeAll(async () => {
    t = await startTestApp(fastJobs);
    registerChannel(t, 'one', sends);
    fx = await t.createTenantFixture('Agenda');
    other = await t.createTenantFixture('Outra agenda');
    connectionId = await createConnection(t, fx);
  }, 120_000);
  afterAll(async () => t?.close());

  it('does not fire before its time, fires at it, and only once', async () => {
    const { ticketId } = await customerWrites(t, fx, connectionId);
    const id = await schedule(t, fx.tokens.admin, ticketId, 'Lembrete da consulta');
    const [row] = await t.db.select().from(messages).where(eq(messages.id, id));
    const at = new Date(row?.scheduleDate ?? 0).toISOString();
    const deps = { ...t.prosa.services };
    const before = new Date(new Date(at).getTime() - 60_000);
    await expect(
      fireSchedule({ ...deps, now: () => before }, { tenantId: fx.tenantId, messageId: id, at }),
    ).rejects.toThrow(JobDeferred);
    expect((await messageOf(t, id))?.status).toBe('scheduled');
    const after = new Date(new Date(at).getTime() + 1_000);
    expect(await fireSchedule({ ...deps, now: () => after }, { tenantId: fx.tenantId, messageId: id, at })).toBe(
      'fired',
    );
    expect(await fireSchedule({ ...deps, now: () => after }, { tenantId: fx.tenantId, messageId: id, at })).toBe(
      'gone',
    );
    await eventually(async () => expect((await messageOf(t, id))?.status).toBe('sent'));
    expect(sends.filter((send) => send.id === id)).toHaveLength(1);
  });

  it('signs with the scheduler name when asked', async () => {
    const { ticketId } = await customerWrites(t, fx, connectionId);
    const id = await schedule(t, fx.tokens.agent, ticketId, 'Seu pedido chegou', { sign: true });
    await makeDue(t, id);
    await eventually(async () =>
      expect(sends.find((send) => send.id === id)?.body).toBe(`*${fx.agent.name}*:\nSeu pedido chegou`),
    );
  });

  it('is cancelled when the customer writes first, when it asks so', async () => {
    const { ticketId, phone } = await customerWrites(t, fx, connectionId);
    const cancels = await schedule(t, fx.tokens.admin, ticketId, 'Ainda precisa de ajuda?', { cancelOnReply: true });
    const stays = await schedule(t, fx.tokens.admin, ticketId, 'Boleto vence amanhã');
    await customerWrites(t, fx, connectionId, phone);
    await eventually(async () => {
      const [row] = await t.db.select().from(messageSchedules).where(eq(messageSchedules.messageId, cancels));
      expect(row?.cancelReason).toBe('customer_replied');
    });
    expect(await messageOf(t, cancels)).toMatchObject({ isDeleted: true, status: 'failed' });
    expect(await messageOf(t, stays)).toMatchObject({ isDeleted: false, status: 'scheduled' });
    const list = await t.request('GET', '/messagesSchedule?status=cancelled', { token: fx.tokens.admin });
    expect(list.body.schedules.find((item: { id: number }) => item.id === cancels)).toMatchObject({
      status: 'cancelled',
      cancelReason: 'customer_replied',
      options: { cancelOnReply: true, openTicket: false, sign: false },
    });
    // Its job comes anyway: nothing is sent.
    await makeDue(t, cancels);
    await makeDue(t, stays);
    await eventually(async () => expect((await messageOf(t, stays))?.status).toBe('sent'));
    expect(sends.some((send) => send.id === cancels)).toBe(false);
  });

  it('opens a ticket when it fires for a contact without an open one', async () => {
    const { ticketId } = await customerWrites(t, fx, connectionId);
    const id = await schedule(t, fx.tokens.agent, ticketId, 'Voltando ao assunto', { openTicket: true });
    await t.db.update(tickets).set({ status: 'closed', closedAt: new Date() }).where(eq(tickets.id, ticketId));
    await makeDue(t, id);
    await eventually(async () => expect((await messageOf(t, id))?.status).toBe('sent'));
    const fired = await messageOf(t, id);
    expect(fired?.ticketId).not.toBe(ticketId);
    const [opened] = await t.db
      .select()
      .from(tickets)
      .where(eq(tickets.id, fired?.ticketId as number));
    expect(opened).toMatchObject({ status: 'open', userId: fx.agent.id, contactId: fired?.contactId });
  });

  it('edits text and time, cancels and undoes the cancel', async () => {
    const { ticketId } = await customerWrites(t, fx, connectionId);
    const id = await schedule(t, fx.tokens.admin, ticketId, 'Texto antigo');
    const later = new Date(Date.now() + 7_200_000).toISOString();
    const edited = await t.request('PUT', `/messagesSchedule/${id}`, {
      token: fx.tokens.admin,
      body: { body: 'Texto novo', scheduleDate: later, openTicket: true },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.body).toBe('Texto novo');
    expect(edited.body.scheduleDate).toBe(later);
    const past = await t.request('PUT', `/messagesSchedule/${id}`, {
      token: fx.tokens.admin,
      body: { scheduleDate: new Date(Date.now() - 60_000).toISOString() },
    });
    expect(past.status).toBe(400);
    expect(past.body.field).toBe('scheduleDate');
    const cancelled = await t.request('POST', `/messagesSchedule/${id}/cancel`, { token: fx.tokens.admin });
    expect(cancelled.status).toBe(200);
    expect((await t.request('POST', `/messagesSchedule/${id}/cancel`, { token: fx.tokens.admin })).status).toBe(409);
    const restored = await t.request('POST', `/messagesSchedule/${id}/restore`, { token: fx.tokens.admin });
    expect(restored.status).toBe(200);
    expect(restored.body.status).toBe('scheduled');
    const list = await t.request('GET', '/messagesSchedule?status=pending', { token: fx.tokens.admin });
    expect(list.body.schedules.find((item: { id: number }) => item.id === id)).toMatchObject({
      body: 'Texto novo',
      status: 'pending',
      options: { openTicket: true },
    });
    // The undone cancel fires at its time, once.
    await makeDue(t, id);
    await eventually(async () => expect((await messageOf(t, id))?.status).toBe('sent'));
    expect(sends.filter((send) => send.id === id)).toHaveLength(1);
  });

  it('schedules files with their options (multipart), and fires them at their time', async () => {
    const { ticketId } = await customerWrites(t, fx, connectionId);
    const { body, headers } = multipartBody([
      { name: 'ticketId', value: String(ticketId) },
      { name: 'body', value: 'Segue o comprovante' },
      { name: 'scheduleDate', value: new Date(Date.now() + 3_600_000).toISOString() },
      { name: 'cancelOnReply', value: 'true' },
      { name: 'medias', filename: 'comprovante.png', type: 'image/png', data: samplePng },
    ]);
    const res = await t.request('POST', '/messagesSchedule', { token: fx.tokens.admin, body, headers });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ status: 'scheduled', mediaType: 'image', body: 'Segue o comprovante' });
    const [options] = await t.db.select().from(messageSchedules).where(eq(messageSchedules.messageId, res.body.id));
    expect(options).toMatchObject({ cancelOnReply: true, openTicket: false, sign: false });
    const missing = multipartBody([
      { name: 'ticketId', value: String(ticketId) },
      { name: 'medias', filename: 'comprovante.png', type: 'image/png', data: samplePng },
    ]);
    const refused = await t.request('POST', '/messagesSchedule', { token: fx.tokens.admin, ...missing });
    expect(refused.status).toBe(400);
    expect(refused.body.field).toBe('scheduleDate');
    await makeDue(t, res.body.id);
    await eventually(async () => expect((await messageOf(t, res.body.id))?.status).toBe('sent'));
  });

  it('answers 401, 404, 403 and 400 as every route does, and agents see only their tickets', async () => {
    const { ticketId } = await customerWrites(t, fx, connectionId);
    const id = await schedule(t, fx.tokens.admin, ticketId, 'Só do admin');
    // The ticket is the admin's, in no queue of the agent: hidden from the agent.
    await t.db
      .update(tickets)
      .set({ userId: fx.admin.id, status: 'open', queueId: null })
      .where(eq(tickets.id, ticketId));
    expect((await t.request('GET', '/messagesSchedule')).status).toBe(401);
    expect((await t.request('POST', `/messagesSchedule/${id}/cancel`, { token: other.tokens.admin })).status).toBe(404);
    expect((await t.request('PUT', `/messagesSchedule/${id}`, { token: other.tokens.admin, body: {} })).status).toBe(
      404,
    );
    expect((await t.request('POST', `/messagesSchedule/${id}/cancel`, { token: fx.tokens.agent })).status).toBe(403);
    const bad = await t.request('GET', '/messagesSchedule?status=maybe', { token: fx.tokens.admin });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('status');
    const mine = await t.request('GET', '/messagesSchedule', { token: fx.tokens.agent });
    expect(mine.body.schedules.some((item: { id: number }) => item.id === id)).toBe(false);
    const all = await t.request('GET', `/messagesSchedule?contactId=${(await messageOf(t, id))?.contactId}`, {
      token: fx.tokens.admin,
    });
    expect(all.body.schedules.map((item: { id: number }) => item.id)).toEqual([id]);
    const others = await t.request('GET', '/messagesSchedule', { token: other.tokens.admin });
    expect(others.body.count).toBe(0);
  });
});

describe('scheduled messages across instances and restarts', () => {
  it('fires once when two instances run, and after the instance that wrote it stopped', async () => {
    const writer = await startTestApp(fastJobs);
    const sends: TSend[] = [];
    try {
      await writer.prosa.services.jobs.stop();
      const fx = await writer.createTenantFixture('Agenda dupla');
      const connectionId = await createConnection(writer, fx);
      const { ticketId } = await customerWrites(writer, fx, connectionId);
      const id = await schedule(writer, fx.tokens.admin, ticketId, 'Uma vez só');
      // Stored as a job: the writer's runner is stopped, the job is in the table.
      const stored = (await writer.db.execute(
        sql`select count(*)::int as n from pgboss.job where data->>'job' = ${FIRE_SCHEDULE_JOB}
            and (data->'payload'->>'messageId')::int = ${id}`,
      )) as unknown as { rows: { n: number }[] };
      expect(stored.rows[0]?.n).toBe(1);
      const first = await startTestApp(fastJobs, { shareDatabaseWith: writer });
      const second = await startTestApp(fastJobs, { shareDatabaseWith: writer });
      try {
        registerChannel(first, 'first', sends);
        registerChannel(second, 'second', sends);
        await makeDue(writer, id);
        // The message is marked sent inside the send job, which is marked completed just after: wait for both.
        await eventually(async () => {
          expect((await messageOf(writer, id))?.status).toBe('sent');
          const runs = (await writer.db.execute(
            sql`select state from pgboss.job where data->>'job' in (${FIRE_SCHEDULE_JOB}, 'messages.send')
                and (data->'payload'->>'messageId')::int = ${id}`,
          )) as unknown as { rows: { state: string }[] };
          expect(runs.rows.map((row) => row.state)).toEqual(['completed', 'completed']);
        }, 15_000);
        expect(sends.filter((send) => send.id === id)).toHaveLength(1);
        const [row] = await writer.db
          .select()
          .from(messageSchedules)
          .where(and(eq(messageSchedules.tenantId, fx.tenantId), eq(messageSchedules.messageId, id)));
        expect(row?.firedAt).not.toBeNull();
      } finally {
        await first.close();
        await second.close();
      }
    } finally {
      await writer.close();
    }
  }, 180_000);
});
