import { randomBytes } from 'node:crypto';
import type { TSmsConfig } from '@prosa/contracts';
import { AppError } from '../../platform/errors.js';
import type { TSecrets } from '../../platform/secrets.js';
import type { TConnectionRow } from '../types.js';

/**
 * What an SMS connection keeps in `config`: the gateway's send URL and the sender in clear; the gateway's token
 * and the secret our inbound webhook URL carries, sealed.
 */
export type TStoredSmsConfig = {
  smsSendUrl: string;
  smsApiToken: string;
  smsFrom: string;
  /** The gateway posts to a URL the admin pastes by hand: the secret rides in it (no signature to check). */
  webhookSecret: string;
};

export const readSmsConfig = (connection: Pick<TConnectionRow, 'config'>): Partial<TStoredSmsConfig> =>
  connection.config as Partial<TStoredSmsConfig>;

/**
 * The settings of a new or edited SMS connection as stored: the token sealed, a webhook secret made once (so
 * the URL pasted into the gateway keeps working across edits). Fields left out of an edit keep their value.
 */
export const sealSmsConfig = (
  secrets: TSecrets,
  input: Partial<TSmsConfig>,
  previous: Record<string, unknown> = {},
): TStoredSmsConfig => {
  const before = previous as Partial<TStoredSmsConfig>;
  const merged = {
    smsSendUrl: input.smsSendUrl ?? before.smsSendUrl,
    smsApiToken: input.smsApiToken ? secrets.seal(input.smsApiToken) : before.smsApiToken,
    smsFrom: input.smsFrom ?? before.smsFrom,
    webhookSecret: before.webhookSecret ?? secrets.seal(randomBytes(24).toString('base64url')),
  };
  for (const [field, value] of Object.entries(merged))
    if (!value) throw new AppError('ERR_VALIDATION', { field: `config.${field}` });
  return merged as TStoredSmsConfig;
};

/** Where the gateway posts inbound SMS and delivery reports: the token names the connection, the secret proves it. */
export const smsWebhookUrl = (connection: Pick<TConnectionRow, 'token'>, publicUrl: string, secret: string | null) =>
  connection.token && secret ? `${publicUrl}/smshooks/${connection.token}/${secret}` : null;

/** The sender as a connection's number, when it is one (an alphanumeric sender ID is not). */
export const smsNumberOf = (from: string | undefined) => {
  const digits = from?.replace(/[\s().-]/g, '') ?? '';
  return /^\+?\d{8,15}$/.test(digits) ? `+${digits.replace(/^\+/, '')}` : null;
};
