import { ZTypebotSettings } from '@prosa/contracts';
import { demoTypebot, startFakeTypebot, type TFakeTypebot } from '@prosa/fakes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BotCallError, type TBotSession } from './bot-client.js';
import { typebotClient } from './typebot-client.js';

let fake: TFakeTypebot;
beforeAll(async () => {
  fake = await startFakeTypebot({
    bots: [demoTypebot, { publicId: 'private-bot', token: 'tb-secret', script: demoTypebot.script }],
  });
});
afterAll(() => fake.close());

const settings = (overrides: Record<string, unknown> = {}) =>
  ZTypebotSettings.parse({
    provider: 'typebot',
    enabled: true,
    url: `${fake.baseUrl}/`,
    publicId: 'prosa-demo',
    ...overrides,
  });

const at = (minute: number) => new Date(Date.UTC(2026, 10, 26, 12, minute));
const contact = { name: 'Ana', number: '5511987654321' };

const say = (text: string, session: TBotSession | null, extra: Record<string, unknown> = {}, minute = 0) =>
  typebotClient.converse({
    settings: settings(extra),
    session,
    text,
    contact,
    ticketId: 7,
    fetch,
    now: at(minute),
  });

describe('typebotClient', () => {
  it('starts the flow on the first message and offers its choices as numbered lines', async () => {
    const first = await say('Oi', null);
    expect(first.ended).toBe(false);
    expect(first.replies).toEqual([
      { kind: 'text', text: 'Olá, Ana! Sou o bot da Prosa.' },
      { kind: 'text', text: 'Como posso ajudar?' },
      { kind: 'text', text: '1 - Vendas\n2 - Suporte' },
    ]);
    expect(fake.sessions().map((s) => s.id)).toContain(first.session?.id);
    const start = fake.requests.at(-1);
    expect(start?.path).toBe('/api/v1/typebots/prosa-demo/startChat');
    expect(start?.body).toMatchObject({ prefilledVariables: { name: 'Ana', number: '5511987654321', ticketId: 7 } });
  });

  it('continues the session: "2" answers the second item, text input goes on, the end of the flow ends it', async () => {
    const first = await say('Oi', null);
    const second = await say('2', first.session, {}, 1);
    expect(second.session?.id).toBe(first.session?.id);
    expect(second.replies).toEqual([{ kind: 'text', text: 'Descreva o problema, por favor.' }]);
    expect(fake.requests.at(-1)).toMatchObject({
      path: `/api/v1/sessions/${first.session?.id}/continueChat`,
      body: { message: { type: 'text', text: 'Suporte' } },
    });
    const last = await say('A impressora não liga', second.session, {}, 2);
    expect(last).toEqual({
      replies: [{ kind: 'text', text: 'Obrigado! Registramos: A impressora não liga' }],
      session: null,
      ended: true,
    });
  });

  it('sends bubbles with images as media and ends after a choice that leads to no input', async () => {
    const first = await say('Oi', null);
    const sales = await say('vendas', first.session, {}, 1);
    expect(sales.ended).toBe(true);
    expect(sales.replies).toEqual([
      { kind: 'text', text: 'Temos planos a partir de R$ 49.' },
      { kind: 'media', url: 'https://picsum.photos/seed/prosa/400/300' },
    ]);
  });

  it('answers an unknown option with the unknown message and the options, without calling Typebot', async () => {
    const first = await say('Oi', null);
    const calls = fake.requests.length;
    const retry = await say('9', first.session, { unknownMessage: 'Não entendi.' }, 1);
    expect(retry.replies).toEqual([
      { kind: 'text', text: 'Não entendi.' },
      { kind: 'text', text: '1 - Vendas\n2 - Suporte' },
    ]);
    expect(retry.session?.id).toBe(first.session?.id);
    expect(fake.requests.length).toBe(calls);
  });

  it('starts over after the expiry, on the restart keyword and when Typebot forgot the session', async () => {
    const first = await say('Oi', null);
    const late = await say('1', first.session, { expireMinutes: 20 }, 21);
    expect(late.session?.id).not.toBe(first.session?.id);
    expect(late.replies[0]).toEqual({ kind: 'text', text: 'Olá, Ana! Sou o bot da Prosa.' });

    const restarted = await say('Reiniciar', late.session, {}, 22);
    expect(restarted.session?.id).not.toBe(late.session?.id);

    fake.expireSession(restarted.session?.id ?? '');
    const forgotten = await say('1', restarted.session, {}, 23);
    expect(forgotten.session?.id).not.toBe(restarted.session?.id);
    expect(forgotten.replies.at(-1)).toEqual({ kind: 'text', text: '1 - Vendas\n2 - Suporte' });
  });

  it('sends the token to a private bot; a wrong one is a BotCallError with the status', async () => {
    const ok = await say('Oi', null, { publicId: 'private-bot', token: 'tb-secret' });
    expect(ok.ended).toBe(false);
    expect(fake.requests.at(-1)?.authorization).toBe('Bearer tb-secret');
    const refused = say('Oi', null, { publicId: 'private-bot', token: 'wrong' });
    await expect(refused).rejects.toBeInstanceOf(BotCallError);
    await expect(refused).rejects.toMatchObject({ provider: 'typebot', status: 401 });
  });

  it('refuses a loopback address unless a fetch is given or private addresses are allowed', async () => {
    const input = { settings: settings(), session: null, text: 'Oi', contact, ticketId: 7, now: at(0) };
    await expect(typebotClient.converse(input)).rejects.toMatchObject({
      provider: 'typebot',
      message: expect.stringContaining('rede interna'),
    });
    expect((await typebotClient.converse({ ...input, allowPrivate: true })).ended).toBe(false);
  });
});
