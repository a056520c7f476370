import { timingSafeEqual } from 'node:crypto';
import { Readable } from 'node:stream';
import type { THubConfig } from '@prosa/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { findConnectionByToken, updateConnectionRow } from '../../modules/connections/connections.repository.js';
import { applyAck } from '../../modules/messages/apply-ack.js';
import { contentTypeOf } from '../../modules/messages/media-upload.js';
import { findContactAddress, findMessage } from '../../modules/messages/messages.repository.js';
import { receiveMessage } from '../../modules/messages/receive-batch.js';
import { withTenant } from '../../platform/db/tenant-tx.js';
import { AppError } from '../../platform/errors.js';
import type { TSecrets } from '../../platform/secrets.js';
import type { TServices } from '../../platform/services.js';
import {
  ChannelSendError,
  type TAddress,
  type TChannelAdapter,
  type TConnectionRow,
  type TOutboundMessage,
} from '../types.js';
import { createHubClient, downloadHubFile, HubError, type THubContent } from './hub-api.js';
import { hubAddressKind, hubPublicSettings, hubWebhookUrl, readHubConfig, sealHubConfig } from './hub-config.js';
import { createHubSession } from './hub-session.js';
import { parseHubWebhook, type THubEvent } from './hub-webhook.js';

/** A file name's extension, or the MIME subtype ('audio/ogg; codecs=opus' -> 'ogg'), safe for a storage key. */
const extensionOf = (filename: string | null, mime: string) =>
  ((filename?.includes('.') ? filename.split('.').pop() : mime.split(';')[0]?.split('/')[1]) ?? 'bin')
    .replace(/[^a-z0-9]/gi, '')
    .toLowerCase()
    .slice(0, 8) || 'bin';

/**
 * NotificaMe Hub (a Brazilian multichannel aggregator: WhatsApp, Instagram, Messenger, Telegram, e-mail, web
 * chat), one Hub channel per connection: the adapter (text and files, which the Hub fetches from our public
 * media URL), the "session" (our webhook subscription on the Hub) and the webhook (`POST
 * /hubhooks/:token/:secret`: the URL we subscribe carries the connection's token and a secret of its own).
 */
export const setupHub = (services: TServices, secrets: TSecrets): FastifyPluginAsyncZod => {
  const apiUrl = services.config.hubApiUrl;

  const clientOf = (connection: TConnectionRow) => {
    const stored = readHubConfig(connection);
    const apiToken = stored.hubApiToken ? secrets.open(stored.hubApiToken) : null;
    if (!stored.hubChannel || !stored.hubChannelToken || !apiToken)
      throw new ChannelSendError('ERR_WAPP_NOT_INITIALIZED', false);
    return createHubClient({ apiUrl, apiToken });
  };
  const secretOf = (connection: TConnectionRow) => {
    const sealed = readHubConfig(connection).webhookSecret;
    return sealed ? secrets.open(sealed) : null;
  };
  const webhookUrlOf = (connection: TConnectionRow) => {
    const secret = secretOf(connection);
    const url = secret ? hubWebhookUrl(connection, services.config.publicUrl, secret) : null;
    if (!url) throw new ChannelSendError('ERR_WAPP_NOT_INITIALIZED', false);
    return url;
  };
  const saveSubscription = async (connection: TConnectionRow, subscriptionId: string | null) => {
    await withTenant(services.db, connection.tenantId, (tx) =>
      updateConnectionRow(tx, connection.tenantId, connection.id, {
        config: { ...readHubConfig(connection), subscriptionId },
      }),
    );
  };
  const session = createHubSession({ log: services.log, clientOf, webhookUrlOf, saveSubscription });

  /**
   * The customer's address on this connection's Hub channel. Adapters name one list of address kinds for every
   * connection, so a contact known by several (a phone and an Instagram id) may come with the other one: the
   * channel's own is then looked up among the contact's identities.
   */
  const addressOf = async (message: TOutboundMessage): Promise<TAddress> => {
    const kind = hubAddressKind(readHubConfig(message.connection).hubChannel);
    if (message.to.kind === kind) return message.to;
    const found = await withTenant(services.db, message.tenantId, async (tx) => {
      const row = await findMessage(tx, message.tenantId, message.id);
      return row ? (await findContactAddress(tx, message.tenantId, row.contactId)).find((a) => a.kind === kind) : null;
    });
    if (!found) throw new ChannelSendError('ERR_WAPP_INVALID_CONTACT', false);
    return found;
  };

  /**
   * The message's contents: a file by its public media URL (the URL is the capability; the Hub downloads it,
   * so PUBLIC_URL must be reachable from the internet), the text as its caption.
   */
  const contentsOf = async (message: TOutboundMessage): Promise<THubContent[]> => {
    if (!message.mediaUrl?.startsWith('/media/')) return [{ type: 'text', text: message.body }];
    const key = message.mediaUrl.slice('/media/'.length);
    const info = await services.storage.stat(key);
    if (!info) throw new ChannelSendError('ERR_WAPP_DOWNLOAD_MEDIA', false);
    const mime = (info.meta?.mime ?? contentTypeOf(key)).split(';')[0]?.trim() || 'application/octet-stream';
    return [
      {
        type: 'file',
        fileMimeType: mime,
        fileUrl: `${services.config.publicUrl}${message.mediaUrl}`,
        ...(message.body ? { fileCaption: message.body } : {}),
      },
    ];
  };

  const adapter: TChannelAdapter = {
    kind: 'hub',
    addressKinds: ['phone', 'instagram', 'messenger', 'telegram', 'email', 'webchat'],
    // The Hub takes no idempotency key (that we know of): a send cut by a crash is marked failed, never repeated.
    idempotent: false,
    prepareConfig: (input, previous) => sealHubConfig(secrets, input as Partial<THubConfig>, previous),
    publicSettings: (connection) => hubPublicSettings(connection),
    send: async (message) => {
      if (message.connection.status !== 'CONNECTED') throw new ChannelSendError('ERR_WAPP_NOT_INITIALIZED', false);
      const stored = readHubConfig(message.connection);
      const to = await addressOf(message);
      try {
        const sent = await clientOf(message.connection).send(String(stored.hubChannel), {
          from: String(stored.hubChannelToken),
          // WhatsApp numbers go as digits with the country code; other channels' ids as they came.
          to: to.kind === 'phone' ? to.value.replace(/\D/g, '') : to.value,
          contents: await contentsOf(message),
        });
        const id = typeof sent.id === 'string' || typeof sent.id === 'number' ? String(sent.id) : null;
        // Taken but unanswered: it may be on its way, so it is not tried again.
        if (!id) throw new ChannelSendError('ERR_SENDING_WAPP_MSG', false);
        return { externalId: id, status: 'sent' };
      } catch (error) {
        throw error instanceof HubError ? error.toSendError() : error;
      }
    },
    session: { start: session.start, logout: session.logout, remove: session.remove },
  };
  services.channels.register(adapter);

  /** The received file, from the Hub's link into our storage; a failed download keeps the message without it. */
  const storeFile = async (connection: TConnectionRow, event: Extract<THubEvent, { kind: 'message' }>) => {
    const file = event.file;
    if (!file) return {};
    try {
      const fetched = await downloadHubFile(file.url, services.config.mediaMaxBytes);
      const mime = file.mime || fetched.mime || 'application/octet-stream';
      const ext = extensionOf(file.name, mime);
      const name = file.name ?? `${event.mediaType}.${ext}`;
      const stored = await services.storage.put(connection.tenantId, ext, Readable.from(fetched.bytes), { name, mime });
      return { mediaUrl: `/media/${stored.key}`, mediaName: name, mediaMime: mime };
    } catch (err) {
      // The file's link stays in dataJson: never lose a message for a failed download.
      services.log.warn({ err, externalId: event.externalId }, 'hub file download failed');
      return { mediaName: file.name, mediaMime: file.mime };
    }
  };

  /** One event of an authenticated webhook into our pipelines. */
  const apply = async (connection: TConnectionRow, event: THubEvent) => {
    const base = { tenantId: connection.tenantId, connectionId: connection.id };
    switch (event.kind) {
      case 'message': {
        const kind = hubAddressKind(readHubConfig(connection).hubChannel);
        await receiveMessage(services, {
          ...base,
          externalId: event.externalId,
          from: { kind, value: event.from, ...(event.name ? { name: event.name, pushname: event.name } : {}) },
          body: event.body,
          mediaType: event.mediaType,
          timestamp: event.timestamp,
          dataJson: event.raw,
          ...(await storeFile(connection, event)),
        });
        return;
      }
      case 'status':
        if (event.status === 'failed')
          services.log.info(
            { connectionId: connection.id, externalId: event.externalId, detail: event.detail },
            'hub message failed',
          );
        await applyAck(services, {
          ...base,
          externalId: event.externalId,
          status: event.status,
          reason: event.status === 'failed' ? 'ERR_SENDING_WAPP_MSG' : undefined,
        });
        return;
      default: {
        const unknown: never = event;
        throw new Error(`unknown hub event ${JSON.stringify(unknown)}`);
      }
    }
  };

  /** The connection behind a webhook URL, once its token and secret are proven (compared in constant time). */
  const authenticate = async (token: string, secret: string) => {
    // NOTE: the token in the URL names the connection (and so the tenant) before any tenant is known.
    const connection = await findConnectionByToken(services.db, token);
    const expected = connection?.type === 'hub' ? secretOf(connection) : null;
    if (!connection || !expected) return null;
    const given = Buffer.from(secret);
    const wanted = Buffer.from(expected);
    return given.length === wanted.length && timingSafeEqual(given, wanted) ? connection : null;
  };
  const authenticated = new WeakMap<FastifyRequest, TConnectionRow>();

  return async (app) => {
    const ZParams = z.object({ token: z.string().max(200), secret: z.string().max(200) });
    app.post(
      '/hubhooks/:token/:secret',
      {
        schema: { tags: ['channels'], params: ZParams },
        // Checked before the body is read: a stranger's delivery is refused without parsing it.
        onRequest: async (req) => {
          const { token, secret } = req.params as { token: string; secret: string };
          const connection = await authenticate(String(token), String(secret));
          if (!connection) throw new AppError('ERR_INVALID_TOKEN');
          authenticated.set(req, connection);
        },
      },
      async (req) => {
        const connection = authenticated.get(req);
        if (!connection) throw new AppError('ERR_INVALID_TOKEN');
        const events = parseHubWebhook(req.body);
        if (!events) throw new AppError('ERR_VALIDATION', { field: 'body', detail: 'not a NotificaMe Hub event' });
        for (const event of events) await apply(connection, event);
        return { received: events.length > 0 };
      },
    );
  };
};
