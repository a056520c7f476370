import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFakeAi, type TFakeAi } from './ai.js';

// What the AI SDK never shows the fake: the providers' refusals of malformed requests and the control paths.

const apiKey = 'sk-fake';
let fake: TFakeAi;

beforeAll(async () => {
  fake = await startFakeAi({ apiKey });
});
afterEach(() => fake.reset());
afterAll(() => fake.close());

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${fake.baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

const claude = { 'x-api-key': apiKey, 'anthropic-version': '2023-06-01' };

describe('fake Anthropic', () => {
  it('requires max_tokens and anthropic-version, in its error shape', async () => {
    const body = { model: 'claude', messages: [{ role: 'user', content: 'Oi' }] };
    const noMax = await post('/v1/messages', body, claude);
    expect(noMax.status).toBe(400);
    expect(await noMax.json()).toEqual({
      type: 'error',
      error: { type: 'invalid_request_error', message: 'max_tokens: Field required' },
    });
    const noVersion = await post('/v1/messages', { ...body, max_tokens: 10 }, { 'x-api-key': apiKey });
    expect(noVersion.status).toBe(400);
    const wrongKey = await post('/v1/messages', { ...body, max_tokens: 10 }, { ...claude, 'x-api-key': 'nope' });
    expect(wrongKey.status).toBe(401);
    expect(await wrongKey.json()).toMatchObject({ error: { type: 'authentication_error' } });
  });

  it('refuses a tool_result that answers no tool_use of the previous message', async () => {
    const res = await post(
      '/v1/messages',
      {
        model: 'claude',
        max_tokens: 10,
        messages: [
          { role: 'user', content: 'Oi' },
          { role: 'assistant', content: [{ type: 'text', text: 'Olá' }] },
          { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_x', content: 'ok' }] },
        ],
      },
      claude,
    );
    expect(res.status).toBe(400);
    expect(JSON.stringify(await res.json())).toContain('tool_use_id');
  });
});

describe('fake OpenAI', () => {
  it('refuses a missing key with the invalid_api_key body and lists models with one', async () => {
    const res = await post('/v1/chat/completions', {
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: 'Oi' }],
    });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ error: { type: 'invalid_request_error', code: 'invalid_api_key' } });
    const models = await fetch(`${fake.openAiBaseUrl}/models`, { headers: { authorization: `Bearer ${apiKey}` } });
    const list = (await models.json()) as { data: { id: string }[] };
    expect(list.data.map((m) => m.id)).toContain('whisper-1');
  });

  it('answers a transcription as plain text when asked, with the retry-after of a scripted 429 before', async () => {
    fake.script([{ error: { status: 429, retryAfter: 3 } }]);
    const form = () => {
      const data = new FormData();
      data.append('file', new Blob([new Uint8Array([1, 2, 3])], { type: 'audio/ogg' }), 'nota.ogg');
      data.append('model', 'whisper-1');
      data.append('response_format', 'text');
      return data;
    };
    const send = () =>
      fetch(`${fake.openAiBaseUrl}/audio/transcriptions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${apiKey}` },
        body: form(),
      });
    const limited = await send();
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('3');
    expect(await (await send()).text()).toBe('Transcrição de teste');
    const seen = fake.requests();
    expect(seen[0]?.headers.authorization).toBe('[redacted]');
    expect(seen[0]?.body).toMatchObject({ model: 'whisper-1', file: { name: 'nota.ogg', size: 3 } });
  });
});

describe('control paths', () => {
  it('takes a script over HTTP and refuses one that is not a list', async () => {
    expect((await post('/_fake/script', { turns: 'no' })).status).toBe(400);
    expect(await (await post('/_fake/script', [{ text: 'A' }, { text: 'B' }])).json()).toEqual({ queued: 2 });
    expect((await post('/_fake/rules', [{ when: 'x' }])).status).toBe(400);
    const res = await post(
      '/v1beta/models/gemini-2.0-flash:generateContent',
      { contents: [{ role: 'user', parts: [{ text: 'Oi' }] }] },
      { 'x-goog-api-key': apiKey },
    );
    const answer = (await res.json()) as { candidates: { content: { parts: unknown[] } }[] };
    expect(answer.candidates[0]?.content.parts).toEqual([{ text: 'A' }]);
    const seen = (await (await fetch(`${fake.baseUrl}/_fake/requests`)).json()) as { path: string }[];
    expect(seen[0]?.path).toBe('/v1beta/models/gemini-2.0-flash:generateContent');
  });
});
