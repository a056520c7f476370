import type { TUazapiConfig } from '@prosa/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../platform/errors.js';
import type { TSecrets } from '../../platform/secrets.js';
import type { TServices } from '../../platform/services.js';
import type { TChannelHost } from '../host/channel-host.js';
import type { TGatewayEvent } from '../host/gateway-events.js';
import { createGroupInbound } from '../shared/group-inbound.js';
import { decodeBase64File, storeInboundMedia } from '../shared/inbound-media.js';
import {
  deliverAll,
  deliveryStatuses,
  gatewayMessage,
  sessionDropped,
  sessionQrCode,
  sessionUp,
} from '../shared/provider-events.js';
import { isSameSecret } from '../shared/same-secret.js';
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
import { createUazapiGroupAdmin } from './uazapi-groups.js';
import { createUazapiSession } from './uazapi-session.js';
import { parseUazapiWebhook, type TUazapiEvent, uazapiDeliveryToken } from './uazapi-webhook.js';

/** The `number` uazapi writes to: a phone's digits, or a LID or a group as its JID. */
const uazapiNumber = (to: TAddress) =>
  to.kind === 'lid' ? `${to.value}@lid` : to.kind === 'group' ? `${to.value}@g.us` : to.value.replace(/\D/g, '');

/** Group members a text mentions, as uazapi takes them: their JIDs' user parts, separated by commas. */
const uazapiMentions = (mentions: readonly string[] | undefined) =>
  mentions?.length ? { mentions: mentions.map((jid) => jid.split('@')[0]).join(',') } : {};

/** uazapi's `/send/media` type for our media kinds (anything unknown goes as a document). */
const uazapiMediaType = (mediaType: string) =>
  ['image', 'video', 'audio', 'ptt', 'sticker', 'document'].includes(mediaType) ? mediaType : 'document';

/**
 * WhatsApp through a uazapiGO v2 server: the adapter (text, files, voice notes and quoted replies, read
 * receipts, typing, paced sends, groups and their administration), the session (an instance made with the admin
 * token, its webhook and QR) and the webhook (`POST /uazapihooks/:token`: the URL's token names the connection, and uazapi puts the instance's
 * own token in every delivery, which must be the one we keep).
 */
export const setupUazapi = (services: TServices, secrets: TSecrets, host: TChannelHost): FastifyPluginAsyncZod => {
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
    return client.sendText({ number, text: message.body, ...reply, ...uazapiMentions(message.mentions) });
  };

  const groupAdmin = createUazapiGroupAdmin(clientOf);
  const inGroup = createGroupInbound(services.log, groupAdmin, 'uazapi');

  const adapter: TChannelAdapter = {
    kind: 'uazapi',
    addressKinds: ['phone', 'lid', 'group'],
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
    rejectCall: async (connection, call) => {
      await clientOf(connection).rejectCall(call.from, call.callId);
    },
    groupParticipants: async (target) =>
      (await groupAdmin.get(target.connection, uazapiNumber(target.to))).participants,
    groupAdmin,
    check: session.check,
    session: { start: session.start, logout: session.logout, remove: session.remove, pair: session.pair },
  };
  services.channels.register(adapter);

  /** The received file, downloaded and decrypted by the server, into our storage; a failure keeps the message. */
  // A failed download leaves the message's id in dataJson.
  const storeMedia = (connection: TConnectionRow, event: Extract<TUazapiEvent, { kind: 'message' }>) =>
    storeInboundMedia(services, connection.tenantId, event, 'uazapi media download failed', async (media) => {
      const fetched = await clientOf(connection).download(event.externalId);
      if (!fetched.base64Data) throw new Error('the server gave no bytes');
      const bytes = decodeBase64File(fetched.base64Data, services.config.mediaMaxBytes);
      return { bytes, mime: media.mime ?? fetched.mimetype ?? 'application/octet-stream', name: media.filename };
    });

  /** A connection event: up (as which number), a new QR while pairing, or down and why. */
  const connectionEvents = (
    connection: TConnectionRow,
    event: Extract<TUazapiEvent, { kind: 'connection' }>,
  ): TGatewayEvent[] => {
    if (event.status === 'connected') return [sessionUp(event.number ? `+${event.number}` : null)];
    if (event.status === 'connecting') return event.qrcode ? sessionQrCode(connection, event.qrcode) : [];
    if (event.status !== 'disconnected') return [];
    // A pairing that ends without a scan is an expired QR; a close after an admin's logout (already down) is
    // no news; a close of a live session is a drop.
    const pairing = connection.status !== 'CONNECTED' && event.reason === 'ERR_WAPP_CONNECTION_CLOSED';
    return [sessionDropped(pairing ? 'ERR_WAPP_QR_EXPIRED' : event.reason)];
  };

  /** One event of an authenticated webhook, as the host takes it. */
  const translate = async (connection: TConnectionRow, event: TUazapiEvent): Promise<TGatewayEvent[]> => {
    switch (event.kind) {
      case 'connection':
        return connectionEvents(connection, event);
      case 'ack':
        return deliveryStatuses(event.externalIds, event.status);
      case 'reaction':
        return [{ type: 'reaction', targetExternalId: event.targetExternalId, emoji: event.emoji }];
      case 'message': {
        const message = gatewayMessage(event, await storeMedia(connection, event));
        const { group } = event;
        return [group ? await inGroup(connection, message, group.id, group.participant) : message];
      }
      case 'group-participants':
        return [{ type: 'group-participants', change: event.change }];
      case 'call': {
        const { callId, callerNumber, from, video, timestamp } = event;
        return [{ type: 'call', call: { callId, callerId: callerNumber, from, video, timestamp } }];
      }
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
          const connection = await host.connectionByToken(String(token));
          if (connection?.type !== 'uazapi' || !instanceTokenOf(connection)) throw new AppError('ERR_INVALID_TOKEN');
          connectionOfToken.set(req, connection);
        },
      },
      async (req) => {
        const connection = connectionOfToken.get(req);
        const expected = connection ? instanceTokenOf(connection) : null;
        const given = uazapiDeliveryToken(req.body);
        // uazapi signs nothing: the instance's own token in the body proves the delivery comes from its server.
        if (!connection || !expected || !given || !isSameSecret(given, expected))
          throw new AppError('ERR_INVALID_TOKEN');
        const delivery = parseUazapiWebhook(req.body);
        if (!delivery) throw new AppError('ERR_VALIDATION', { field: 'body', detail: 'not a uazapi event' });
        // The documented envelope names the instance by its id only: the token above already proved which.
        if (delivery.instanceName !== null && delivery.instanceName !== uazapiInstanceName(connection))
          return { received: false };
        const events = delivery.events.filter((event) => !isForeignOwner(connection, delivery.owner, event));
        if (events.length < delivery.events.length) return { received: false };
        for (const event of events) await deliverAll(host, connection, await translate(connection, event));
        return { received: true };
      },
    );
  };
};
