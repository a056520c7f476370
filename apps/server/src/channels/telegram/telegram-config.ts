import { randomBytes } from 'node:crypto';
import type { TTelegramConfig } from '@prosa/contracts';
import { AppError } from '../../platform/errors.js';
import type { TSecrets } from '../../platform/secrets.js';
import type { TConnectionRow } from '../types.js';

/**
 * What a Telegram connection keeps in `config`: the bot token and the secret Telegram sends back on every
 * webhook (`X-Telegram-Bot-Api-Secret-Token`), both sealed; the bot's @username once checked.
 */
export type TStoredTelegramConfig = {
  botToken: string;
  webhookSecret: string;
};

export const readTelegramConfig = (connection: Pick<TConnectionRow, 'config'>): Partial<TStoredTelegramConfig> =>
  connection.config as Partial<TStoredTelegramConfig>;

/**
 * The settings of a new or edited Telegram connection as stored: the token sealed, a webhook secret made once
 * (Telegram allows 1-256 of A-Z a-z 0-9 _ -, which base64url is). A token left out of an edit is kept.
 */
export const sealTelegramConfig = (
  secrets: TSecrets,
  input: Partial<TTelegramConfig>,
  previous: Record<string, unknown> = {},
): TStoredTelegramConfig => {
  const before = previous as Partial<TStoredTelegramConfig>;
  const merged = {
    botToken: input.botToken ? secrets.seal(input.botToken) : before.botToken,
    webhookSecret: before.webhookSecret ?? secrets.seal(randomBytes(32).toString('base64url')),
  };
  for (const [field, value] of Object.entries(merged))
    if (!value) throw new AppError('ERR_VALIDATION', { field: `config.${field}` });
  return merged as TStoredTelegramConfig;
};

/**
 * How the server hears of a bot's messages: Telegram only posts webhooks to https, so without a public https
 * address (local development, a private network) it asks by long polling instead.
 */
export const telegramMode = (publicUrl: string): 'webhook' | 'polling' =>
  publicUrl.startsWith('https://') ? 'webhook' : 'polling';

export const telegramWebhookUrl = (connection: Pick<TConnectionRow, 'token'>, publicUrl: string) =>
  connection.token ? `${publicUrl}/telegramhooks/${connection.token}` : null;

/** What an admin sees of a Telegram connection: how messages arrive and a "set" flag for the token. */
export const telegramPublicSettings = (connection: TConnectionRow, publicUrl: string) => ({
  mode: telegramMode(publicUrl),
  botToken: Boolean(readTelegramConfig(connection).botToken),
});
