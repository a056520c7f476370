import type { TTelegramConfig } from '@prosa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../platform/errors.js';
import type { TSecrets } from '../../platform/secrets.js';
import type { TServices } from '../../platform/services.js';
import type { TChannelHost } from '../host/channel-host.js';
import type { TGatewayMessage } from '../host/gateway-events.js';
import type { TProviderRuntime } from '../provider.js';
import { extensionOf, storeInboundMedia } from '../shared/inbound-media.js';
import { readOutboundFile } from '../shared/outbound-media.js';
import { authenticateHook, createHookGate, headerOf } from '../shared/webhook-auth.js';
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

/** Long polls wait this long for news before asking again. */
const POLL_TIMEOUT_SECONDS = 25;

/**
 * Telegram bots (Bot API): the adapter (text, files, voice notes, quoted replies, "typing"), a token check that
 * also sets up how messages arrive — a webhook (`POST /telegramhooks/:token`, with our secret in
 * `X-Telegram-Bot-Api-Secret-Token`) when PUBLIC_URL is https, else long polling from this process.
 */
export const setupTelegram = (
  services: TServices,
  secrets: TSecrets,
  host: TChannelHost,
  options: { onPollerStopped?: (connectionId: number) => void } = {},
): TProviderRuntime => {
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
  const storeMedia = (connection: TConnectionRow, inbound: TTelegramInbound) =>
    storeInboundMedia(services, connection.tenantId, inbound, 'telegram media download failed', async (media) => {
      const { bytes, path } = await clientOf(connection).downloadFile(media.fileId, services.config.mediaMaxBytes);
      // Files without a name (photos, voice notes) have one on Telegram's side: its path tells the extension.
      const ext = extensionOf(media.filename ?? path, media.mime);
      return { bytes, mime: media.mime ?? 'application/octet-stream', name: media.filename, ext };
    });

  /** One Update into the pipeline: a private chat's message becomes a ticket message, the rest is skipped. */
  const onUpdate = async (connection: TConnectionRow, update: TTelegramUpdate) => {
    const parsed = parseTelegramUpdate(update);
    if (!parsed) return;
    const inbound: TGatewayMessage = {
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
    await host.deliver(connection, { type: 'message', message: inbound });
  };

  const pollers = createTelegramPollers({
    log: services.log,
    clientOf,
    timeoutSeconds: POLL_TIMEOUT_SECONDS,
    onStopped: options.onPollerStopped,
    reload: async (connection) => {
      const row = await host.connection(connection.tenantId, connection.id);
      return row?.isActive && row.type === 'telegram' ? row : null;
    },
    onUpdate,
    onRefused: async (connection, error) => {
      await host.deliver(connection, {
        type: 'connection',
        change: { status: 'DISCONNECTED', lastError: error.reason, onlyFrom: ['CONNECTED', 'OPENING'] },
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
      const file = await readOutboundFile(services.storage, message.mediaUrl);
      const { method, field } = sendMethodOf(message.mediaType);
      const upload = {
        field,
        bytes: file.bytes,
        mime: file.meta?.mime ?? 'application/octet-stream',
        name: message.mediaName ?? file.meta?.name ?? 'arquivo',
      };
      const caption = message.body ? { caption: message.body } : {};
      return client.call<{ message_id: number }>(method, { chat_id: chatId, ...caption, ...reply }, { upload });
    }
    // A chat flow's menu: one keyboard button per option, under the numbered text; a tap sends its label.
    const keyboard = message.choices
      ? {
          reply_markup: {
            keyboard: message.choices.options.map((option) => [{ text: option.label }]),
            one_time_keyboard: true,
            resize_keyboard: true,
          },
        }
      : {};
    return client.call<{ message_id: number }>('sendMessage', {
      chat_id: chatId,
      text: message.body,
      ...reply,
      ...keyboard,
    });
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
  const gate = createHookGate((req) => {
    const { token } = req.params as { token: string };
    const given = headerOf(req, 'x-telegram-bot-api-secret-token');
    return authenticateHook(host, { type: 'telegram', token, given }, secretOf);
  });

  const routes: FastifyPluginAsyncZod = async (app) => {
    const ZToken = z.object({ token: z.string().max(200) });
    app.post(
      '/telegramhooks/:token',
      {
        schema: { tags: ['channels'], params: ZToken },
        onRequest: gate.onRequest,
      },
      async (req) => {
        const connection = gate.provenOf(req);
        const update = req.body as TTelegramUpdate | null;
        if (typeof update?.update_id !== 'number')
          throw new AppError('ERR_VALIDATION', { field: 'body', detail: 'not a Telegram Update' });
        await onUpdate(connection, update);
        return { ok: true };
      },
    );
  };
  return {
    routes,
    start: async () => {
      if (telegramMode(services.config.publicUrl) !== 'polling') return;
      for (const connection of await findPollableTelegramConnections(services.db)) await pollers.start(connection);
    },
    stop: async () => pollers.stopAll(),
  };
};
