import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type TBusinessHours, type TFlowDocument, type TFlowInteraction, weekdayLabels } from '@prosa/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { textsSentBy } from '../../../../test/channels.js';
import { startTestApp, type TestApp } from '../../../../test/harness.js';
import { fastJobs } from '../../../../test/jobs.js';
import { eventually } from '../../../../test/sockets.js';
import {
  chatFlowRuns,
  chatFlows,
  connections,
  messages,
  ticketFlowStates,
  ticketLogs,
  tickets,
  users,
} from '../../../platform/db/schema.js';
import { receiveMessage } from '../../messages/receive-batch.js';
import { FLOW_INACTIVITY_JOB } from './flow-inactivity.job.js';
import { buildFlow } from './flow-test-kit.js';
import { runChatFlow } from './run-chat-flow.js';

type TFixture = Awaited<ReturnType<TestApp['createTenantFixture']>>;

// The webhook test's server listens on loopback, which tenants' webhooks may not reach by default.
const fast = { ...fastJobs, webhookAllowPrivate: true };
let t: TestApp;
let fx: TFixture;
let other: TFixture;
let webchatId: number;
let salesId: number;
let supportId: number;
let sequence = 0;

const week = (type: 'O' | 'C'): TBusinessHours => weekdayLabels.map((label, day) => ({ day, label, type }));

const call = async (method: 'POST' | 'PUT', path: string, body: unknown, expected = 201) => {
  const res = await t.request(method, path, { token: fx.tokens.admin, body });
  expect(res.status, JSON.stringify(res.body)).toBe(expected);
  return res.body;
};

/** A flow of the tenant, run by the web chat connection from now on (new tickets enter it). */
const useFlow = async (flow: TFlowDocument, options: { celularTeste?: string; tenantId?: number } = {}) => {
  const [row] = await t.db
    .insert(chatFlows)
    .values({ tenantId: options.tenantId ?? fx.tenantId, name: `Fluxo ${++sequence}`, flow, ...options })
    .returning({ id: chatFlows.id });
  if (!row) throw new Error('no flow');
  if (!options.tenantId)
    await t.db.update(connections).set({ chatFlowId: row.id }).where(eq(connections.id, webchatId));
  return row.id;
};

/** A web chat visitor; `say` stores their message through the inbound pipeline. */
const visitor = (app: () => TestApp = () => t) => {
  sequence += 1;
  const from = { kind: 'webchat' as const, value: `fluxo-${sequence}`, name: `Cliente ${sequence}` };
  const say = async (body: string, externalId = `flow-${++sequence}`) => {
    const received = await receiveMessage(app().prosa.services, {
      tenantId: fx.tenantId,
      connectionId: webchatId,
      externalId,
      from,
      body,
      timestamp: Date.now(),
    });
    return received;
  };
  return { from, say };
};

const jobsDone = async (job: string, ticketId: number) => {
  const { rows } = (await t.db.execute(
    sql`select count(*) filter (where state = 'completed')::int as done, count(*)::int as total from pgboss.job
        where data->>'job' = ${job} and (data->'payload'->>'ticketId')::int = ${ticketId}`,
  )) as unknown as { rows: { done: number; total: number }[] };
  return rows[0] ?? { done: 0, total: 0 };
};

const runsOf = (ticketId: number) =>
  t.db.select().from(chatFlowRuns).where(eq(chatFlowRuns.ticketId, ticketId)).orderBy(asc(chatFlowRuns.id));

/**
 * The engine has run for `count` customer messages of the ticket (each run is recorded, but those of a ticket that
 * waits for people). It runs in the transaction that stores each message; a job only when that failed.
 */
const handled = async (ticketId: number, count: number) => expect(await runsOf(ticketId)).toHaveLength(count);

const botSaid = (ticketId: number) => textsSentBy(t, ticketId, 'bot');

const ticketRow = async (ticketId: number) => (await t.db.select().from(tickets).where(eq(tickets.id, ticketId)))[0];
const stateOf = async (ticketId: number) =>
  (await t.db.select().from(ticketFlowStates).where(eq(ticketFlowStates.ticketId, ticketId)))[0];
const logsOf = (ticketId: number) =>
  t.db.select().from(ticketLogs).where(eq(ticketLogs.ticketId, ticketId)).orderBy(asc(ticketLogs.id));

/**
 * A flow that asks for an order number and then looks it up with `lookup` (after "Um momento..."), handing the
 * ticket to Suporte on the next answer; a new visitor says "Oi" and then "12345", each handled by the engine.
 */
const askForOrder = async (lookup: TFlowInteraction[]) => {
  await useFlow(
    buildFlow([
      { id: 'pedido', say: ['Digite o número do pedido.'], on: [['*', 'consulta']] },
      { id: 'consulta', say: ['Um momento...'], interactions: lookup, on: [['*', `queue:${supportId}`]] },
    ]),
  );
  const customer = visitor();
  const first = await customer.say('Oi');
  if (first.duplicate) throw new Error('duplicate');
  const ticketId = first.ticket.id;
  await handled(ticketId, 1);
  await customer.say('12345');
  await handled(ticketId, 2);
  return { customer, ticketId };
};

const menu = () =>
  buildFlow(
    [
      {
        id: 'menu',
        say: ['Olá {{name}}!'],
        interactions: [
          {
            id: 'opcoes',
            type: 'MessageOptionsField',
            data: {
              message: 'Como podemos ajudar?',
              display: 'buttons',
              options: [
                { id: 'o1', label: 'Vendas' },
                { id: 'o2', label: 'Suporte' },
              ],
            },
          },
        ],
        on: [
          [['1', 'vendas'], 'vendas'],
          [['2', 'suporte'], 'suporte'],
        ],
      },
      {
        id: 'vendas',
        say: ['Vendas: 1 para um pedido novo, 2 para um pedido feito.'],
        on: [
          [['1'], 'novo'],
          [['2'], `queue:${salesId}`],
        ],
      },
      { id: 'novo', say: ['Qual produto?'], on: [['*', `queue:${salesId}`]] },
      { id: 'suporte', say: ['Descreva o problema.'], on: [['*', `queue:${supportId}`]] },
    ],
    {
      welcomeMessage: { message: 'Você está na fila {{queue}}.' },
      notOptionsSelectMessage: { message: 'Opção inválida.', stepReturn: 'A' },
      maxRetryBotMessage: { number: 2, type: 1, destiny: supportId },
      answerCloseTicket: ['sair'],
      notResponseMessage: { time: 5, type: 1, destiny: supportId, message: 'Sem resposta: chamamos um atendente.' },
    },
  );

beforeAll(async () => {
  t = await startTestApp(fast);
  fx = await t.createTenantFixture('Fluxos');
  other = await t.createTenantFixture('Vizinha');
  webchatId = (await call('POST', '/whatsapp', { name: 'Site', type: 'webchat', queueId: fx.queue.id })).id;
  salesId = (await call('POST', '/queue', { queue: 'Vendas' })).id;
  supportId = (await call('POST', '/queue', { queue: 'Suporte' })).id;
}, 120_000);
afterAll(() => t.close());

describe('chat-flow runtime', () => {
  it('walks a web chat customer through a three-level menu to a queue', async () => {
    const flowId = await useFlow(menu());
    const { say } = visitor();
    const first = await say('Oi');
    if (first.duplicate) throw new Error('duplicate');
    const ticketId = first.ticket.id;
    await handled(ticketId, 1);
    const name = `Cliente ${sequence - 1}`;
    expect(await botSaid(ticketId)).toEqual([`Olá ${name}!`, 'Como podemos ajudar?\n\n1 - Vendas\n2 - Suporte']);
    expect(await ticketRow(ticketId)).toMatchObject({ chatFlowId: flowId, stepChatFlow: 'menu' });

    await say('1️⃣');
    await handled(ticketId, 2);
    await say(' VENDAS ');
    await handled(ticketId, 3);
    // "vendas" is no answer on the sales step: the invalid-option text and the step again.
    expect((await botSaid(ticketId)).slice(3)).toEqual([
      'Opção inválida.',
      'Vendas: 1 para um pedido novo, 2 para um pedido feito.',
    ]);
    await say('1');
    await handled(ticketId, 4);
    expect(await ticketRow(ticketId)).toMatchObject({ stepChatFlow: 'novo' });
    await say('Uma cadeira');
    await handled(ticketId, 5);

    const said = await botSaid(ticketId);
    expect(said.at(-2)).toBe('Qual produto?');
    expect(said.at(-1)).toBe('Você está na fila Vendas.');
    expect(await ticketRow(ticketId)).toMatchObject({
      queueId: salesId,
      status: 'pending',
      userId: null,
      chatFlowId: null,
      stepChatFlow: null,
    });
    expect(await stateOf(ticketId)).toBeUndefined();
    const logs = await logsOf(ticketId);
    expect(logs.filter((l) => l.type === 'chatBot').length).toBeGreaterThanOrEqual(4);
    expect(logs.find((l) => l.type === 'queue')).toMatchObject({
      queueId: salesId,
      data: { chatFlowId: flowId, stepId: 'novo' },
    });
    // The customer's messages and the bot's answers are in the ticket in the order they happened.
    const all = await t.db
      .select({ fromMe: messages.fromMe, body: messages.body })
      .from(messages)
      .where(eq(messages.ticketId, ticketId))
      .orderBy(asc(messages.id));
    expect(all.filter((m) => !m.fromMe).map((m) => m.body)).toEqual(['Oi', '1️⃣', ' VENDAS ', '1', 'Uma cadeira']);
    expect(all.at(-1)?.fromMe).toBe(true);

    // Waiting in the queue, the customer writes again: the bot does not start over, and no run is queued.
    const runs = (await runsOf(ticketId)).length;
    const jobs = await jobsDone('event.chat-flow', ticketId);
    // No message went through a job: the engine answered each in the transaction that stored it.
    expect(jobs).toEqual({ done: 0, total: 0 });
    await say('Alguém aí?');
    expect(await jobsDone('event.chat-flow', ticketId)).toEqual(jobs);
    expect(await botSaid(ticketId)).toEqual(said);
    expect(await stateOf(ticketId)).toBeUndefined();
    expect(await runsOf(ticketId)).toHaveLength(runs);
  });

  it('advances one step for two replies that arrive together', async () => {
    await useFlow(menu());
    const { say } = visitor();
    const first = await say('Oi');
    if (first.duplicate) throw new Error('duplicate');
    const ticketId = first.ticket.id;
    await handled(ticketId, 1);
    // Same turn of the event loop: one inbound batch stores both before either run.
    await Promise.all([say('1'), say('2')]);
    await handled(ticketId, 3);
    const runs = await runsOf(ticketId);
    expect(runs.map((r) => r.outcome).sort()).toEqual(['stale', 'step', 'step'].sort());
    const said = await botSaid(ticketId);
    expect(said).toHaveLength(3);
    expect(['Vendas: 1 para um pedido novo, 2 para um pedido feito.', 'Descreva o problema.']).toContain(said[2]);
  });

  it('does not advance on a replayed delivery', async () => {
    await useFlow(menu());
    const { say } = visitor();
    const first = await say('Oi');
    if (first.duplicate) throw new Error('duplicate');
    const ticketId = first.ticket.id;
    await handled(ticketId, 1);
    const answer = await say('1', 'replayed-answer');
    const again = await say('1', 'replayed-answer');
    expect(again.duplicate).toBe(true);
    await handled(ticketId, 2);
    if (answer.duplicate) throw new Error('duplicate');
    // A retried job of the same message is claimed already.
    const retried = await runChatFlow(t.prosa.services, fx.tenantId, {
      ticketId,
      inboundMessageId: answer.message.id,
    });
    expect(retried).toBe('already-handled');
    expect(await botSaid(ticketId)).toHaveLength(3);
    expect(await runsOf(ticketId)).toHaveLength(2);
  });

  it('hands over after the retry limit, and a close keyword closes', async () => {
    await useFlow(menu());
    const customer = visitor();
    const first = await customer.say('Oi');
    if (first.duplicate) throw new Error('duplicate');
    const ticketId = first.ticket.id;
    await handled(ticketId, 1);
    await customer.say('banana');
    await handled(ticketId, 2);
    expect((await botSaid(ticketId)).at(2)).toBe('Opção inválida.');
    await customer.say('laranja');
    await handled(ticketId, 3);
    expect(await ticketRow(ticketId)).toMatchObject({ queueId: supportId, chatFlowId: null });
    expect((await botSaid(ticketId)).at(-1)).toBe('Você está na fila Suporte.');
    expect(await stateOf(ticketId)).toBeUndefined();

    const leaving = visitor();
    const opened = await leaving.say('Oi');
    if (opened.duplicate) throw new Error('duplicate');
    await handled(opened.ticket.id, 1);
    await leaving.say('Sair');
    await handled(opened.ticket.id, 2);
    expect(await ticketRow(opened.ticket.id)).toMatchObject({ status: 'closed', chatFlowId: null });
    expect((await logsOf(opened.ticket.id)).some((l) => l.type === 'autoClose')).toBe(true);
  });

  it('hands an unanswering customer over once, with two instances running', async () => {
    await useFlow(menu());
    const second = await startTestApp(fast, { shareDatabaseWith: t });
    try {
      const first = await visitor(() => second).say('Oi');
      if (first.duplicate) throw new Error('duplicate');
      const ticketId = first.ticket.id;
      await handled(ticketId, 1);
      const state = await stateOf(ticketId);
      expect((await jobsDone(FLOW_INACTIVITY_JOB, ticketId)).total).toBe(1);
      // The clock reaches the timer: its job says "now".
      await t.db.execute(
        sql`update pgboss.job set start_after = now()
            where data->>'job' = ${FLOW_INACTIVITY_JOB} and (data->'payload'->>'ticketId')::int = ${ticketId}`,
      );
      await eventually(async () => expect((await jobsDone(FLOW_INACTIVITY_JOB, ticketId)).done).toBe(1), 20_000);
      expect(await ticketRow(ticketId)).toMatchObject({ queueId: supportId, chatFlowId: null });
      const said = await botSaid(ticketId);
      expect(said.filter((s) => s === 'Sem resposta: chamamos um atendente.')).toHaveLength(1);
      expect((await logsOf(ticketId)).filter((l) => l.type === 'queue')).toHaveLength(1);
      // The same timer armed again (another instance, a retry) is the same job: nothing runs twice.
      expect(state).toBeDefined();
      expect((await jobsDone(FLOW_INACTIVITY_JOB, ticketId)).total).toBe(1);
    } finally {
      await second.close();
    }
  });

  it('does nothing for another number while a test phone is set, nor out of hours without a destination', async () => {
    await useFlow(menu(), { celularTeste: '+55 11 99999-0000' });
    const stranger = visitor();
    const first = await stranger.say('Oi');
    if (first.duplicate) throw new Error('duplicate');
    await handled(first.ticket.id, 1);
    expect(await botSaid(first.ticket.id)).toEqual([]);
    expect((await runsOf(first.ticket.id))[0]?.outcome).toBe('test-phone');

    await useFlow(menu());
    await call('PUT', '/tenants/business-hours', week('C'), 200);
    try {
      const late = visitor();
      const night = await late.say('Oi');
      if (night.duplicate) throw new Error('duplicate');
      await handled(night.ticket.id, 1);
      expect(await botSaid(night.ticket.id)).toEqual([]);
      expect((await runsOf(night.ticket.id))[0]?.outcome).toBe('out-of-hours');
      expect(await stateOf(night.ticket.id)).toBeUndefined();
    } finally {
      await call('PUT', '/tenants/business-hours', week('O'), 200);
    }
  });

  it("sends a contact's first ticket to the first-interaction destination, and a later ticket into the flow", async () => {
    await useFlow(
      buildFlow([{ id: 'menu', say: ['Olá!'], on: [[['1'], 'close']] }], {
        firstInteraction: { type: 1, destiny: supportId },
      }),
    );
    const customer = visitor();
    const first = await customer.say('Oi');
    if (first.duplicate) throw new Error('duplicate');
    await handled(first.ticket.id, 1);
    expect((await runsOf(first.ticket.id))[0]?.outcome).toBe('queue');
    expect(await ticketRow(first.ticket.id)).toMatchObject({ queueId: supportId, chatFlowId: null });
    expect(await stateOf(first.ticket.id)).toBeUndefined();

    await t.db.update(tickets).set({ status: 'closed' }).where(eq(tickets.id, first.ticket.id));
    const again = await customer.say('Voltei');
    if (again.duplicate) throw new Error('duplicate');
    expect(again.ticket.id).not.toBe(first.ticket.id);
    await handled(again.ticket.id, 1);
    expect((await runsOf(again.ticket.id))[0]?.outcome).toBe('step');
    expect(await botSaid(again.ticket.id)).toEqual(['Olá!']);
  });

  it('waits out a delay and puts a webhook answer in a variable of the next text', async () => {
    const received: { body: unknown; method: string }[] = [];
    const server: Server = createServer((req: IncomingMessage, res) => {
      let data = '';
      req.on('data', (chunk) => {
        data += chunk;
      });
      req.on('end', () => {
        received.push({ method: req.method ?? '', body: data ? JSON.parse(data) : null });
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify('a caminho'));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/pedido`;
    try {
      const { ticketId } = await askForOrder([
        { id: 'espera', type: 'DelayField', data: { seconds: 1 } },
        { id: 'api', type: 'WebhookField', data: { url, method: 'POST', variable: 'situacao' } },
        { id: 'fim', type: 'MessageField', data: { message: 'Seu pedido está {{situacao}}.' } },
      ]);
      await eventually(async () => expect((await botSaid(ticketId)).at(-1)).toBe('Seu pedido está a caminho.'), 20_000);
      expect((await botSaid(ticketId)).slice(-2)).toEqual(['Um momento...', 'Seu pedido está a caminho.']);
      expect(received).toHaveLength(1);
      expect(received[0]).toMatchObject({
        method: 'POST',
        body: { ticketId, answer: '12345', contact: { name: `Cliente ${sequence - 2}` } },
      });
      expect((await stateOf(ticketId))?.variables).toEqual({ situacao: 'a caminho' });
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('holds what the customer writes while a delay pends, and never past its grace', async () => {
    const { customer, ticketId } = await askForOrder([
      { id: 'espera', type: 'DelayField', data: { seconds: 60 } },
      { id: 'fim', type: 'MessageField', data: { message: 'Pronto, encontrei.' } },
    ]);
    const waiting = await stateOf(ticketId);
    expect(waiting).toMatchObject({ stepId: 'consulta' });
    expect(waiting?.continuationDueAt).not.toBeNull();

    // Written before "Pronto, encontrei." went out: it answers nothing, and the step waits on.
    await customer.say('já achou?');
    await handled(ticketId, 3);
    expect((await runsOf(ticketId)).at(-1)?.outcome).toBe('held');
    expect(await stateOf(ticketId)).toMatchObject({ stepId: 'consulta', updatedAt: waiting?.updatedAt });
    expect((await ticketRow(ticketId))?.queueId).not.toBe(supportId);

    // A continuation long overdue (its job gave up) holds nothing: the answer moves the flow.
    await t.db
      .update(ticketFlowStates)
      .set({ continuationDueAt: sql`now() - interval '1 hour'` })
      .where(eq(ticketFlowStates.ticketId, ticketId));
    await customer.say('alô?');
    await handled(ticketId, 4);
    expect((await runsOf(ticketId)).at(-1)?.outcome).toBe('queue');
    expect((await ticketRow(ticketId))?.queueId).toBe(supportId);
  });

  it('puts a ticket into a flow through PUT /ticketsChatBot and takes it out', async () => {
    await t.db.update(connections).set({ chatFlowId: null }).where(eq(connections.id, webchatId));
    const flowId = await useFlow(menu());
    await t.db.update(connections).set({ chatFlowId: null }).where(eq(connections.id, webchatId));
    const first = await visitor().say('Oi');
    if (first.duplicate) throw new Error('duplicate');
    const ticketId = first.ticket.id;
    expect(await botSaid(ticketId)).toEqual([]);

    const put = (chatFlowId: unknown, token = fx.tokens.agent) =>
      t.request('PUT', `/ticketsChatBot/${ticketId}`, { token, body: { chatFlowId } });
    const into = await put(flowId);
    expect(into.status, JSON.stringify(into.body)).toBe(200);
    expect(into.body).toMatchObject({ chatFlowId: flowId });
    expect(await stateOf(ticketId)).toMatchObject({ chatFlowId: flowId, stepId: 'menu' });
    expect(await botSaid(ticketId)).toHaveLength(2);

    const foreign = await useFlow(menu(), { tenantId: other.tenantId });
    const refused = await put(foreign);
    expect(refused.status).toBe(400);
    expect(refused.body.field).toBe('chatFlowId');
    expect((await put(flowId, other.tokens.admin)).status).toBe(404);

    const out = await put(null);
    expect(out.status).toBe(200);
    expect(out.body).toMatchObject({ chatFlowId: null });
    expect(await stateOf(ticketId)).toBeUndefined();
    expect(await ticketRow(ticketId)).toMatchObject({ chatFlowId: null, stepChatFlow: null });
  });

  it('hands a ticket to the online agent of the queue with the fewest tickets, and jumps between flows', async () => {
    await t.db.update(users).set({ isOnline: true }).where(eq(users.id, fx.agent.id));
    try {
      await useFlow(
        buildFlow([{ id: 'oi', say: ['Oi!'], on: [['*', `queue:${fx.queue.id}`]] }], {
          autoDistributeTickets: 'B',
          welcomeMessage: { message: 'Com você, {{user}}.' },
        }),
      );
      const customer = visitor();
      const first = await customer.say('Oi');
      if (first.duplicate) throw new Error('duplicate');
      const ticketId = first.ticket.id;
      await handled(ticketId, 1);
      await customer.say('Preciso de ajuda');
      await handled(ticketId, 2);
      expect(await ticketRow(ticketId)).toMatchObject({ queueId: fx.queue.id, userId: fx.agent.id, status: 'open' });
      expect((await botSaid(ticketId)).at(-1)).toBe(`Com você, ${fx.agent.name}.`);
      expect((await logsOf(ticketId)).find((l) => l.type === 'userDefine')?.data).toMatchObject({ to: fx.agent.id });
    } finally {
      await t.db.update(users).set({ isOnline: false }).where(eq(users.id, fx.agent.id));
    }

    const target = await useFlow(buildFlow([{ id: 'destino', say: ['Fluxo de destino.'], on: [['*', 'close']] }]));
    const jumping = await useFlow(
      buildFlow([
        {
          id: 'pula',
          say: ['Vou te passar adiante.'],
          interactions: [{ id: 'salto', type: 'ChatFlowField', data: { chatFlowId: target } }],
          on: [['*', 'close']],
        },
      ]),
    );
    const jumper = await visitor().say('Oi');
    if (jumper.duplicate) throw new Error('duplicate');
    await handled(jumper.ticket.id, 1);
    expect(await botSaid(jumper.ticket.id)).toEqual(['Vou te passar adiante.', 'Fluxo de destino.']);
    expect(await stateOf(jumper.ticket.id)).toMatchObject({ chatFlowId: target, stepId: 'destino' });
    expect(
      (await logsOf(jumper.ticket.id)).some((l) => l.data.reason === 'jump' && l.data.chatFlowId === jumping),
    ).toBe(true);
  });

  it('keeps the keyword auto-reply quiet where a flow runs the ticket', async () => {
    const reply = await call('POST', '/auto-reply', { name: 'Menu antigo' });
    await call('POST', `/auto-reply/${reply.id}/steps`, { reply: 'Digite 1 para o menu antigo.' });
    await useFlow(menu());
    const first = await visitor().say('Oi');
    if (first.duplicate) throw new Error('duplicate');
    const ticketId = first.ticket.id;
    await handled(ticketId, 1);
    expect(await botSaid(ticketId)).toHaveLength(2);
    // No auto-reply job was even written for the message, and nothing went out as an auto-reply.
    expect((await jobsDone('event.auto-reply', ticketId)).total).toBe(0);
    const autoReplies = await t.db
      .select({ id: messages.id })
      .from(messages)
      .where(and(eq(messages.ticketId, ticketId), eq(messages.sendType, 'autoReply')));
    expect(autoReplies).toHaveLength(0);
  });

  it('lets a ticket an agent accepts out of the flow', async () => {
    await useFlow(menu());
    const first = await visitor().say('Oi');
    if (first.duplicate) throw new Error('duplicate');
    const ticketId = first.ticket.id;
    await handled(ticketId, 1);
    expect(await stateOf(ticketId)).toBeDefined();
    const accepted = await t.request('PUT', `/tickets/${ticketId}`, {
      token: fx.tokens.admin,
      body: { status: 'open', userId: fx.admin.id },
    });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    await eventually(async () => {
      expect(await stateOf(ticketId)).toBeUndefined();
      expect(await ticketRow(ticketId)).toMatchObject({ chatFlowId: null, stepChatFlow: null, status: 'open' });
    }, 20_000);
    expect((await logsOf(ticketId)).some((l) => l.data.reason === 'agent-took-ticket')).toBe(true);
  });
});
