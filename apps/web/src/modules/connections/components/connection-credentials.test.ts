import { describe, expect, it } from 'vitest';
import {
  credentialFieldOf,
  credentialsToSend,
  hasCredentials,
  initialCredentials,
  missingCredentials,
} from './connection-credentials';

describe('connection credentials', () => {
  it('opens with the stored address and empty secrets (the server only says a secret is set)', () => {
    expect(initialCredentials('evolution', { gatewayUrl: 'https://evo.loja.com.br', apiKey: true })).toEqual({
      gatewayUrl: 'https://evo.loja.com.br',
      apiKey: '',
    });
    expect(initialCredentials('evolution', null)).toEqual({ gatewayUrl: '', apiKey: '' });
    expect(initialCredentials('webchat', { anything: 'x' })).toEqual({});
    expect(hasCredentials('evolution')).toBe(true);
    expect(hasCredentials('webchat')).toBe(false);
    // A list starts on its first option; a stored choice is kept.
    expect(initialCredentials('hub', null)).toEqual({ hubChannel: 'whatsapp', hubChannelToken: '', hubApiToken: '' });
    expect(initialCredentials('hub', { hubChannel: 'instagram', hubChannelToken: 'loja', hubApiToken: true })).toEqual({
      hubChannel: 'instagram',
      hubChannelToken: 'loja',
      hubApiToken: '',
    });
  });

  it('asks for every field on a create, and lets a secret stay empty on an edit', () => {
    expect(missingCredentials('evolution', { gatewayUrl: ' ', apiKey: '' }, false)).toEqual(['gatewayUrl', 'apiKey']);
    expect(missingCredentials('evolution', { gatewayUrl: 'https://evo', apiKey: '' }, true)).toEqual([]);
    expect(missingCredentials('evolution', { gatewayUrl: '', apiKey: '' }, true)).toEqual(['gatewayUrl']);
    expect(missingCredentials('webchat', {}, false)).toEqual([]);
  });

  it('sends trimmed values, leaving an untouched secret out of an edit', () => {
    expect(credentialsToSend('evolution', { gatewayUrl: ' https://evo ', apiKey: ' chave-123 ' }, false)).toEqual({
      gatewayUrl: 'https://evo',
      apiKey: 'chave-123',
    });
    expect(credentialsToSend('evolution', { gatewayUrl: 'https://evo', apiKey: '' }, true)).toEqual({
      gatewayUrl: 'https://evo',
    });
    expect(
      credentialsToSend('waba', { phoneNumberId: '1', wabaId: '2', accessToken: '', appSecret: 'abc' }, true),
    ).toEqual({ phoneNumberId: '1', wabaId: '2', appSecret: 'abc' });
  });

  it("puts a server's field error under its field only when the form has it", () => {
    expect(credentialFieldOf('evolution', 'config.gatewayUrl')).toBe('gatewayUrl');
    expect(credentialFieldOf('evolution', 'config.appSecret')).toBeNull();
    expect(credentialFieldOf('waba', 'config.appSecret')).toBe('appSecret');
    expect(credentialFieldOf('evolution', 'name')).toBeNull();
    expect(credentialFieldOf('evolution', undefined)).toBeNull();
  });

  it('a Telegram bot asks for its token once: kept when left empty on an edit, its error under the field', () => {
    expect(initialCredentials('telegram', { mode: 'polling', botToken: true })).toEqual({ botToken: '' });
    expect(missingCredentials('telegram', { botToken: '' }, false)).toEqual(['botToken']);
    expect(missingCredentials('telegram', { botToken: '' }, true)).toEqual([]);
    expect(credentialsToSend('telegram', { botToken: '' }, true)).toEqual({});
    expect(credentialsToSend('telegram', { botToken: ' 123:abc ' }, false)).toEqual({ botToken: '123:abc' });
    expect(credentialFieldOf('telegram', 'config.botToken')).toBe('botToken');
  });
});
