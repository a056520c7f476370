import { createHash, randomBytes } from 'node:crypto';
import type { TEvolutionConfig } from '@prosa/contracts';
import { AppError } from '../../platform/errors.js';
import type { TSecrets } from '../../platform/secrets.js';
import type { TConnectionRow } from '../types.js';

/**
 * What an Evolution connection keeps in `config`: the gateway's address in clear, its global API key and the
 * secret our webhook expects from it sealed.
 */
export type TStoredEvolutionConfig = {
  gatewayUrl: string;
  apiKey: string;
  /** Sent back by the gateway on every webhook as `authorization: Bearer <secret>`. */
  webhookSecret: string;
};

export const readEvolutionConfig = (connection: Pick<TConnectionRow, 'config'>): Partial<TStoredEvolutionConfig> =>
  connection.config as Partial<TStoredEvolutionConfig>;

/**
 * The settings of a new or edited Evolution connection as stored: the key sealed, a webhook secret made once.
 * Fields left out of an edit keep their stored value.
 */
export const sealEvolutionConfig = (
  secrets: TSecrets,
  input: Partial<TEvolutionConfig>,
  previous: Record<string, unknown> = {},
): TStoredEvolutionConfig => {
  const before = previous as Partial<TStoredEvolutionConfig>;
  const merged = {
    gatewayUrl: input.gatewayUrl ? input.gatewayUrl.replace(/\/+$/, '') : before.gatewayUrl,
    apiKey: input.apiKey ? secrets.seal(input.apiKey) : before.apiKey,
    webhookSecret: before.webhookSecret ?? secrets.seal(randomBytes(24).toString('base64url')),
  };
  for (const [field, value] of Object.entries(merged))
    if (!value) throw new AppError('ERR_VALIDATION', { field: `config.${field}` });
  return merged as TStoredEvolutionConfig;
};

/**
 * The instance's name on the gateway: the tenant and the connection, plus a piece of the connection's random
 * token so that two installations sharing a gateway never pick the same name.
 */
export const evolutionInstanceName = (connection: Pick<TConnectionRow, 'tenantId' | 'id' | 'token'>) =>
  `prosa-${connection.tenantId}-${connection.id}-${createHash('sha256')
    .update(connection.token ?? '')
    .digest('hex')
    .slice(0, 8)}`;

export const evolutionWebhookUrl = (connection: Pick<TConnectionRow, 'token'>, publicUrl: string) =>
  connection.token ? `${publicUrl}/evolutionhooks/${connection.token}` : null;

/** What an admin sees of an Evolution connection: the gateway, the instance and webhook made there, a "set" flag. */
export const evolutionPublicSettings = (connection: TConnectionRow, publicUrl: string) => {
  const stored = readEvolutionConfig(connection);
  return {
    gatewayUrl: stored.gatewayUrl ?? null,
    instanceName: evolutionInstanceName(connection),
    webhookUrl: evolutionWebhookUrl(connection, publicUrl),
    apiKey: Boolean(stored.apiKey),
  };
};
