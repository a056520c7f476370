import { randomBytes } from 'node:crypto';
import type { TZapiConfig } from '@prosa/contracts';
import { AppError } from '../../platform/errors.js';
import type { TSecrets } from '../../platform/secrets.js';
import type { TConnectionRow } from '../types.js';

/**
 * What a Z-API connection keeps in `config`: the instance's id in clear; its token, the account's Client-Token
 * and the secret our webhook URL carries, sealed.
 */
export type TStoredZapiConfig = {
  instanceId: string;
  instanceToken: string;
  clientToken: string;
  /** Z-API signs nothing and sends no header of ours: the secret rides in the webhook URL we register. */
  webhookSecret: string;
};

export const readZapiConfig = (connection: Pick<TConnectionRow, 'config'>): Partial<TStoredZapiConfig> =>
  connection.config as Partial<TStoredZapiConfig>;

/**
 * The settings of a new or edited Z-API connection as stored: tokens sealed, a webhook secret made once.
 * Fields left out of an edit keep their stored value.
 */
export const sealZapiConfig = (
  secrets: TSecrets,
  input: Partial<TZapiConfig>,
  previous: Record<string, unknown> = {},
): TStoredZapiConfig => {
  const before = previous as Partial<TStoredZapiConfig>;
  const merged = {
    instanceId: input.instanceId ?? before.instanceId,
    instanceToken: input.instanceToken ? secrets.seal(input.instanceToken) : before.instanceToken,
    clientToken: input.clientToken ? secrets.seal(input.clientToken) : before.clientToken,
    webhookSecret: before.webhookSecret ?? secrets.seal(randomBytes(24).toString('base64url')),
  };
  for (const [field, value] of Object.entries(merged))
    if (!value) throw new AppError('ERR_VALIDATION', { field: `config.${field}` });
  return merged as TStoredZapiConfig;
};

/** Where Z-API posts this connection's events: its token names the connection, the secret proves the sender. */
export const zapiWebhookUrl = (connection: Pick<TConnectionRow, 'token'>, publicUrl: string, secret: string) =>
  connection.token ? `${publicUrl}/zapihooks/${connection.token}/${secret}` : null;

/**
 * What an admin sees of a Z-API connection: the instance id and "set" flags. No webhook URL: the server
 * registers it on Z-API itself (and it carries the secret).
 */
export const zapiPublicSettings = (connection: TConnectionRow) => {
  const stored = readZapiConfig(connection);
  return {
    instanceId: stored.instanceId ?? null,
    instanceToken: Boolean(stored.instanceToken),
    clientToken: Boolean(stored.clientToken),
  };
};
