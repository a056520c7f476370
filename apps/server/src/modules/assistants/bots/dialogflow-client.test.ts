import { generateKeyPairSync } from 'node:crypto';
import { ZDialogflowSettings } from '@prosa/contracts';
import { startFakeDialogflow, type TFakeDialogflow } from '@prosa/fakes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TBotSession } from './bot-client.js';
import { createDialogflowClient } from './dialogflow-client.js';

let fake: TFakeDialogflow;
beforeAll(async () => {
  fake = await startFakeDialogflow({
    intents: [
      { displayName: 'Boas-vindas', phrases: ['oi', 'bom dia'], reply: 'Olá! Em que posso ajudar?' },
      {
        displayName: 'Horário',
        phrases: ['horario'],
        reply: ['Segunda a sexta.', 'Das 8h às 18h.'],
        imageUri: 'https://example.com/h.png',
      },
      { displayName: 'Despedida', phrases: ['tchau'], reply: 'Até logo!', endInteraction: true },
      { displayName: 'Sair', phrases: ['falar com atendente'], reply: 'Vou chamar alguém.' },
    ],
  });
});
afterAll(() => fake.close());

const at = (minute: number) => new Date(Date.now() + minute * 60_000);
const tokenCalls = () => fake.requests.filter((r) => r.path === '/token');

const setup = (projectId: string, account: unknown = fake.serviceAccount(projectId)) => {
  const client = createDialogflowClient();
  const settings = ZDialogflowSettings.parse({
    provider: 'dialogflow',
    enabled: true,
    projectId,
    serviceAccountJson: JSON.stringify(account),
    apiUrl: fake.apiUrl,
  });
  const say = (text: string, session: TBotSession | null, minute = 0) =>
    client.converse({
      settings,
      session,
      text,
      contact: { name: 'Ana', number: '5511987654321' },
      ticketId: 9,
      fetch,
      now: at(minute),
    });
  return say;
};

describe('dialogflowClient', () => {
  it('signs in with the service account once for two messages of the ticket session', async () => {
    const say = setup('projeto-a');
    const before = tokenCalls().length;
    const first = await say('Oi, bom dia', null);
    expect(first).toMatchObject({ replies: [{ kind: 'text', text: 'Olá! Em que posso ajudar?' }], ended: false });
    expect(first.session?.id).toBe('ticket-9');
    const second = await say('Qual o horário?', first.session, 1);
    expect(second.replies).toEqual([
      { kind: 'text', text: 'Segunda a sexta.' },
      { kind: 'text', text: 'Das 8h às 18h.' },
      { kind: 'media', url: 'https://example.com/h.png' },
    ]);
    expect(second.session).toEqual(first.session);
    expect(tokenCalls().length - before).toBe(1);
    const detect = fake.requests.at(-1);
    expect(detect?.path).toBe('/v2/projects/projeto-a/agent/sessions/ticket-9:detectIntent');
    expect(detect?.body).toEqual({ queryInput: { text: { text: 'Qual o horário?', languageCode: 'pt-BR' } } });
  });

  it('fetches a new token once the old one expires, and again when Dialogflow refuses the cached one', async () => {
    const say = setup('projeto-b');
    const before = tokenCalls().length;
    await say('Oi', null);
    await say('Oi', null, 30);
    expect(tokenCalls().length - before).toBe(1);
    fake.now = () => at(61).getTime();
    await say('Oi', null, 61);
    expect(tokenCalls().length - before).toBe(2);
    fake.revokeTokens();
    const after = await say('Oi', null, 61);
    fake.now = () => Date.now();
    expect(after.replies).toEqual([{ kind: 'text', text: 'Olá! Em que posso ajudar?' }]);
    expect(tokenCalls().length - before).toBe(3);
  });

  it('ends on an end-of-conversation intent and on an intent named like the exit keyword', async () => {
    const say = setup('projeto-c');
    const bye = await say('tchau', { id: 'ticket-9', startedAt: '2026-11-26T00:00:00.000Z' });
    expect(bye).toEqual({ replies: [{ kind: 'text', text: 'Até logo!' }], session: null, ended: true });
    const exit = await say('quero falar com atendente', null);
    expect(exit.ended).toBe(true);
    const fallback = await say('xyz', null);
    expect(fallback).toMatchObject({ replies: [{ kind: 'text', text: fake.fallbackReply }], ended: false });
  });

  it('fails with the status when Google refuses the service account key', async () => {
    const foreign = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({
      type: 'pkcs8',
      format: 'pem',
    });
    const say = setup('projeto-d', { ...fake.serviceAccount('projeto-d'), private_key: foreign.toString() });
    await expect(say('Oi', null)).rejects.toMatchObject({ provider: 'dialogflow', status: 400 });
    expect(fake.requests.at(-1)?.path).toBe('/token');
  });

  it('fails with 403 when the account belongs to another project', async () => {
    const say = setup('projeto-e', fake.serviceAccount('outro-projeto'));
    await expect(say('Oi', null)).rejects.toMatchObject({ provider: 'dialogflow', status: 403 });
  });
});
