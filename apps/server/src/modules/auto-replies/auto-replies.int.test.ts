import { type TBusinessHours, weekdayLabels } from '@prosa/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { textsSentBy } from '../../../test/channels.js';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { fastJobs } from '../../../test/jobs.js';
import { eventually } from '../../../test/sockets.js';
import { autoReplyTicketSteps, messages, ticketLogs, tickets } from '../../platform/db/schema.js';
import { receiveMessage } from '../messages/receive-batch.js';
import { runAutoReply } from './run-auto-reply.js';

type TFixture = Awaited<ReturnType<TestApp['createTenantFixture']>>;

let t: TestApp;
let fx: TFixture;
let webchatId: number;
let financeQueueId: number;
let menuStepId: number;
let sequence = 0;

const week = (type: 'O' | 'C'): TBusinessHours => weekdayLabels.map((label, day) => ({ day, label, type }));

const call = async (method: 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown, expected = 201) => {
  const res = await t.request(method, path, { token: fx.tokens.admin, body });
  expect(res.status, JSON.stringify(res.body)).toBe(expected);
  return res.body;
};

/** A web chat visitor; `say` stores their message through the inbound pipeline and returns its ids. */
const visitor = () => {
  sequence += 1;
  const from = { kind: 'webchat' as const, value: `menu-${sequence}`, name: `Cliente ${sequence}` };
  return async (body: string) => {
    sequence += 1;
    const received = await receiveMessage(t.prosa.services, {
      tenantId: fx.tenantId,
      connectionId: webchatId,
      externalId: `auto-reply-${sequence}`,
      from,
      body,
      timestamp: Date.now(),
    });
    if (received.duplicate) throw new Error('unexpected duplicate');
    return received.ticket.id;
  };
};

/** Waits until the runner has handled `count` customer messages of the ticket (its jobs completed). */
const handled = (ticketId: number, count: number) =>
  eventually(async () => {
    const { rows } = (await t.db.execute(
      sql`select count(*) filter (where state = 'completed')::int as done from pgboss.job
          where data->>'job' = 'event.auto-reply' and (data->'payload'->>'ticketId')::int = ${ticketId}`,
    )) as unknown as { rows: { done: number }[] };
    expect(rows[0]?.done).toBe(count);
  }, 20_000);

const replies = (ticketId: number) => textsSentBy(t, ticketId, 'autoReply');

const ticketRow = async (ticketId: number) => (await t.db.select().from(tickets).where(eq(tickets.id, ticketId)))[0];

beforeAll(async () => {
  t = await startTestApp(fastJobs);
  fx = await t.createTenantFixture('Resposta');
  webchatId = (await call('POST', '/whatsapp', { name: 'Site', type: 'webchat', queueId: fx.queue.id })).id;
  financeQueueId = (await call('POST', '/queue', { queue: 'Financeiro' })).id;
  const reply = await call('POST', '/auto-reply', { name: 'Menu' });
  const menu = await call('POST', `/auto-reply/${reply.id}/steps`, {
    reply: 'Olá {{name}}! Digite 1 para Financeiro ou 2 para Suporte.',
  });
  menuStepId = menu.id;
  const support = await call('POST', `/auto-reply/${reply.id}/steps`, { reply: 'Suporte: descreva o problema.' });
  await call('POST', '/auto-reply-action', {
    stepReplyId: menu.id,
    words: '1, financeiro',
    action: 1,
    queueId: financeQueueId,
    replyDefinition: 'Vou passar você ao Financeiro, {{name}}.',
  });
  await call('POST', '/auto-reply-action', { stepReplyId: menu.id, words: '2', action: 0, nextStepId: support.id });
}, 120_000);
afterAll(() => t.close());

describe('keyword auto-replies', () => {
  it('keeps replies, steps and actions, and names the missing target of an action', async () => {
    const list = await t.request('GET', '/auto-reply', { token: fx.tokens.agent });
    expect(list.status).toBe(200);
    expect(list.body[0]).toMatchObject({ name: 'Menu', isActive: true });
    expect(list.body[0].stepsReply[0]).toMatchObject({ initialStep: true });
    expect(list.body[0].stepsReply[0].stepsReplyAction).toHaveLength(2);
    const bad = await t.request('POST', '/auto-reply-action', {
      token: fx.tokens.admin,
      body: { stepReplyId: menuStepId, words: '3', action: 1 },
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('queueId');
    const forbidden = await t.request('POST', '/auto-reply', { token: fx.tokens.agent, body: { name: 'X' } });
    expect(forbidden.status).toBe(403);
  });

  it('greets a new ticket with the initial step, and the chosen words move it to the queue', async () => {
    const say = visitor();
    const ticketId = await say('Oi');
    await handled(ticketId, 1);
    expect(await replies(ticketId)).toEqual([
      `Olá Cliente ${sequence - 1}! Digite 1 para Financeiro ou 2 para Suporte.`,
    ]);
    await say('  FINANCEIRO! ');
    await handled(ticketId, 2);
    expect((await replies(ticketId))[1]).toBe(`Vou passar você ao Financeiro, Cliente ${sequence - 2}.`);
    expect((await ticketRow(ticketId))?.queueId).toBe(financeQueueId);
    const logs = await t.db.select().from(ticketLogs).where(eq(ticketLogs.ticketId, ticketId));
    expect(logs.some((l) => l.type === 'queue' && l.queueId === financeQueueId)).toBe(true);
    // The reply has ended for this ticket: later messages get nothing more.
    await say('1');
    await handled(ticketId, 3);
    expect(await replies(ticketId)).toHaveLength(2);
  });

  it('goes to the next step on its words, and changes nothing on words no action takes', async () => {
    const say = visitor();
    const ticketId = await say('Bom dia');
    await handled(ticketId, 1);
    await say('quero o financeiro');
    await handled(ticketId, 2);
    expect(await replies(ticketId)).toHaveLength(1);
    const [place] = await t.db
      .select({ stepId: autoReplyTicketSteps.stepId })
      .from(autoReplyTicketSteps)
      .where(eq(autoReplyTicketSteps.ticketId, ticketId));
    expect(place?.stepId).toBe(menuStepId);
    await say('2');
    await handled(ticketId, 3);
    expect((await replies(ticketId))[1]).toBe('Suporte: descreva o problema.');
    expect((await ticketRow(ticketId))?.queueId).toBe(fx.queue.id);
  });

  it('runs once for a message whose job is retried', async () => {
    const say = visitor();
    const ticketId = await say('Olá');
    await handled(ticketId, 1);
    const [inbound] = await t.db
      .select({ id: messages.id })
      .from(messages)
      .where(and(eq(messages.ticketId, ticketId), eq(messages.fromMe, false)));
    const again = await runAutoReply(t.prosa.services, fx.tenantId, { ticketId, inboundMessageId: inbound?.id ?? 0 });
    expect(again).toBe('already-handled');
    expect(await replies(ticketId)).toHaveLength(1);
  });

  it('stays silent out of business hours', async () => {
    await call('PUT', '/tenants/business-hours', week('C'), 200);
    const say = visitor();
    const ticketId = await say('Oi');
    await handled(ticketId, 1);
    expect(await replies(ticketId)).toEqual([]);
    await call('PUT', '/tenants/business-hours', week('O'), 200);
  });
});
