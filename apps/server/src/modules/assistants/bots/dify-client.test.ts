import { ZDifySettings } from '@prosa/contracts';
import { startFakeDify, type TFakeDify } from '@prosa/fakes';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TBotSession } from './bot-client.js';
import { difyClient } from './dify-client.js';

let fake: TFakeDify;
beforeAll(async () => {
  fake = await startFakeDify({ apiKey: 'app-key-1' });
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.agent = false;
  fake.answer = (q) => `Resposta ${q.history.length + 1}: ${q.query}`;
});

const say = (text: string, session: TBotSession | null, extra: Record<string, unknown> = {}) =>
  difyClient.converse({
    settings: ZDifySettings.parse({ provider: 'dify', enabled: true, url: fake.apiUrl, apiKey: 'app-key-1', ...extra }),
    session,
    text,
    contact: { name: 'Ana', number: '5511987654321' },
    ticketId: 42,
    fetch,
  });

describe('difyClient', () => {
  it('starts a conversation on the first message and keeps its conversation_id for the next', async () => {
    const first = await say('Oi', null);
    expect(first.replies).toEqual([{ kind: 'text', text: 'Resposta 1: Oi' }]);
    expect(first.ended).toBe(false);
    const request = fake.requests.at(-1);
    expect(request?.authorization).toBe('Bearer app-key-1');
    expect(request?.body).toMatchObject({
      query: 'Oi',
      user: 'ticket-42',
      conversation_id: '',
      response_mode: 'blocking',
    });
    const conversationId = first.session?.data?.conversationId;
    expect(fake.conversations().map((c) => c.id)).toContain(conversationId);

    const second = await say('E o preço?', first.session);
    expect(second.replies).toEqual([{ kind: 'text', text: 'Resposta 2: E o preço?' }]);
    expect(second.session).toEqual(first.session);
    expect(fake.requests.at(-1)?.body).toMatchObject({ conversation_id: conversationId });
  });

  it('starts a new conversation on the restart keyword and when Dify no longer knows the stored one', async () => {
    const first = await say('Oi', null);
    const restarted = await say('reiniciar', first.session);
    expect(restarted.session?.id).not.toBe(first.session?.id);
    expect(restarted.replies).toEqual([{ kind: 'text', text: 'Resposta 1: reiniciar' }]);

    const unknown = { id: 'gone', startedAt: '2026-11-26T00:00:00.000Z', data: { conversationId: 'gone' } };
    const again = await say('Oi de novo', unknown);
    expect(fake.requests.at(-2)?.status).toBe(404);
    expect(again.session?.id).not.toBe('gone');
    expect(again.replies).toEqual([{ kind: 'text', text: 'Resposta 1: Oi de novo' }]);
  });

  it('reads an agent app in streaming mode, chunks joined', async () => {
    fake.agent = true;
    const first = await say('Quero um plano anual', null, { appType: 'agent' });
    expect(fake.requests.at(-1)?.body).toMatchObject({ response_mode: 'streaming' });
    expect(first.replies).toEqual([{ kind: 'text', text: 'Resposta 1: Quero um plano anual' }]);
    const second = await say('Obrigado', first.session, { appType: 'agent' });
    expect(second.replies).toEqual([{ kind: 'text', text: 'Resposta 2: Obrigado' }]);
  });

  it('turns an error event of the stream into a BotCallError with its status', async () => {
    fake.failNext({ status: 429, code: 'provider_quota_exceeded', message: 'quota exceeded' });
    await expect(say('Oi', null, { appType: 'agent' })).rejects.toMatchObject({ provider: 'dify', status: 429 });
  });

  it('asks text generators and workflows with the text in inputs.query, each message on its own', async () => {
    const generated = await say('Resuma', null, { appType: 'textGenerator' });
    expect(generated.replies).toEqual([{ kind: 'text', text: 'Resposta 1: Resuma' }]);
    expect(fake.requests.at(-1)).toMatchObject({
      path: '/v1/completion-messages',
      body: { inputs: { query: 'Resuma' } },
    });
    const run = await say('Classifique', generated.session, { appType: 'workflow' });
    expect(run.replies).toEqual([{ kind: 'text', text: 'Resposta 1: Classifique' }]);
    expect(fake.requests.at(-1)?.path).toBe('/v1/workflows/run');
  });

  it('fails with the status on a wrong app key and on a server error', async () => {
    await expect(say('Oi', null, { apiKey: 'wrong' })).rejects.toMatchObject({ provider: 'dify', status: 401 });
    fake.failNext({ status: 500 });
    await expect(say('Oi', null)).rejects.toMatchObject({ provider: 'dify', status: 500 });
  });
});
