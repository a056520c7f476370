import { demoTypebot, startFakeN8n, startFakeTypebot } from '@prosa/fakes';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { textsSentBy } from '../../../test/channels.js';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { fastJobs } from '../../../test/jobs.js';
import { eventually } from '../../../test/sockets.js';
import { assistantRuns, tickets } from '../../platform/db/schema.js';
import { receiveMessage } from '../messages/receive-batch.js';

type TFixture = Awaited<ReturnType<TestApp['createTenantFixture']>>;
type TN8n = Awaited<ReturnType<typeof startFakeN8n>>;
type TTypebot = Awaited<ReturnType<typeof startFakeTypebot>>;

// The bots listen on loopback; jobs are polled fast and retried at once.
const fast = { ...fastJobs, webhookAllowPrivate: true };
let t: TestApp;
let fx: TFixture;
let other: TFixture;
let n8n: TN8n;
let typebot: TTypebot;
let webchatId: number;
let sequence = 0;

const putBot = async (provider: string, body: object, token = fx.tokens.admin) =>
  t.request('PUT', `/bots/${provider}`, { token, body: { provider, ...body } });

const visitor = () => {
  sequence += 1;
  const from = { kind: 'webchat' as const, value: `bot-${sequence}`, name: `Cliente ${sequence}` };
  return async (body: string) => {
    const received = await receiveMessage(t.prosa.services, {
      tenantId: fx.tenantId,
      connectionId: webchatId,
      externalId: `bot-${++sequence}`,
      from,
      body,
      timestamp: Date.now(),
    });
    if (received.duplicate) throw new Error('duplicate');
    return received.ticket.id;
  };
};

const botSaid = (ticketId: number) => textsSentBy(t, ticketId, 'assistant');
const ticketRow = async (ticketId: number) => (await t.db.select().from(tickets).where(eq(tickets.id, ticketId)))[0];

beforeAll(async () => {
  n8n = await startFakeN8n({ paths: ['atendimento'], auth: { name: 'x-prosa', value: 'segredo-n8n' } });
  typebot = await startFakeTypebot({ bots: [demoTypebot] });
  t = await startTestApp(fast);
  fx = await t.createTenantFixture('Bots');
  other = await t.createTenantFixture('Outra Bots');
  const site = await t.request('POST', '/whatsapp', {
    token: fx.tokens.admin,
    body: { name: 'Site', type: 'webchat', queueId: fx.queue.id },
  });
  webchatId = site.body.id;
}, 60_000);

afterAll(async () => {
  await t?.close();
  await n8n?.close();
  await typebot?.close();
});

describe('bot settings', () => {
  it('keeps the secret sealed, refuses a provider other than the path’s and other tenants’ queues', async () => {
    const saved = await putBot(
      'n8n',
      {
        enabled: false,
        url: 'https://n8n.example.com/webhook/x',
        authHeaderName: 'x-k',
        authHeaderValue: 'muito-secreto',
      },
      other.tokens.admin,
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({ provider: 'n8n', hasSecret: true });
    expect(JSON.stringify(saved.body)).not.toContain('muito-secreto');
    const listed = await t.request('GET', '/bots', { token: other.tokens.admin });
    expect(listed.body.map((b: { provider: string }) => b.provider)).toEqual(['n8n']);
    const mismatch = await t.request('PUT', '/bots/dify', {
      token: other.tokens.admin,
      body: { provider: 'n8n', enabled: false, url: 'https://n8n.example.com/webhook/x' },
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.field).toBe('provider');
    const foreign = await putBot(
      'n8n',
      { enabled: false, url: 'https://n8n.example.com/webhook/x', handoffQueueId: fx.queue.id },
      other.tokens.admin,
    );
    expect(foreign.status).toBe(400);
    expect((await t.request('GET', '/bots', { token: other.tokens.agent })).status).toBe(403);
  });
});

describe('bots answering customers', () => {
  it('n8n answers each message, and a failing workflow hands the ticket over with the reason shown', async () => {
    const saved = await putBot('n8n', {
      enabled: true,
      url: n8n.webhookUrl('atendimento'),
      authHeaderName: 'x-prosa',
      authHeaderValue: 'segredo-n8n',
      scope: { kind: 'all' },
      handoffQueueId: fx.queue.id,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const say = visitor();
    const ticketId = await say('Qual o prazo de entrega?');
    await eventually(
      async () => expect(await botSaid(ticketId)).toEqual(['Recebido: Qual o prazo de entrega?']),
      10_000,
    );
    n8n.answerNext({ kind: 'status', status: 500, body: 'Workflow could not be started' });
    await say('E o frete?');
    await eventually(async () => expect((await ticketRow(ticketId))?.assistantStatus).toEqual({ n8n: 'off' }), 20_000);
    const runs = await t.db.select().from(assistantRuns).where(eq(assistantRuns.ticketId, ticketId));
    expect(runs.map((r) => r.outcome)).toEqual(['replied', 'failed']);
    const listed = await t.request('GET', '/bots', { token: fx.tokens.admin });
    expect(listed.body[0].lastError.message).toBeTruthy();
    await putBot('n8n', { enabled: false, url: n8n.webhookUrl('atendimento') });
  });

  it('Typebot keeps its session across messages, maps a numbered answer, and hands over when its flow ends', async () => {
    const saved = await putBot('typebot', {
      enabled: true,
      url: typebot.baseUrl,
      publicId: demoTypebot.publicId,
      scope: { kind: 'connections', ids: [webchatId] },
      handoffQueueId: fx.queue.id,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const say = visitor();
    const ticketId = await say('Oi');
    await eventually(async () => expect((await botSaid(ticketId)).join('\n')).toContain('1 - Vendas'), 20_000);
    await say('1');
    await eventually(
      async () => expect((await botSaid(ticketId)).join('\n')).toContain('Temos planos a partir de R$ 49.'),
      10_000,
    );
    await eventually(
      async () => expect((await ticketRow(ticketId))?.assistantStatus).toEqual({ typebot: 'off' }),
      10_000,
    );
    // One session: started once, continued with the answer.
    const paths = typebot.requests.map((r) => r.path.replace(/sessions\/[^/]+/, 'sessions/:id'));
    expect(paths).toEqual([`/api/v1/typebots/${demoTypebot.publicId}/startChat`, '/api/v1/sessions/:id/continueChat']);
  });
});
