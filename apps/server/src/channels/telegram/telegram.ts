import { timingSafeEqual } from 'node:crypto';
import { Readable } from 'node:stream';
import type { TTelegramConfig } from '@prosa/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { setConnectionStatus } from '../../modules/connections/connection-status.js';
import { findConnection, findConnectionByToken } from '../../modules/connections/connections.repository.js';
import { receiveMessage } from '../../modules/messages/receive-batch.js';
import type { TInboundMessage } from '../../modules/messages/receive-message.js';
import { withTenant } from '../../platform/db/tenant-tx.js';
import { AppError } from '../../platform/errors.js';
import type { TSecrets } from '../../platform/secrets.js';
import type { TServices } from '../../platform/services.js';
import {
  ChannelSendError,
  type TChannelAdapter,
  type TConnectionCheck,
  type TConnectionRow,
  type TOutboundMessage,
} from '../types.js';
import { findPollableTelegramConnections } from './telegram.repository.js';
import { createTelegramClient, TelegramError, type TTelegramClient, type TTelegramUpdate } from './telegram-api.js';
import {
  readTelegramConfig,
  sealTelegramConfig,
  telegramMode,
  telegramPublicSettings,
  telegramWebhookUrl,
} from './telegram-config.js';
import { createTelegramPollers } from './telegram-poller.js';
import { parseTelegramUpdate, type TTelegramInbound } from './telegram-update.js';

/** The Bot API method and file field for our media types (voice notes by sendVoice, the rest as documents). */
const sendMethodOf = (mediaType: string) => {
  switch (mediaType) {
    case 'image':
      return { method: 'sendPhoto', field: 'photo' };
    case 'video':
      return { method: 'sendVideo', field: 'video' };
    case 'audio':
      return { method: 'sendAudio', field: 'audio' };
    case 'ptt':
      return { method: 'sendVoice', field: 'voice' };
    default:
      return { method: 'sendDocument', field: 'document' };
  }
};

/** `<chat id>:<message_id>` -> the message_id to quote, when it is of this chat. */
const quotedMessageId = (quotedExternalId: string | null, chatId: string) => {
  const [chat, id] = (quotedExternalId ?? '').split(':');
  return chat === chatId && id && /^\d+$/.test(id) ? Number(id) : null;
};

/** A file name's extension or the MIME subtype, safe for a storage key. */
const extensionOf = (filename: string | null, path: string, mime: string | null) =>
  ((filename ?? path).includes('.')
    ? (filename ?? path).split('.').pop()
    : (mime?.split(';')[0]?.split('/')[1] ?? 'bin')
  )
    ?.replace(/[^a-z0-9]/gi, '')
    .toLowerCase()
    .slice(0, 8) || 'bin';

/** Long polls wait this long for news before asking again. */
const POLL_TIMEOUT_SECONDS = 25;

/**
 * Telegram bots (Bot API): the adapter (text, files, voice notes, quoted replies, "typing"), a token check that
 * also sets up how messages arrive — a webhook (`POST /telegramhooks/:token`, with our secret in
 * `X-Telegram-Bot-Api-Secret-Token`) when PUBLIC_URL is https, else long polling from this process.
 */
export const setupTelegram = (services: TServices, secrets: TSecrets): FastifyPluginAsyncZod => {
  const apiUrl = services.config.telegramApiUrl;

  const tokenOf = (connection: TConnectionRow) => {
    const sealed = readTelegramConfig(connection).botToken;
    const token = sealed ? secrets.open(sealed) : null;
    if (!token) throw new ChannelSendError('ERR_WAPP_NOT_INITIALIZED', false);
    return token;
  };
  const clientOf = (connection: TConnectionRow) => createTelegramClient(apiUrl, tokenOf(connection));
  const secretOf = (connection: TConnectionRow) => {
    const sealed = readTelegramConfig(connection).webhookSecret;
    return sealed ? secrets.open(sealed) : null;
  };

  /** The user's file, from Telegram into our storage; a failed download keeps the message without it. */
  const storeMedia = async (connection: TConnectionRow, inbound: TTelegramInbound) => {
    const media = inbound.media;
    if (!media) return {};
    try {
      const { bytes, path } = await clientOf(connection).downloadFile(media.fileId, services.config.mediaMaxBytes);
      const ext = extensionOf(media.filename, path, media.mime);
      const name = media.filename ?? `${inbound.mediaType}.${ext}`;
      const mime = media.mime ?? 'application/octet-stream';
      const stored = await services.storage.put(connection.tenantId, ext, Readable.from(bytes), { name, mime });
      return { mediaUrl: `/media/${stored.key}`, mediaName: name, mediaMime: mime };
    } catch (err) {
      // The file_id stays in dataJson: never lose a message for a failed download.
      services.log.warn({ err, externalId: inbound.externalId }, 'telegram media download failed');
      return { mediaName: media.filename, mediaMime: media.mime };
    }
  };

  /** One Update into the pipeline: a private chat's message becomes a ticket message, the rest is skipped. */
  const onUpdate = async (connection: TConnectionRow, update: TTelegramUpdate) => {
    const parsed = parseTelegramUpdate(update);
    if (!parsed) return;
    const inbound: TInboundMessage = {
      tenantId: connection.tenantId,
      connectionId: connection.id,
      externalId: parsed.externalId,
      from: {
        kind: 'telegram',
        value: parsed.chatId,
        name: parsed.name,
        pushname: parsed.username ? `@${parsed.username}` : parsed.name,
      },
      body: parsed.body,
      mediaType: parsed.mediaType,
      timestamp: parsed.timestamp,
      quotedExternalId: parsed.quotedExternalId,
      dataJson: update,
      ...(await storeMedia(connection, parsed)),
    };
    await receiveMessage(services, inbound);
  };

  const pollers = createTelegramPollers({
    log: services.log,
    clientOf,
    timeoutSeconds: POLL_TIMEOUT_SECONDS,
    reload: async (connection) => {
      const row = await withTenant(services.db, connection.tenantId, (tx) =>
        findConnection(tx, connection.tenantId, connection.id),
      );
      return row?.isActive && row.type === 'telegram' ? row : null;
    },
    onUpdate,
    onRefused: async (connection, error) => {
      await setConnectionStatus(services, connection.tenantId, connection.id, {
        status: 'DISCONNECTED',
        lastError: error.reason,
        onlyFrom: ['CONNECTED', 'OPENING'],
      });
    },
  });

  /** Telegram posts to https only: a webhook with our secret there, else our own long polling. */
  const startReceiving = async (connection: TConnectionRow, client: TTelegramClient) => {
    const publicUrl = services.config.publicUrl;
    const url = telegramWebhookUrl(connection, publicUrl);
    const secret = secretOf(connection);
    if (telegramMode(publicUrl) === 'webhook' && url && secret) {
      await pollers.stop(connection.id);
      try {
        await client.setWebhook(url, secret);
      } catch (error) {
        if (error instanceof TelegramError && error.reason === 'ERR_TELEGRAM_TOKEN_INVALID') throw error;
        services.log.warn({ err: error, connectionId: connection.id }, 'telegram setWebhook refused');
        throw new ChannelSendError('ERR_TELEGRAM_WEBHOOK', false);
      }
      return;
    }
    // A webhook left from another setup would make getUpdates answer 409.
    await client.deleteWebhook();
    await pollers.start(connection);
  };

  const check = async (connection: TConnectionRow): Promise<TConnectionCheck> => {
    try {
      const client = clientOf(connection);
      const me = await client.getMe();
      await startReceiving(connection, client);
      return { status: 'CONNECTED', number: `@${me.username}`, error: null };
    } catch (error) {
      await pollers.stop(connection.id);
      const reason =
        error instanceof TelegramError || error instanceof ChannelSendError ? error.reason : 'ERR_TELEGRAM_UNREACHABLE';
      return { status: 'DISCONNECTED', number: null, error: reason };
    }
  };

  const sendOne = async (message: TOutboundMessage) => {
    const client = clientOf(message.connection);
    const chatId = message.to.value;
    const quoted = quotedMessageId(message.quotedExternalId, chatId);
    // A quoted message the user deleted meanwhile must not stop the answer.
    const reply = quoted ? { reply_parameters: { message_id: quoted, allow_sending_without_reply: true } } : {};
    if (message.mediaUrl?.startsWith('/media/')) {
      const file = await services.storage.open(message.mediaUrl.slice('/media/'.length));
      if (!file) throw new ChannelSendError('ERR_WAPP_DOWNLOAD_MEDIA', false);
      const chunks: Buffer[] = [];
      for await (const chunk of file.stream) chunks.push(chunk as Buffer);
      const { method, field } = sendMethodOf(message.mediaType);
      const upload = {
        field,
        bytes: Buffer.concat(chunks),
        mime: file.meta?.mime ?? 'application/octet-stream',
        name: message.mediaName ?? file.meta?.name ?? 'arquivo',
      };
      const caption = message.body ? { caption: message.body } : {};
      return client.call<{ message_id: number }>(method, { chat_id: chatId, ...caption, ...reply }, { upload });
    }
    return client.call<{ message_id: number }>('sendMessage', { chat_id: chatId, text: message.body, ...reply });
  };

  const adapter: TChannelAdapter = {
    kind: 'telegram',
    addressKinds: ['telegram'],
    // The Bot API takes no idempotency key: a send cut by a crash is marked failed, never repeated blindly.
    idempotent: false,
    prepareConfig: (input, previous) => sealTelegramConfig(secrets, input as Partial<TTelegramConfig>, previous),
    publicSettings: telegramPublicSettings,
    check,
    send: async (message) => {
      if (message.connection.status !== 'CONNECTED') throw new ChannelSendError('ERR_WAPP_NOT_INITIALIZED', false);
      try {
        const sent = await sendOne(message);
        // Bots get no delivery or read receipts: "sent" is as far as a message goes.
        return { externalId: `${message.to.value}:${sent.message_id}`, status: 'sent' };
      } catch (error) {
        throw error instanceof TelegramError ? error.toSendError() : error;
      }
    },
    sendPresence: async (target, state) => {
      if (target.connection.status !== 'CONNECTED' || state === 'paused') return;
      await clientOf(target.connection).sendChatAction(
        target.to.value,
        state === 'recording' ? 'record_voice' : 'typing',
      );
    },
  };
  services.channels.register(adapter);

  /** The connection behind a webhook, once its token and secret header are proven (compared in constant time). */
  const authenticate = async (token: string, header: string | undefined) => {
    // NOTE: the token in the URL names the connection (and so the tenant) before any tenant is known.
    const connection = await findConnectionByToken(services.db, token);
    const secret = connection?.type === 'telegram' ? secretOf(connection) : null;
    if (!connection || !secret || !header) return null;
    const expected = Buffer.from(secret);
    const given = Buffer.from(header);
    return given.length === expected.length && timingSafeEqual(given, expected) ? connection : null;
  };
  const authenticated = new WeakMap<FastifyRequest, TConnectionRow>();

  return async (app) => {
    app.addHook('onReady', async () => {
      if (telegramMode(services.config.publicUrl) !== 'polling') return;
      for (const connection of await findPollableTelegramConnections(services.db)) await pollers.start(connection);
    });
    app.addHook('onClose', async () => pollers.stopAll());

    const ZToken = z.object({ token: z.string().max(200) });
    app.post(
      '/telegramhooks/:token',
      {
        schema: { tags: ['channels'], params: ZToken },
        // Checked before the body is read: a stranger's delivery is refused without parsing it.
        onRequest: async (req) => {
          const { token } = req.params as { token: string };
          const header = req.headers['x-telegram-bot-api-secret-token'];
          const connection = await authenticate(token, typeof header === 'string' ? header : undefined);
          if (!connection) throw new AppError('ERR_INVALID_TOKEN');
          authenticated.set(req, connection);
        },
      },
      async (req) => {
        const connection = authenticated.get(req);
        if (!connection) throw new AppError('ERR_INVALID_TOKEN');
        const update = req.body as TTelegramUpdate | null;
        if (typeof update?.update_id !== 'number')
          throw new AppError('ERR_VALIDATION', { field: 'body', detail: 'not a Telegram Update' });
        await onUpdate(connection, update);
        return { ok: true };
      },
    );
  };
};
