import type { TInstagramConfig, TMessengerConfig } from '@prosa/contracts';
import type { TSecrets } from '../../platform/secrets.js';
import type { TServices } from '../../platform/services.js';
import { ChannelSendError, type TChannelAdapter, type TConnectionRow, type TOutboundMessage } from '../types.js';
import { GraphError } from '../waba/graph-api.js';
import {
  createGraphMessagingClient,
  type TGraphMessagingCredentials,
  type TGraphOutboundMessage,
  toGraphMessagingSendError,
} from './graph-messaging-api.js';
import {
  graphMessagingPublicSettings,
  readGraphMessagingConfig,
  sealGraphMessagingConfig,
  type TGraphChannel,
} from './graph-messaging-config.js';

/** The Send API's attachment types for our media types (voice notes are audio; anything else a file). */
const attachmentType = (mediaType: string): 'image' | 'video' | 'audio' | 'file' =>
  mediaType === 'image' || mediaType === 'sticker'
    ? 'image'
    : mediaType === 'video'
      ? 'video'
      : mediaType === 'audio' || mediaType === 'ptt'
        ? 'audio'
        : 'file';

/** The connection's account, token and app secret, opened; a connection missing any of them cannot work. */
export const graphMessagingCredentials = (
  secrets: TSecrets,
  connection: TConnectionRow,
): TGraphMessagingCredentials & { appSecret: string } => {
  const stored = readGraphMessagingConfig(connection);
  const accessToken = stored.pageAccessToken ? secrets.open(stored.pageAccessToken) : null;
  const appSecret = stored.appSecret ? secrets.open(stored.appSecret) : null;
  if (!stored.accountId || !accessToken || !appSecret) throw new ChannelSendError('ERR_WAPP_NOT_INITIALIZED', false);
  return { accountId: stored.accountId, accessToken, appSecret };
};

/**
 * The adapter of one Graph API messaging channel (Instagram Direct or Messenger): text and files (Meta
 * fetches them from our public media URL), quoted replies, typing and seen, a credentials check.
 */
export const createGraphMessagingAdapter = (
  services: TServices,
  secrets: TSecrets,
  channel: TGraphChannel,
): TChannelAdapter => {
  const clientOf = (connection: TConnectionRow) =>
    createGraphMessagingClient(services.config.metaGraphUrl, graphMessagingCredentials(secrets, connection));

  /** Our file as Meta fetches it: the media URL is the capability, reachable at the server's public address. */
  const attachmentOf = (message: TOutboundMessage): TGraphOutboundMessage | null => {
    if (!message.mediaUrl) return null;
    const url = message.mediaUrl.startsWith('/') ? `${services.config.publicUrl}${message.mediaUrl}` : message.mediaUrl;
    if (!/^https?:\/\//.test(url)) return null;
    return { attachment: { type: attachmentType(message.mediaType), payload: { url, is_reusable: false } } };
  };

  const sendOne = async (message: TOutboundMessage) => {
    const client = clientOf(message.connection);
    const to = message.to.value;
    const attachment = attachmentOf(message);
    if (!attachment) return client.send(to, { text: message.body }, message.quotedExternalId);
    const sent = await client.send(to, attachment, message.quotedExternalId);
    // The Send API takes no caption: the text follows the file as its own message, best effort (the file,
    // already delivered, is what the message's status speaks of).
    if (message.body.trim())
      await client.send(to, { text: message.body }).catch((err: unknown) => {
        services.log.warn({ err, messageId: message.id }, `${channel.kind} caption not sent`);
      });
    return sent;
  };

  return {
    kind: channel.kind,
    addressKinds: [channel.kind],
    // The Send API takes no idempotency key: a send cut by a crash is marked failed, never repeated blindly.
    idempotent: false,
    // Meta's standard messaging window: free replies within 24 hours of the customer's last message.
    serviceWindowHours: 24,
    prepareConfig: (input, previous) =>
      sealGraphMessagingConfig(secrets, channel, input as Partial<TInstagramConfig & TMessengerConfig>, previous),
    publicSettings: graphMessagingPublicSettings(channel),
    send: async (message) => {
      if (message.connection.status !== 'CONNECTED') throw new ChannelSendError('ERR_WAPP_NOT_INITIALIZED', false);
      try {
        const res = await sendOne(message);
        // Taken but unanswered: it may be on its way, so it is not tried again.
        if (!res.message_id) throw new ChannelSendError('ERR_SENDING_WAPP_MSG', false);
        return { externalId: res.message_id, status: 'sent' };
      } catch (error) {
        throw error instanceof GraphError ? toGraphMessagingSendError(error) : error;
      }
    },
    sendPresence: async (target, state) => {
      if (target.connection.status !== 'CONNECTED') return;
      await clientOf(target.connection).senderAction(target.to.value, state === 'paused' ? 'typing_off' : 'typing_on');
    },
    markRead: async (target) => {
      // "Seen" covers the whole conversation: one call, whatever the ids.
      if (target.connection.status !== 'CONNECTED') return;
      await clientOf(target.connection).senderAction(target.to.value, 'mark_seen');
    },
    check: async (connection) => {
      try {
        const account = await clientOf(connection).account(channel.accountFields);
        const name = account.username ? `@${account.username}` : (account.name ?? account.id);
        return { status: 'CONNECTED', number: name, error: null };
      } catch (error) {
        // A refused token is named; an account the token does not reach, or Meta unreachable, is "not set up".
        const reason =
          error instanceof GraphError && error.reason === 'ERR_WABA_TOKEN_INVALID'
            ? error.reason
            : 'ERR_WAPP_NOT_INITIALIZED';
        return { status: 'DISCONNECTED', number: null, error: reason };
      }
    },
  };
};
