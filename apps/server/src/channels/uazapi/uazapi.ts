import { timingSafeEqual } from 'node:crypto';
import { Readable } from 'node:stream';
import type { TUazapiConfig } from '@prosa/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { setConnectionStatus } from '../../modules/connections/connection-status.js';
import { findConnectionByToken } from '../../modules/connections/connections.repository.js';
import { applyAck } from '../../modules/messages/apply-ack.js';
import { applyContactReaction } from '../../modules/messages/apply-reaction.js';
import { receiveMessage } from '../../modules/messages/receive-batch.js';
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
import { saveUazapiInstanceToken } from './uazapi.repository.js';
import { createUazapiClient, UazapiError } from './uazapi-api.js';
import {
  readUazapiConfig,
  sealUazapiConfig,
  uazapiInstanceName,
  uazapiPublicSettings,
  uazapiWebhookUrl,
} from './uazapi-config.js';
import { createUazapiSession } from './uazapi-session.js';
import { parseUazapiWebhook, type TUazapiEvent, uazapiDeliveryToken } from './uazapi-webhook.js';

/** The `number` uazapi writes to: a phone's digits, or a LID as its JID. */
const uazapiNumber = (to: TAddress) => (to.kind === 'lid' ? `${to.value}@lid` : to.value.replace(/\D/g, ''));

/** uazapi's `/send/media` type for our media kinds (anything unknown goes as a document). */
const uazapiMediaType = (mediaType: string) =>
  ['image', 'video', 'audio', 'ptt', 'sticker', 'document'].includes(mediaType) ? mediaType : 'document';

/** A file name's extension, or the MIME subtype ('audio/ogg; codecs=opus' -> 'ogg'), safe for a storage key. */
const extensionOf = (filename: string | null, mime: string) =>
  ((filename?.includes('.') ? filename.split('.').pop() : mime.split(';')[0]?.split('/')[1]) ?? 'bin')
    .replace(/[^a-z0-9]/gi, '')
    .toLowerCase()
    .slice(0, 8) || 'bin';

const sameSecret = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * WhatsApp through a uazapiGO v2 server: the adapter (text, files, voice notes and quoted replies, read
 * receipts, typing, paced sends), the session (an instance made with the admin token, its webhook and QR) and
 * the webhook (`POST /uazapihooks/:token`: the URL's token names the connection, and uazapi puts the instance's
 * own token in every delivery, which must be the one we keep).
 */
export const setupUazapi = (services: TServices, secrets: TSecrets): FastifyPluginAsyncZod => {
  const serverOf = (connection: TConnectionRow) => {
    const stored = readUazapiConfig(connection);
    const adminToken = stored.adminToken ? secrets.open(stored.adminToken) : null;
    if (!stored.uazapiUrl || !adminToken) throw new ChannelSendError('ERR_WAPP_NOT_INITIALIZED', false);
    return { baseUrl: stored.uazapiUrl, adminToken };
  };
  const instanceTokenOf = (connection: TConnectionRow) => {
    const sealed = readUazapiConfig(connection).instanceToken;
    return sealed ? secrets.open(sealed) : null;
  };
  const clientOf = (connection: TConnectionRow, token = instanceTokenOf(connection)) => {
    const baseUrl = readUazapiConfig(connection).uazapiUrl;
    if (!baseUrl || !token) throw new ChannelSendError('ERR_WAPP_NOT_INITIALIZED', false);
    return createUazapiClient({ baseUrl, token });
  };
  const webhookUrlOf = (connection: TConnectionRow) => {
    const url = uazapiWebhookUrl(connection, services.config.publicUrl);
    if (!url) throw new ChannelSendError('ERR_WAPP_NOT_INITIALIZED', false);
    return url;
  };
  const session = createUazapiSession({
    log: services.log,
    serverOf,
    clientOf,
    instanceTokenOf,
    webhookUrlOf,
    saveInstanceToken: async (connection, token) => {
      await saveUazapiInstanceToken(services.db, connection.tenantId, connection.id, secrets.seal(token));
    },
  });

  const sendOne = async (message: TOutboundMessage) => {
    const client = clientOf(message.connection);
    const number = uazapiNumber(message.to);
    // uazapi quotes by the WhatsApp id of the message replied to.
    const reply = message.quotedExternalId ? { replyid: message.quotedExternalId } : {};
    if (message.mediaUrl?.startsWith('/media/')) {
      const file = await services.storage.open(message.mediaUrl.slice('/media/'.length));
      if (!file) throw new ChannelSendError('ERR_WAPP_DOWNLOAD_MEDIA', false);
      const chunks: Buffer[] = [];
      for await (const chunk of file.stream) chunks.push(chunk as Buffer);
      const type = uazapiMediaType(message.mediaType);
      const captioned = !['audio', 'ptt', 'sticker'].includes(type);
      return client.sendMedia({
        number,
        type,
        // Our files are not public: they travel inline, as base64.
        file: Buffer.concat(chunks).toString('base64'),
        ...(type === 'document' ? { docName: message.mediaName ?? file.meta?.name ?? 'arquivo' } : {}),
        ...(captioned && message.body ? { text: message.body } : {}),
        ...reply,
      });
    }
    return client.sendText({ number, text: message.body, ...reply });
  };

  const adapter: TChannelAdapter = {
    kind: 'uazapi',
    addressKinds: ['phone', 'lid'],
    // uazapi takes no idempotency key: a send cut by a crash is marked failed, never repeated blindly.
    idempotent: false,
    // An unofficial WhatsApp number: sends one at a time with human pauses, or WhatsApp bans it.
    paced: true,
    prepareConfig: (input, previous) => sealUazapiConfig(secrets, input as Partial<TUazapiConfig>, previous),
    publicSettings: uazapiPublicSettings,
    send: async (message) => {
      if (message.connection.status !== 'CONNECTED') throw new ChannelSendError('ERR_WAPP_NOT_INITIALIZED', false);
      try {
        const sent = await sendOne(message);
        const externalId = sent.messageid || sent.id?.split(':').pop();
        // Taken but unanswered: it may be on its way, so it is not tried again.
        if (!externalId) throw new ChannelSendError('ERR_SENDING_WAPP_MSG', false);
        return { externalId, status: 'sent' };
      } catch (error) {
        throw error instanceof UazapiError ? error.toSendError() : error;
      }
    },
    markRead: async (target, externalIds) => {
      if (target.connection.status !== 'CONNECTED' || externalIds.length === 0) return;
      await clientOf(target.connection).markRead(externalIds);
    },
    sendPresence: async (target, state) => {
      if (target.connection.status !== 'CONNECTED') return;
      await clientOf(target.connection).presence(uazapiNumber(target.to), state);
    },
    check: session.check,
    session: { start: session.start, logout: session.logout, remove: session.remove, pair: session.pair },
  };
  services.channels.register(adapter);

  /** The received file, downloaded and decrypted by the server, into our storage; a failure keeps the message. */
  const storeMedia = async (connection: TConnectionRow, event: Extract<TUazapiEvent, { kind: 'message' }>) => {
    const media = event.media;
    if (!media) return {};
    try {
      const fetched = await clientOf(connection).download(event.externalId);
      const base64 = fetched.base64Data;
      if (!base64) throw new Error('the server gave no bytes');
      // Checked before decoding: base64 is 4 characters for 3 bytes.
      if ((base64.length * 3) / 4 > services.config.mediaMaxBytes) throw new Error('file larger than MEDIA_MAX_BYTES');
      const mime = media.mime ?? fetched.mimetype ?? 'application/octet-stream';
      const ext = extensionOf(media.filename, mime);
      const name = media.filename ?? `${event.mediaType}.${ext}`;
      const bytes = Readable.from(Buffer.from(base64, 'base64'));
      const stored = await services.storage.put(connection.tenantId, ext, bytes, { name, mime });
      return { mediaUrl: `/media/${stored.key}`, mediaName: name, mediaMime: mime };
    } catch (err) {
      // The message is kept without its file (its id stays in dataJson): never lost for a failed download.
      services.log.warn({ err, externalId: event.externalId }, 'uazapi media download failed');
      return { mediaName: media.filename, mediaMime: media.mime };
    }
  };

  /** A connection event: up (as which number), a new QR while pairing, or down and why. */
  const applyConnection = async (connection: TConnectionRow, event: Extract<TUazapiEvent, { kind: 'connection' }>) => {
    const { tenantId, id } = connection;
    if (event.status === 'connected')
      await setConnectionStatus(services, tenantId, id, {
        status: 'CONNECTED',
        number: event.number ? `+${event.number}` : null,
      });
    // A late QR after the scan must not undo the connection.
    else if (event.status === 'connecting' && event.qrcode && connection.status !== 'CONNECTED')
      await setConnectionStatus(services, tenantId, id, { status: 'qrcode', qrcode: event.qrcode });
    else if (event.status === 'disconnected') {
      // A pairing that ends without a scan is an expired QR; a close after an admin's logout (already down) is
      // no news; a close of a live session is a drop.
      const pairing = connection.status !== 'CONNECTED' && event.reason === 'ERR_WAPP_CONNECTION_CLOSED';
      await setConnectionStatus(services, tenantId, id, {
        status: 'DISCONNECTED',
        lastError: pairing ? 'ERR_WAPP_QR_EXPIRED' : event.reason,
        onlyFrom: ['CONNECTED', 'OPENING', 'qrcode'],
      });
    }
  };

  /** One event of an authenticated webhook into our pipelines. */
  const apply = async (connection: TConnectionRow, event: TUazapiEvent) => {
    const base = { tenantId: connection.tenantId, connectionId: connection.id };
    switch (event.kind) {
      case 'connection':
        return applyConnection(connection, event);
      case 'ack':
        for (const externalId of event.externalIds)
          await applyAck(services, {
            ...base,
            externalId,
            status: event.status,
            reason: event.status === 'failed' ? 'ERR_SENDING_WAPP_MSG' : undefined,
          });
        return;
      case 'reaction':
        await applyContactReaction(services, { ...base, externalId: event.targetExternalId, emoji: event.emoji });
        return;
      case 'message':
        await receiveMessage(services, {
          ...base,
          externalId: event.externalId,
          from: { ...event.from, ...(event.name ? { name: event.name, pushname: event.name } : {}) },
          body: event.body,
          mediaType: event.mediaType,
          timestamp: event.timestamp,
          quotedExternalId: event.quotedExternalId,
          dataJson: event.raw,
          ...(await storeMedia(connection, event)),
        });
        return;
      default: {
        const unknown: never = event;
        throw new Error(`unknown uazapi event ${JSON.stringify(unknown)}`);
      }
    }
  };

  /** Messages of another number than the one paired here (an instance re-paired elsewhere) are not this connection's. */
  const isForeignOwner = (connection: TConnectionRow, owner: string | null, event: TUazapiEvent) =>
    event.kind !== 'connection' &&
    Boolean(owner && connection.number) &&
    connection.number?.replace(/\D/g, '') !== owner;

  const connectionOfToken = new WeakMap<FastifyRequest, TConnectionRow>();

  return async (app) => {
    const ZToken = z.object({ token: z.string().max(200) });
    app.post(
      '/uazapihooks/:token',
      {
        schema: { tags: ['channels'], params: ZToken },
        // Checked before the body is read: a URL that names no uazapi instance is refused without parsing it.
        onRequest: async (req) => {
          const { token } = req.params as { token: string };
          // NOTE: the token in the URL names the connection (and so the tenant) before any tenant is known.
          const connection = await findConnectionByToken(services.db, String(token));
          if (connection?.type !== 'uazapi' || !instanceTokenOf(connection)) throw new AppError('ERR_INVALID_TOKEN');
          connectionOfToken.set(req, connection);
        },
      },
      async (req) => {
        const connection = connectionOfToken.get(req);
        const expected = connection ? instanceTokenOf(connection) : null;
        const given = uazapiDeliveryToken(req.body);
        // uazapi signs nothing: the instance's own token in the body proves the delivery comes from its server.
        if (!connection || !expected || !given || !sameSecret(given, expected)) throw new AppError('ERR_INVALID_TOKEN');
        const delivery = parseUazapiWebhook(req.body);
        if (!delivery) throw new AppError('ERR_VALIDATION', { field: 'body', detail: 'not a uazapi event' });
        if (delivery.instanceName !== uazapiInstanceName(connection)) return { received: false };
        const events = delivery.events.filter((event) => !isForeignOwner(connection, delivery.owner, event));
        if (events.length < delivery.events.length) return { received: false };
        for (const event of events) await apply(connection, event);
        return { received: true };
      },
    );
  };
};
