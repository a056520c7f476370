import { Readable } from 'node:stream';
import { startFakeAi, type TFakeAi } from '@prosa/fakes';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { textsSentBy } from '../../../test/channels.js';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { fastJobs } from '../../../test/jobs.js';
import { eventually } from '../../../test/sockets.js';
import {
  assistantRuns,
  chatFlows,
  connections,
  contactWallets,
  messages,
  queues,
  ticketLogs,
  tickets,
} from '../../platform/db/schema.js';
import { buildFlow } from '../chat-flows/runtime/flow-test-kit.js';
import { receiveMessage } from '../messages/receive-batch.js';

type TFixture = Awaited<ReturnType<TestApp['createTenantFixture']>>;

// Model calls go to the fake on loopback; jobs are polled fast and retried at once.
const fast = { ...fastJobs, webhookAllowPrivate: true };
const KEY = 'sk-teste-1234567890';
let t: TestApp;
let fx: TFixture;
let other: TFixture;
let ai: TFakeAi;
let webchatId: number;
let salesId: number;
let sequence = 0;

const put = async (body: object, expected = 200, token = fx.tokens.admin) => {
  const res = await t.request('PUT', '/assistants/chatgpt', { token, body });
  expect(res.status, JSON.stringify(res.body)).toBe(expected);
  return res.body;
};

/** ChatGPT against the fake, answering every ticket of the tenant; `extra` overrides settings. */
const useAssistant = (extra: object = {}) =>
  put({
    enabled: true,
    baseUrl: ai.openAiBaseUrl,
    model: 'gpt-4o-mini',
    apiKey: KEY,
    systemPrompt: 'Você é a Bia, da Loja Teste. Chame o cliente de {{name}}.',
    scope: { kind: 'all' },
    handoffQueueId: fx.queue.id,
    burstSeconds: 0,
    ...extra,
  });

const visitor = (app: () => TestApp = () => t) => {
  sequence += 1;
  const from = { kind: 'webchat' as const, value: `ia-${sequence}`, name: `Cliente ${sequence}` };
  const say = async (body: string, extra: object = {}) => {
    const received = await receiveMessage(app().prosa.services, {
      tenantId: fx.tenantId,
      connectionId: webchatId,
      externalId: `ia-${++sequence}`,
      from,
      body,
      timestamp: Date.now(),
      ...extra,
    });
    if (received.duplicate) throw new Error('duplicate');
    return received.ticket.id;
  };
  return { say };
};

const runsOf = (ticketId: number) =>
  t.db.select().from(assistantRuns).where(eq(assistantRuns.ticketId, ticketId)).orderBy(asc(assistantRuns.id));
const assistantSaid = (ticketId: number) => textsSentBy(t, ticketId, 'assistant');
const ticketRow = async (ticketId: number) => (await t.db.select().from(tickets).where(eq(tickets.id, ticketId)))[0];
const chatRequests = () => ai.requests().filter((r) => r.path.endsWith('/chat/completions'));
const lastUserText = (body: unknown) => {
  const list = (body as { messages: { role: string; content: unknown }[] }).messages;
  return JSON.stringify(list.filter((m) => m.role === 'user'));
};

beforeAll(async () => {
  ai = await startFakeAi({ apiKey: KEY });
  t = await startTestApp(fast);
  fx = await t.createTenantFixture('IA');
  other = await t.createTenantFixture('Outra IA');
  const site = await t.request('POST', '/whatsapp', {
    token: fx.tokens.admin,
    body: { name: 'Site', type: 'webchat', queueId: fx.queue.id },
  });
  webchatId = site.body.id;
  const [sales] = await t.db.insert(queues).values({ tenantId: fx.tenantId, queue: 'Vendas' }).returning();
  salesId = sales?.id ?? 0;
}, 60_000);

afterAll(async () => {
  await t?.close();
  await ai?.close();
});

beforeEach(() => {
  ai.reset();
});

describe('assistant settings', () => {
  it('lists every provider with its defaults, keeps the key sealed and shows only its end', async () => {
    const list = await t.request('GET', '/assistants', { token: other.tokens.admin });
    expect(list.status).toBe(200);
    expect(list.body.map((a: { provider: string }) => a.provider)).toContain('claude');
    expect(list.body.find((a: { provider: string }) => a.provider === 'ollama')).toMatchObject({
      configured: false,
      model: 'llama3.1',
      enabled: false,
      exitKeyword: 'sair',
    });
    const saved = await put(
      { enabled: false, model: 'gpt-4o', apiKey: 'sk-segredo-abcd', scope: { kind: 'none' } },
      200,
      other.tokens.admin,
    );
    expect(saved).toMatchObject({ configured: true, hasApiKey: true, apiKeyHint: '…abcd', model: 'gpt-4o' });
    expect(JSON.stringify(saved)).not.toContain('sk-segredo');
    // Saved again without a key: the stored one stays.
    const kept = await t.request('PUT', '/assistants/chatgpt', {
      token: other.tokens.admin,
      body: { enabled: false, model: 'gpt-4o-mini' },
    });
    expect(kept.body).toMatchObject({ hasApiKey: true, model: 'gpt-4o-mini' });
  });

  it('refuses bad input naming the field, other tenants’ queues, agents and strangers', async () => {
    const bad = await t.request('PUT', '/assistants/chatgpt', {
      token: other.tokens.admin,
      body: { enabled: true, model: 'x', temperature: 3 },
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('temperature');
    const foreign = await t.request('PUT', '/assistants/chatgpt', {
      token: other.tokens.admin,
      body: { enabled: true, model: 'x', handoffQueueId: fx.queue.id },
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.field).toBe('handoffQueueId');
    expect((await t.request('PUT', '/assistants/nada', { token: other.tokens.admin, body: {} })).status).toBe(400);
    expect((await t.request('GET', '/assistants', { token: other.tokens.agent })).status).toBe(403);
    expect((await t.request('GET', '/assistants')).status).toBe(401);
  });
});

describe('assistant answering customers', () => {
  beforeAll(async () => {
    await useAssistant();
  });

  it('answers a burst of three quick messages once, with all three in context', async () => {
    await useAssistant({ burstSeconds: 1 });
    ai.script([{ text: 'Temos sim! O tênis azul custa R$ 199.' }]);
    const customer = visitor();
    const ticketId = await customer.say('Oi');
    await customer.say('vocês têm tênis azul?');
    await customer.say('tamanho 40');
    await eventually(async () => expect(await assistantSaid(ticketId)).toHaveLength(1), 30_000);
    expect(await assistantSaid(ticketId)).toEqual(['Temos sim! O tênis azul custa R$ 199.']);
    const [request] = chatRequests();
    expect(chatRequests()).toHaveLength(1);
    const said = lastUserText(request?.body);
    for (const text of ['Oi', 'tênis azul', 'tamanho 40']) expect(said).toContain(text);
    // The prompt's variables are filled for this ticket's customer.
    expect(JSON.stringify(request?.body)).toMatch(/Você é a Bia, da Loja Teste. Chame o cliente de Cliente \d+\./);
    const runs = await runsOf(ticketId);
    expect(runs.filter((r) => r.outcome === 'replied')).toHaveLength(1);
    expect(runs[0]?.inputTokens).toBeGreaterThan(0);
    await useAssistant();
  });

  it('hands over on the exit keyword without calling the model', async () => {
    const customer = visitor();
    ai.script([{ text: 'Olá! Como posso ajudar?' }]);
    const ticketId = await customer.say('Olá');
    await eventually(async () => expect(await assistantSaid(ticketId)).toHaveLength(1), 20_000);
    await t.db.update(tickets).set({ queueId: salesId }).where(eq(tickets.id, ticketId));
    await customer.say('Sair');
    await eventually(
      async () => expect((await ticketRow(ticketId))?.assistantStatus).toEqual({ chatgpt: 'off' }),
      10_000,
    );
    expect((await ticketRow(ticketId))?.queueId).toBe(fx.queue.id);
    expect(chatRequests()).toHaveLength(1);
    const logs = await t.db.select().from(ticketLogs).where(eq(ticketLogs.ticketId, ticketId));
    expect(logs.find((l) => l.type === 'assistantHandoff')?.data).toMatchObject({ reason: 'exit-keyword' });
    // Turned off, it stays quiet.
    await customer.say('mais uma coisa');
    const ticket = await t.request('GET', `/tickets/${ticketId}`, { token: fx.tokens.admin });
    expect(ticket.body.chatgptStatus).toBe('off');
  });

  it('a 429 hands the ticket to the fallback queue, keeps the message and shows the error to the admin', async () => {
    ai.script([{ error: { status: 429, retryAfter: 20 } }]);
    const customer = visitor();
    const ticketId = await customer.say('Preciso de ajuda com meu pedido');
    await eventually(async () => expect((await runsOf(ticketId))[0]?.outcome).toBe('failed'), 30_000);
    const row = await ticketRow(ticketId);
    expect(row).toMatchObject({ queueId: fx.queue.id, status: 'pending', assistantStatus: { chatgpt: 'off' } });
    const inbound = await t.db.select().from(messages).where(eq(messages.ticketId, ticketId));
    expect(inbound.map((m) => m.body)).toEqual(['Preciso de ajuda com meu pedido']);
    const settings = await t.request('GET', '/assistants/chatgpt', { token: fx.tokens.admin });
    expect(settings.body.lastError.message).toMatch(/429|limite/i);
    // A good answer later clears it.
    ai.script([{ text: 'Tudo certo.' }]);
    const next = visitor();
    const nextTicket = await next.say('Oi de novo');
    await eventually(async () => expect(await assistantSaid(nextTicket)).toHaveLength(1), 20_000);
    expect((await t.request('GET', '/assistants/chatgpt', { token: fx.tokens.admin })).body.lastError).toBeNull();
  });

  it('stops at the monthly budget and hands over', async () => {
    // One token left this month: the next reply may go out, and spends past it.
    const spent = (await t.request('GET', '/assistants/chatgpt', { token: fx.tokens.admin })).body.usage.tokens;
    await useAssistant({ monthlyTokenBudget: spent + 1 });
    ai.script([{ text: 'Primeira resposta', usage: { input: 30, output: 5 } }]);
    const customer = visitor();
    const ticketId = await customer.say('Qual o horário?');
    await eventually(async () => expect(await assistantSaid(ticketId)).toHaveLength(1), 20_000);
    const usage = (await t.request('GET', '/assistants/chatgpt', { token: fx.tokens.admin })).body.usage;
    expect(usage.tokens).toBe(spent + 35);
    await customer.say('E no sábado?');
    await eventually(async () => expect((await runsOf(ticketId)).at(-1)?.outcome).toBe('handoff'), 20_000);
    expect((await runsOf(ticketId)).at(-1)?.error).toMatch(/orçamento/);
    expect(chatRequests()).toHaveLength(1);
    await useAssistant();
  });

  it('a tool call moves the ticket to the queue the customer asked for, and the reply still goes out', async () => {
    ai.script([
      { toolCalls: [{ name: 'hand_off', arguments: { queue: 'vendas', reason: 'quer comprar' } }] },
      { text: 'Vou te passar para o time de vendas.' },
    ]);
    const customer = visitor();
    const ticketId = await customer.say('Quero falar com vendas');
    await eventually(async () => expect((await ticketRow(ticketId))?.queueId).toBe(salesId), 20_000);
    expect(await assistantSaid(ticketId)).toEqual(['Vou te passar para o time de vendas.']);
    const [run] = await runsOf(ticketId);
    expect(run).toMatchObject({ outcome: 'handoff', toolCalls: [{ name: 'hand_off' }] });
    expect((await ticketRow(ticketId))?.assistantStatus).toEqual({ chatgpt: 'off' });
  });

  it('transcribes a voice note and answers what it said', async () => {
    await useAssistant({ transcribeAudio: true });
    ai.script([{ text: 'Quero saber o preço da entrega' }, { text: 'A entrega custa R$ 15.' }]);
    const stored = await t.prosa.services.storage.put(
      fx.tenantId,
      'ogg',
      Readable.from(Buffer.from('OggS-fake-audio')),
      {
        mime: 'audio/ogg',
        name: 'audio.ogg',
      } as never,
    );
    const customer = visitor();
    const ticketId = await customer.say('', {
      mediaType: 'audio',
      mediaUrl: `/media/${stored.key}`,
      mediaMime: 'audio/ogg',
    });
    await eventually(async () => expect(await assistantSaid(ticketId)).toEqual(['A entrega custa R$ 15.']), 20_000);
    const [note] = await t.db.select().from(messages).where(eq(messages.ticketId, ticketId)).orderBy(asc(messages.id));
    expect(note?.transcript).toBe('Quero saber o preço da entrega');
    expect(lastUserText(chatRequests()[0]?.body)).toContain('Quero saber o preço da entrega');
    await useAssistant();
  });

  it('with shutdownWallet on, leaves a customer whose wallet names an agent to that agent', async () => {
    const setting = await t.request('PUT', '/settings/shutdownWallet', {
      token: fx.tokens.admin,
      body: { value: 'enabled' },
    });
    expect(setting.status).toBe(200);
    try {
      // The first message arrives while the assistant is off, so the wallet is in place before it could answer.
      await useAssistant({ enabled: false });
      const customer = visitor();
      const ticketId = await customer.say('Oi');
      const completed = async (job: string) =>
        (
          (await t.db.execute(
            sql`select count(*)::int as n from pgboss.job where data->>'job' = ${job}
                and (data->'payload'->>'ticketId')::int = ${ticketId} and state = 'completed'`,
          )) as unknown as { rows: { n: number }[] }
        ).rows[0]?.n ?? 0;
      // The listener has heard 'Oi' with the assistant off: no reply job of it can outlive this test.
      await eventually(async () => expect(await completed('event.assistant')).toBe(1), 20_000);
      const row = await ticketRow(ticketId);
      await t.db
        .insert(contactWallets)
        .values({ tenantId: fx.tenantId, contactId: row?.contactId ?? 0, userId: fx.agent.id });
      await useAssistant();
      await customer.say('Alguém aí?');
      await eventually(async () => expect(await completed('assistants.reply')).toBeGreaterThanOrEqual(1), 20_000);
      expect(await assistantSaid(ticketId)).toEqual([]);
      expect(chatRequests()).toHaveLength(0);
    } finally {
      await t.request('PUT', '/settings/shutdownWallet', { token: fx.tokens.admin, body: { value: 'disabled' } });
      await useAssistant();
    }
  });

  it('two instances answer each message once', async () => {
    const second = await startTestApp(fast, { shareDatabaseWith: t });
    try {
      ai.script([{ text: 'Resposta única', delayMs: 300 }]);
      const customer = visitor(() => second);
      const ticketId = await customer.say('Oi, alguém aí?');
      await eventually(async () => expect(await assistantSaid(ticketId)).toHaveLength(1), 30_000);
      // Only this conversation's calls: a job an earlier test left behind must not count against it.
      const aboutThis = () => chatRequests().filter((r) => lastUserText(r.body).includes('Oi, alguém aí?'));
      await eventually(async () => expect(aboutThis()).toHaveLength(1), 2_000);
      expect((await runsOf(ticketId)).filter((r) => r.purpose === 'reply')).toHaveLength(1);
    } finally {
      await second.close();
    }
  }, 60_000);

  it('suggests a reply and summarises for an agent who sees the ticket; 409 without a helping assistant', async () => {
    const customer = visitor();
    ai.script([{ text: 'Olá!' }]);
    const ticketId = await customer.say('Oi, quero trocar um produto');
    await eventually(async () => expect(await assistantSaid(ticketId)).toHaveLength(1), 20_000);
    const none = await t.request('POST', `/tickets/${ticketId}/assistant-summary`, { token: fx.tokens.admin });
    expect(none.status).toBe(409);
    await useAssistant({ helpsAgents: true });
    ai.script([{ text: '- Cliente quer trocar um produto' }]);
    const summary = await t.request('POST', `/tickets/${ticketId}/assistant-summary`, { token: fx.tokens.admin });
    expect(summary.status).toBe(200);
    expect(summary.body).toEqual({ text: '- Cliente quer trocar um produto', provider: 'chatgpt' });
    ai.script([{ text: 'Claro! Qual produto você quer trocar?' }]);
    const suggestion = await t.request('POST', `/tickets/${ticketId}/assistant-suggestion`, { token: fx.tokens.admin });
    expect(suggestion.body.text).toBe('Claro! Qual produto você quer trocar?');
    const foreign = await t.request('POST', `/tickets/${ticketId}/assistant-summary`, { token: other.tokens.admin });
    expect(foreign.status).toBe(404);
    const runs = await t.request('GET', `/tickets/${ticketId}/assistant-runs`, { token: fx.tokens.admin });
    expect(runs.body.map((r: { purpose: string }) => r.purpose)).toEqual(['suggestion', 'summary', 'reply']);
    await useAssistant();
  });
});

describe('a chat flow handing the customer to the assistant', () => {
  it('the flow triages first, its assistant step hands over, and the assistant answers at once', async () => {
    await useAssistant({ scope: { kind: 'none' } });
    const flow = buildFlow([
      {
        id: 'menu',
        say: ['Olá! Digite 1 para falar com a nossa assistente.'],
        on: [[['1'], 'ia']],
      },
      {
        id: 'ia',
        say: ['Um momento, vou te passar para a assistente.'],
        interactions: [{ id: 'passa', type: 'AssistantField', data: { provider: 'chatgpt' } }],
        on: [['*', 'close']],
      },
    ]);
    const [row] = await t.db.insert(chatFlows).values({ tenantId: fx.tenantId, name: 'Triagem IA', flow }).returning();
    await t.db
      .update(connections)
      .set({ chatFlowId: row?.id ?? null })
      .where(eq(connections.id, webchatId));
    try {
      ai.script([{ text: 'Oi! Sou a Bia. Em que posso ajudar?' }]);
      const customer = visitor();
      const ticketId = await customer.say('Bom dia');
      // The flow greets; the assistant keeps quiet while the flow has the ticket.
      await eventually(async () => expect((await ticketRow(ticketId))?.chatFlowId).toBe(row?.id), 20_000);
      await customer.say('1');
      await eventually(
        async () => expect(await assistantSaid(ticketId)).toEqual(['Oi! Sou a Bia. Em que posso ajudar?']),
        10_000,
      );
      expect(await ticketRow(ticketId)).toMatchObject({ chatFlowId: null, assistantStatus: { chatgpt: 'on' } });
      expect(chatRequests()).toHaveLength(1);
    } finally {
      await t.db.update(connections).set({ chatFlowId: null }).where(eq(connections.id, webchatId));
      await useAssistant();
    }
  });
});
