import { describe, expect, it } from 'vitest';
import { ZBot, ZBotSettings } from './bots.js';

const account = JSON.stringify({
  client_email: 'bot@p.iam.gserviceaccount.com',
  private_key: '-----BEGIN PRIVATE KEY-----\nabc\n-----END PRIVATE KEY-----\n',
  project_id: 'p',
});

const fieldsOf = (input: unknown) =>
  ZBotSettings.safeParse(input).error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) ?? [];

describe('ZBotSettings', () => {
  it('fills the family defaults of each provider', () => {
    expect(
      ZBotSettings.parse({ provider: 'typebot', enabled: true, url: 'https://bot.example.com', publicId: 'x' }),
    ).toMatchObject({
      expireMinutes: 20,
      exitKeyword: 'sair',
      restartKeyword: 'reiniciar',
      scope: { kind: 'none' },
      handoffQueueId: null,
    });
    expect(ZBotSettings.parse({ provider: 'dify', enabled: false })).toMatchObject({
      url: 'https://api.dify.ai/v1',
      appType: 'chatBot',
    });
    expect(ZBotSettings.parse({ provider: 'dialogflow', enabled: true, projectId: 'p' })).toMatchObject({
      language: 'pt-BR',
      apiUrl: 'https://dialogflow.googleapis.com',
    });
  });

  it('names the field and says what is wrong, in Portuguese', () => {
    expect(fieldsOf({ provider: 'typebot', enabled: true, url: 'ftp://x', publicId: '' })).toEqual([
      'url: deve ser um endereço http(s)',
      'publicId: informe o id público do typebot',
    ]);
    expect(
      fieldsOf({ provider: 'dialogflow', enabled: true, projectId: 'p', serviceAccountJson: '{"client_email":"a"}' }),
    ).toEqual(['serviceAccountJson: deve ser o JSON da conta de serviço, com client_email, private_key e project_id']);
    expect(
      fieldsOf({ provider: 'n8n', enabled: true, url: 'https://n8n.example.com/webhook/x', authHeaderName: 'X Key' }),
    ).toEqual(['authHeaderName: deve ser um nome de cabeçalho HTTP']);
    expect(fieldsOf({ provider: 'outro', enabled: true })).toHaveLength(1);
  });

  it('takes a service account key file, and leaves a secret out (kept) or empty (removed)', () => {
    const parsed = ZBotSettings.parse({
      provider: 'dialogflow',
      enabled: true,
      projectId: 'p',
      serviceAccountJson: account,
    });
    expect(parsed).toMatchObject({ serviceAccountJson: account });
    expect(
      ZBotSettings.parse({ provider: 'vapi', enabled: true, assistantId: 'a', phoneNumberId: 'n' }),
    ).not.toHaveProperty('privateKey');
    expect(
      ZBotSettings.parse({ provider: 'vapi', enabled: true, assistantId: 'a', phoneNumberId: 'n', privateKey: '' }),
    ).toMatchObject({
      privateKey: '',
    });
  });
});

describe('ZBot', () => {
  it('never carries a secret', () => {
    const bot = ZBot.parse({
      provider: 'n8n',
      enabled: true,
      url: 'https://n8n.example.com/webhook/x',
      authHeaderName: 'X-Key',
      authHeaderValue: 'segredo',
      hasSecret: true,
      lastError: null,
      updatedAt: null,
    });
    expect(bot).not.toHaveProperty('authHeaderValue');
    expect(bot).toMatchObject({ hasSecret: true });
  });
});
