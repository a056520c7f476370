import { events, type TTicketListEvent } from '@prosa/contracts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../test/harness.js';
import { fastJobs } from '../../../../test/jobs.js';
import { connect, connected, eventually } from '../../../../test/sockets.js';
import { createWebchat } from '../../../../test/webchat.js';
import {
  chatFlowRuns,
  chatFlows,
  connections,
  messages,
  ticketFlowStates,
  ticketLogs,
  tickets,
} from '../../../platform/db/schema.js';
import { receiveMessage } from '../../messages/receive-batch.js';
import { buildFlow } from './flow-test-kit.js';
import { runChatFlows } from './run-chat-flow.js';

let t: TestApp;
let fx: Awaited<ReturnType<TestApp['createTenantFixture']>>;
let webchatId: number;

beforeAll(async () => {
  t = await startTestApp(fastJobs);
  fx = await t.createTenantFixture('Lotes');
  webchatId = (await createWebchat(t, fx)).id;
});
afterAll(() => t.close());

/** A flow of the tenant, stored straight into its table. */
const createFlow = async (name: string, flow: ReturnType<typeof buildFlow>) => {
  const [row] = await t.db
    .insert(chatFlows)
    .values({ tenantId: fx.tenantId, name, flow })
    .returning({ id: chatFlows.id });
  if (!row) throw new Error('no flow');
  return row.id;
};

/** The web chat connection runs `flowId` (null: none). */
const runOnWebchat = (flowId: number | null) =>
  t.db.update(connections).set({ chatFlowId: flowId }).where(eq(connections.id, webchatId));

/** A customer message stored while the connection runs no flow yet: no engine job is written for it. */
const say = async (visitor: string, body: string) => {
  const received = await receiveMessage(t.prosa.services, {
    tenantId: fx.tenantId,
    connectionId: webchatId,
    externalId: `${visitor}-${body}`,
    from: { kind: 'webchat', value: visitor, name: visitor },
    body,
    timestamp: Date.now(),
  });
  if (received.duplicate) throw new Error('duplicate');
  return { ticketId: received.ticket.id, inboundMessageId: received.message.id };
};

it('runs several customers in one transaction: each ticket enters once, a message it had not seen is left alone', async () => {
  const ana = await say('ana', 'Oi');
  const anaAgain = await say('ana', 'Alguém aí?');
  const bia = await say('bia', 'Olá');
  const caio = await say('caio', 'Bom dia');
  const flow = buildFlow([{ id: 'menu', say: ['Digite 1 para Vendas.'], on: [[['1'], `queue:${fx.queue.id}`]] }]);
  const flowId = await createFlow('Menu', flow);
  await runOnWebchat(flowId);

  const outcomes = await runChatFlows(t.prosa.services, fx.tenantId, [caio, anaAgain, bia, ana]);

  // Answered in the order given; run per ticket, a ticket's messages in the order they came.
  expect(outcomes[1]).toBe('stale');
  expect(new Set([outcomes[0], outcomes[2], outcomes[3]]).size).toBe(1);
  const tickets = [ana.ticketId, bia.ticketId, caio.ticketId];
  const runs = await t.db
    .select({ at: chatFlowRuns.createdAt, outcome: chatFlowRuns.outcome })
    .from(chatFlowRuns)
    .where(inArray(chatFlowRuns.ticketId, tickets));
  expect(runs).toHaveLength(4);
  // One transaction: the four records share its start time.
  expect(new Set(runs.map((run) => run.at.getTime())).size).toBe(1);
  const menus = await t.db
    .select({ ticketId: messages.ticketId })
    .from(messages)
    .where(and(inArray(messages.ticketId, tickets), eq(messages.sendType, 'bot')))
    .orderBy(asc(messages.id));
  expect(menus.map((m) => m.ticketId).sort()).toEqual([...tickets].sort());

  // Run again (a replayed batch): nothing happens twice.
  expect(await runChatFlows(t.prosa.services, fx.tenantId, [ana, bia])).toEqual(['already-handled', 'already-handled']);
});

it('runs a message given twice in one batch once', async () => {
  // Said while the connection runs no flow (no engine job of its own runs it meanwhile).
  const [connection] = await t.db.select().from(connections).where(eq(connections.id, webchatId));
  await runOnWebchat(null);
  const dani = await say('dani', 'Oi');
  await t.db.update(connections).set({ chatFlowId: connection?.chatFlowId }).where(eq(connections.id, webchatId));
  const outcomes = await runChatFlows(t.prosa.services, fx.tenantId, [dani, { ...dani }]);
  expect(outcomes[1]).toBe('already-handled');
  expect(outcomes[0]).not.toBe('already-handled');
  const runs = await t.db.select().from(chatFlowRuns).where(eq(chatFlowRuns.inboundMessageId, dani.inboundMessageId));
  expect(runs).toHaveLength(1);
});

it("writes a batch's places, logs and bot messages together; a hand-off in the batch keeps its history in order", async () => {
  const flow = buildFlow([{ id: 'menu', say: ['Digite 1 para Vendas.'], on: [[['1'], `queue:${fx.queue.id}`]] }], {
    welcomeMessage: { message: 'Um atendente já vai falar com você.' },
    notOptionsSelectMessage: { message: 'Opção inválida.', stepReturn: 'A' },
  });
  const flowId = await createFlow('Vendas', flow);
  await runOnWebchat(null);
  const eva = await say('eva', 'Oi');
  const fabio = await say('fabio', 'Oi');
  await runOnWebchat(flowId);
  expect(await runChatFlows(t.prosa.services, fx.tenantId, [eva, fabio])).toEqual(['step', 'step']);

  // The answers are stored straight into the table: no engine job of their own runs them meanwhile.
  const answer = async (ticketId: number, body: string) => {
    const [ticket] = await t.db.select().from(tickets).where(eq(tickets.id, ticketId));
    if (!ticket) throw new Error('no ticket');
    const [stored] = await t.db
      .insert(messages)
      .values({
        tenantId: fx.tenantId,
        ticketId,
        contactId: ticket.contactId,
        whatsappId: ticket.whatsappId,
        fromMe: false,
        body,
        timestamp: Date.now(),
      })
      .returning({ id: messages.id });
    return { ticketId, inboundMessageId: stored?.id ?? 0 };
  };
  const evaAnswer = await answer(eva.ticketId, '1');
  const fabioAnswer = await answer(fabio.ticketId, 'talvez');
  const fabioAgain = await answer(fabio.ticketId, '1');
  // Fabio's second answer came before the step was sent again: it answered nothing he saw.
  expect(await runChatFlows(t.prosa.services, fx.tenantId, [fabioAgain, evaAnswer, fabioAnswer])).toEqual([
    'stale',
    'queue',
    'step',
  ]);

  const bodiesOf = async (ticketId: number) =>
    (
      await t.db
        .select({ body: messages.body })
        .from(messages)
        .where(and(eq(messages.ticketId, ticketId), eq(messages.fromMe, true)))
        .orderBy(asc(messages.id))
    ).map((message) => message.body);
  expect(await bodiesOf(eva.ticketId)).toEqual(['Digite 1 para Vendas.', 'Um atendente já vai falar com você.']);
  expect(await bodiesOf(fabio.ticketId)).toEqual(['Digite 1 para Vendas.', 'Opção inválida.', 'Digite 1 para Vendas.']);
  const evaLogs = await t.db
    .select({ type: ticketLogs.type })
    .from(ticketLogs)
    .where(eq(ticketLogs.ticketId, eva.ticketId))
    .orderBy(asc(ticketLogs.id));
  // The bot's entry for the answer comes before the hand-off's.
  expect(evaLogs.map((log) => log.type).slice(-2)).toEqual(['chatBot', 'queue']);
  const states = await t.db
    .select({ ticketId: ticketFlowStates.ticketId, retries: ticketFlowStates.retries })
    .from(ticketFlowStates)
    .where(inArray(ticketFlowStates.ticketId, [eva.ticketId, fabio.ticketId]));
  expect(states).toEqual([{ ticketId: fabio.ticketId, retries: 1 }]);
  const [evaTicket] = await t.db.select({ queueId: tickets.queueId }).from(tickets).where(eq(tickets.id, eva.ticketId));
  expect(evaTicket?.queueId).toBe(fx.queue.id);
});

it('answers a new ticket in the transaction that stores its message, and announces it with its protocol', async () => {
  const flow = buildFlow([{ id: 'menu', say: ['Digite 1 para Vendas.'], on: [[['1'], `queue:${fx.queue.id}`]] }]);
  const flowId = await createFlow('Protocolo', flow);
  await runOnWebchat(flowId);
  const admin = await connected(connect(t.url, fx.tokens.admin));
  const heard: TTicketListEvent[] = [];
  admin.on(events.ticketList(fx.tenantId), (event: TTicketListEvent) => heard.push(event));
  const gil = await say('gil', 'Oi');
  // Already answered when the message is stored: no job ran, none was written.
  const [ticket] = await t.db.select().from(tickets).where(eq(tickets.id, gil.ticketId));
  expect(ticket).toMatchObject({ chatFlowId: flowId, stepChatFlow: 'menu' });
  expect(ticket?.protocol).toMatch(/^\d{8}\d{5,}$/);
  const runs = await t.db.select().from(chatFlowRuns).where(eq(chatFlowRuns.ticketId, gil.ticketId));
  expect(runs.map((run) => run.outcome)).toEqual(['step']);
  const bot = await t.db
    .select({ body: messages.body })
    .from(messages)
    .where(and(eq(messages.ticketId, gil.ticketId), eq(messages.fromMe, true)));
  expect(bot.map((message) => message.body)).toEqual(['Digite 1 para Vendas.']);
  const { rows: jobs } = (await t.db.execute(
    sql`select id from pgboss.job where data->>'job' = 'event.chat-flow' and (data->'payload'->>'ticketId')::int = ${gil.ticketId}`,
  )) as unknown as { rows: unknown[] };
  expect(jobs).toEqual([]);

  // The ticket was created, then put in the flow, in the one transaction: both announcements carry its protocol.
  const announcedFor = (ticketId: number) =>
    heard.filter(
      (e): e is Extract<TTicketListEvent, { type: 'ticket:create' | 'ticket:update' }> =>
        (e.type === 'ticket:create' || e.type === 'ticket:update') && e.payload.id === ticketId,
    );
  await eventually(async () => expect(announcedFor(gil.ticketId).at(-1)?.payload.chatFlowId).toBe(flowId), 20_000);
  const announced = announcedFor(gil.ticketId);
  expect(announced.map((e) => e.type)).toEqual(['ticket:create', 'ticket:update']);
  for (const e of announced) expect(e.payload.protocol).toBe(ticket?.protocol);
  admin.close();
});
