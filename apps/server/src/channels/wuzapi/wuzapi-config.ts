import { createHash, randomBytes } from 'node:crypto';
import type { TWuzapiConfig } from '@prosa/contracts';
import { AppError } from '../../platform/errors.js';
import type { TSecrets } from '../../platform/secrets.js';
import type { TConnectionRow } from '../types.js';

/**
 * What a wuzapi connection keeps in `config`: the server's address in clear; its admin token, the token of the
 * wuzapi user we create for the connection and the key that user signs its webhooks with, sealed.
 */
export type TStoredWuzapiConfig = {
  wuzapiUrl: string;
  wuzapiAdminToken: string;
  /**
   * The user's token on the wuzapi server (its `Token` header), made here once: it authenticates our calls, and
   * wuzapi releases that post the form `token` field send it back with every webhook.
   */
  userToken: string;
  /** The user's HMAC key (`/session/hmac/config`): newer releases sign every webhook with it (x-hmac-signature). */
  hmacKey: string;
};

export const readWuzapiConfig = (connection: Pick<TConnectionRow, 'config'>): Partial<TStoredWuzapiConfig> =>
  connection.config as Partial<TStoredWuzapiConfig>;

/**
 * The settings of a new or edited wuzapi connection as stored: the admin token sealed, the user's token and
 * HMAC key made once (a user already created on the server keeps its token). Fields left out of an edit keep
 * their stored value.
 */
export const sealWuzapiConfig = (
  secrets: TSecrets,
  input: Partial<TWuzapiConfig>,
  previous: Record<string, unknown> = {},
): TStoredWuzapiConfig => {
  const before = previous as Partial<TStoredWuzapiConfig>;
  const merged = {
    wuzapiUrl: input.wuzapiUrl ? input.wuzapiUrl.replace(/\/+$/, '') : before.wuzapiUrl,
    wuzapiAdminToken: input.wuzapiAdminToken ? secrets.seal(input.wuzapiAdminToken) : before.wuzapiAdminToken,
    userToken: before.userToken ?? secrets.seal(randomBytes(24).toString('base64url')),
    // wuzapi wants at least 32 characters.
    hmacKey: before.hmacKey ?? secrets.seal(randomBytes(32).toString('base64url')),
  };
  for (const [field, value] of Object.entries(merged))
    if (!value) throw new AppError('ERR_VALIDATION', { field: `config.${field}` });
  return merged as TStoredWuzapiConfig;
};

/**
 * The user's name on the wuzapi server (what its dashboard lists): the tenant and the connection, plus a piece
 * of the connection's random token so that two installations sharing a server never pick the same name.
 */
export const wuzapiUserName = (connection: Pick<TConnectionRow, 'tenantId' | 'id' | 'token'>) =>
  `prosa-${connection.tenantId}-${connection.id}-${createHash('sha256')
    .update(connection.token ?? '')
    .digest('hex')
    .slice(0, 8)}`;

export const wuzapiWebhookUrl = (connection: Pick<TConnectionRow, 'token'>, publicUrl: string) =>
  connection.token ? `${publicUrl}/wuzapihooks/${connection.token}` : null;

/** What an admin sees of a wuzapi connection: the server, the user and webhook made there, a "set" flag. */
export const wuzapiPublicSettings = (connection: TConnectionRow, publicUrl: string) => {
  const stored = readWuzapiConfig(connection);
  return {
    wuzapiUrl: stored.wuzapiUrl ?? null,
    userName: wuzapiUserName(connection),
    webhookUrl: wuzapiWebhookUrl(connection, publicUrl),
    wuzapiAdminToken: Boolean(stored.wuzapiAdminToken),
  };
};
