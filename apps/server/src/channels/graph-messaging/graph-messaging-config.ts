import { randomBytes } from 'node:crypto';
import type { TInstagramConfig, TMessengerConfig } from '@prosa/contracts';
import { AppError } from '../../platform/errors.js';
import type { TSecrets } from '../../platform/secrets.js';
import type { TConnectionRow } from '../types.js';

/**
 * The two Graph API messaging channels differ only in these: the account whose inbox they serve, the
 * webhook object Meta posts, the path of our webhook, and how an account and a customer are named.
 */
export type TGraphChannel = {
  kind: 'instagram' | 'messenger';
  /** `object` of Meta's webhook deliveries for this channel. */
  object: 'instagram' | 'page';
  /** The config field holding the account's id (the Instagram professional account, or the Page). */
  accountField: 'instagramId' | 'pageId';
  hookPath: 'instagramhooks' | 'messengerhooks';
  /** Fields of `GET /{account-id}` that prove the token and name the account. */
  accountFields: string;
  /** Fields of `GET /{customer-id}` (the IGSID or PSID) that name the customer. */
  profileFields: string;
  /** How a customer whose profile Meta does not give is named. */
  label: string;
};

export const instagramChannel: TGraphChannel = {
  kind: 'instagram',
  object: 'instagram',
  accountField: 'instagramId',
  hookPath: 'instagramhooks',
  accountFields: 'username,name',
  profileFields: 'name,username',
  label: 'Instagram',
};

export const messengerChannel: TGraphChannel = {
  kind: 'messenger',
  object: 'page',
  accountField: 'pageId',
  hookPath: 'messengerhooks',
  accountFields: 'name',
  profileFields: 'name',
  label: 'Messenger',
};

/** What an Instagram or Messenger connection keeps in `config`: the account's id in clear, credentials sealed. */
export type TStoredGraphMessagingConfig = {
  /** `instagramId` or `pageId`, by channel. */
  accountId: string;
  pageAccessToken: string;
  appSecret: string;
  /** What Meta's verify handshake must name; made once, shown to the admin to paste in the Meta app. */
  verifyToken: string;
};

export const readGraphMessagingConfig = (
  connection: Pick<TConnectionRow, 'config'>,
): Partial<TStoredGraphMessagingConfig> => connection.config as Partial<TStoredGraphMessagingConfig>;

/**
 * The settings of a new or edited connection as stored: the token and the app secret sealed, a verify token
 * made once. Fields left out of an edit keep their stored value.
 */
export const sealGraphMessagingConfig = (
  secrets: TSecrets,
  channel: TGraphChannel,
  input: Partial<TInstagramConfig & TMessengerConfig>,
  previous: Record<string, unknown> = {},
): TStoredGraphMessagingConfig => {
  const before = previous as Partial<TStoredGraphMessagingConfig>;
  const merged = {
    accountId: input[channel.accountField] ?? before.accountId,
    pageAccessToken: input.pageAccessToken ? secrets.seal(input.pageAccessToken) : before.pageAccessToken,
    appSecret: input.appSecret ? secrets.seal(input.appSecret) : before.appSecret,
    verifyToken: before.verifyToken ?? randomBytes(18).toString('base64url'),
  };
  for (const [field, value] of Object.entries(merged))
    if (!value)
      throw new AppError('ERR_VALIDATION', {
        field: `config.${field === 'accountId' ? channel.accountField : field}`,
      });
  return merged as TStoredGraphMessagingConfig;
};

/** What an admin sees: the account's id, the webhook and verify token to paste in the Meta app, "set" flags. */
export const graphMessagingPublicSettings =
  (channel: TGraphChannel) => (connection: TConnectionRow, publicUrl: string) => {
    const stored = readGraphMessagingConfig(connection);
    return {
      [channel.accountField]: stored.accountId ?? null,
      verifyToken: stored.verifyToken ?? null,
      webhookUrl: connection.token ? `${publicUrl}/${channel.hookPath}/${connection.token}` : null,
      pageAccessToken: Boolean(stored.pageAccessToken),
      appSecret: Boolean(stored.appSecret),
    };
  };
