import { randomBytes } from 'node:crypto';
import type { THubConfig } from '@prosa/contracts';
import { AppError } from '../../platform/errors.js';
import type { TSecrets } from '../../platform/secrets.js';
import type { TConnectionRow } from '../types.js';

/**
 * What a NotificaMe Hub connection keeps in `config`: the channel's kind and token in clear (the token names
 * the channel on the Hub, the `from` of every send; it is no credential without the API token), the account's
 * API token and our webhook secret sealed, and the id of the subscription we made on the Hub.
 */
export type TStoredHubConfig = {
  hubChannel: THubConfig['hubChannel'];
  hubChannelToken: string;
  hubApiToken: string;
  /** The Hub signs nothing (that we know of): the secret rides in the webhook URL we subscribe. */
  webhookSecret: string;
  /** The Hub's id of our webhook subscription, to replace or delete it; null until the first one is made. */
  subscriptionId?: string | null;
};

export const readHubConfig = (connection: Pick<TConnectionRow, 'config'>): Partial<TStoredHubConfig> =>
  connection.config as Partial<TStoredHubConfig>;

/**
 * The settings of a new or edited Hub connection as stored: the API token sealed, a webhook secret made once.
 * Fields left out of an edit keep their stored value; the subscription is the session's business.
 */
export const sealHubConfig = (
  secrets: TSecrets,
  input: Partial<THubConfig>,
  previous: Record<string, unknown> = {},
): TStoredHubConfig => {
  const before = previous as Partial<TStoredHubConfig>;
  const merged = {
    hubChannel: input.hubChannel ?? before.hubChannel,
    hubChannelToken: input.hubChannelToken ?? before.hubChannelToken,
    hubApiToken: input.hubApiToken ? secrets.seal(input.hubApiToken) : before.hubApiToken,
    webhookSecret: before.webhookSecret ?? secrets.seal(randomBytes(24).toString('base64url')),
  };
  for (const [field, value] of Object.entries(merged))
    if (!value) throw new AppError('ERR_VALIDATION', { field: `config.${field}` });
  return { ...(merged as TStoredHubConfig), subscriptionId: before.subscriptionId ?? null };
};

/** Where the Hub posts this connection's events: its token names the connection, the secret proves the sender. */
export const hubWebhookUrl = (connection: Pick<TConnectionRow, 'token'>, publicUrl: string, secret: string) =>
  connection.token ? `${publicUrl}/hubhooks/${connection.token}/${secret}` : null;

/**
 * What an admin sees of a Hub connection: the channel, its token, the subscription and a "set" flag. No webhook
 * URL: the server subscribes it on the Hub itself (and it carries the secret).
 */
export const hubPublicSettings = (connection: TConnectionRow) => {
  const stored = readHubConfig(connection);
  return {
    hubChannel: stored.hubChannel ?? null,
    hubChannelToken: stored.hubChannelToken ?? null,
    hubApiToken: Boolean(stored.hubApiToken),
    subscriptionId: stored.subscriptionId ?? null,
  };
};

/**
 * The identity kind a Hub channel's customers are known by. WhatsApp numbers are phones, so a customer who also
 * writes through another WhatsApp connection is the same contact; Instagram, Messenger and Telegram ids are the
 * ones Meta and Telegram give (the Hub relays them); e-mail is the address; Hub web chat visitors are ids of
 * the Hub's widget, kept under the web chat kind (a namespace of their own in practice: random ids).
 */
export const hubAddressKind = (channel: THubConfig['hubChannel'] | undefined) => {
  switch (channel) {
    case 'whatsapp':
    case undefined:
      return 'phone' as const;
    case 'instagram':
      return 'instagram' as const;
    case 'facebook':
      return 'messenger' as const;
    case 'telegram':
      return 'telegram' as const;
    case 'email':
      return 'email' as const;
    case 'webchat':
      return 'webchat' as const;
    default: {
      const unknown: never = channel;
      throw new Error(`unknown hub channel ${String(unknown)}`);
    }
  }
};
