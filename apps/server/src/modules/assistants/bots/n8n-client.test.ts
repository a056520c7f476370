import { ZN8nSettings } from '@prosa/contracts';
import { startFakeN8n, type TFakeN8n } from '@prosa/fakes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TBotSession } from './bot-client.js';
import { n8nClient, readN8nAnswer } from './n8n-client.js';

let fake: TFakeN8n;
beforeAll(async () => {
  fake = await startFakeN8n({ paths: ['atendimento'], auth: { name: 'X-Prosa-Key', value: 'n8n-secret' } });
});
afterAll(() => fake.close());

const say = (text: string, session: TBotSession | null, extra: Record<string, unknown> = {}) =>
  n8nClient.converse({
    settings: ZN8nSettings.parse({
      provider: 'n8n',
      enabled: true,
      url: fake.webhookUrl('atendimento'),
      authHeaderName: 'X-Prosa-Key',
      authHeaderValue: 'n8n-secret',
      ...extra,
    }),
    session,
    text,
    contact: { name: 'Ana', number: '5511987654321' },
    ticketId: 5,
    fetch,
  });

describe('n8nClient', () => {
  it('posts the message, ticket and contact with the header auth; the session goes on until the workflow ends it', async () => {
    const first = await say('Oi', null);
    expect(first.replies).toEqual([{ kind: 'text', text: 'Recebido: Oi' }]);
    expect(first.session?.id).toBe('ticket-5');
    const request = fake.requests.at(-1);
    expect(request?.headers['x-prosa-key']).toBe('n8n-secret');
    expect(request?.body).toMatchObject({
      message: 'Oi',
      ticket: { id: 5 },
      contact: { name: 'Ana', number: '5511987654321' },
    });
    const second = await say('Tudo bem?', first.session);
    expect(second.session).toEqual(first.session);
    fake.answerNext({ kind: 'json', body: { reply: 'Até mais!', end: true } });
    expect(await say('tchau', second.session)).toEqual({
      replies: [{ kind: 'text', text: 'Até mais!' }],
      session: null,
      ended: true,
    });
  });

  it('reads each shape a workflow answers with', async () => {
    fake.answerNext(
      { kind: 'json', body: { output: 'Do agente de IA' } },
      {
        kind: 'json',
        body: [
          { reply: 'Um' },
          { json: { text: 'Dois' } },
          { mediaUrl: 'https://x.test/a.pdf', mimeType: 'application/pdf' },
        ],
      },
      { kind: 'text', body: 'Texto puro' },
    );
    expect((await say('a', null)).replies).toEqual([{ kind: 'text', text: 'Do agente de IA' }]);
    expect((await say('b', null)).replies).toEqual([
      { kind: 'text', text: 'Um' },
      { kind: 'text', text: 'Dois' },
      { kind: 'media', url: 'https://x.test/a.pdf', mimeType: 'application/pdf' },
    ]);
    expect((await say('c', null)).replies).toEqual([{ kind: 'text', text: 'Texto puro' }]);
    expect(readN8nAnswer('application/json', '{"messages":["x","y"]}').replies).toHaveLength(2);
  });

  it('fails with the status on a wrong header, a missing one, an inactive webhook and a workflow error', async () => {
    await expect(say('Oi', null, { authHeaderValue: 'errado' })).rejects.toMatchObject({
      provider: 'n8n',
      status: 403,
    });
    await expect(say('Oi', null, { authHeaderName: undefined })).rejects.toMatchObject({ status: 401 });
    await expect(say('Oi', null, { url: fake.webhookUrl('outro') })).rejects.toMatchObject({ status: 404 });
    fake.answerNext({ kind: 'status', status: 500 });
    await expect(say('Oi', null)).rejects.toMatchObject({ provider: 'n8n', status: 500 });
  });

  it('refuses an answer larger than 2 MB instead of holding it', async () => {
    fake.answerNext({ kind: 'text', body: 'x'.repeat(3 * 1024 * 1024) });
    await expect(say('Oi', null)).rejects.toMatchObject({ provider: 'n8n', message: expect.stringContaining('2 MB') });
  });
});
