import { createHash } from 'node:crypto';
import type { TUazapiConfig } from '@prosa/contracts';
import { AppError } from '../../platform/errors.js';
import type { TSecrets } from '../../platform/secrets.js';
import type { TConnectionRow } from '../types.js';

/**
 * What a uazapi connection keeps in `config`: the server's address in clear, its admin token sealed, and the
 * token of the instance the session made there (sealed; absent until the first start).
 */
export type TStoredUazapiConfig = {
  uazapiUrl: string;
  adminToken: string;
  /** The instance's own token (header `token`), answered by `POST /instance/init`; uazapi also posts it back in every webhook. */
  instanceToken?: string;
};

export const readUazapiConfig = (connection: Pick<TConnectionRow, 'config'>): Partial<TStoredUazapiConfig> =>
  connection.config as Partial<TStoredUazapiConfig>;

/**
 * The settings of a new or edited uazapi connection as stored: the admin token sealed. Fields left out of an
 * edit keep their stored value; the instance made on the server is kept, unless the server itself changed (its
 * token means nothing to another server: the next start makes a new instance there).
 */
export const sealUazapiConfig = (
  secrets: TSecrets,
  input: Partial<TUazapiConfig>,
  previous: Record<string, unknown> = {},
): TStoredUazapiConfig => {
  const before = previous as Partial<TStoredUazapiConfig>;
  const uazapiUrl = input.uazapiUrl ? input.uazapiUrl.replace(/\/+$/, '') : before.uazapiUrl;
  const adminToken = input.adminToken ? secrets.seal(input.adminToken) : before.adminToken;
  if (!uazapiUrl) throw new AppError('ERR_VALIDATION', { field: 'config.uazapiUrl' });
  if (!adminToken) throw new AppError('ERR_VALIDATION', { field: 'config.adminToken' });
  const sameServer = uazapiUrl === before.uazapiUrl;
  return {
    uazapiUrl,
    adminToken,
    ...(sameServer && before.instanceToken ? { instanceToken: before.instanceToken } : {}),
  };
};

/**
 * The instance's name on the server: the tenant and the connection, plus a piece of the connection's random
 * token so that two installations sharing a server are told apart (uazapi names need not be unique; the token
 * is what identifies an instance).
 */
export const uazapiInstanceName = (connection: Pick<TConnectionRow, 'tenantId' | 'id' | 'token'>) =>
  `prosa-${connection.tenantId}-${connection.id}-${createHash('sha256')
    .update(connection.token ?? '')
    .digest('hex')
    .slice(0, 8)}`;

export const uazapiWebhookUrl = (connection: Pick<TConnectionRow, 'token'>, publicUrl: string) =>
  connection.token ? `${publicUrl}/uazapihooks/${connection.token}` : null;

/**
 * What an admin sees of a uazapi connection: the server, the instance and webhook made there, "set" flags
 * (the instance token is only a flag: it is the instance's credential).
 */
export const uazapiPublicSettings = (connection: TConnectionRow, publicUrl: string) => {
  const stored = readUazapiConfig(connection);
  return {
    uazapiUrl: stored.uazapiUrl ?? null,
    instanceName: uazapiInstanceName(connection),
    webhookUrl: uazapiWebhookUrl(connection, publicUrl),
    adminToken: Boolean(stored.adminToken),
    instanceToken: Boolean(stored.instanceToken),
  };
};
