import type { TEvolutionConfig } from '@prosa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../platform/errors.js';
import { openProxy } from '../../platform/proxy.js';
import type { TSecrets } from '../../platform/secrets.js';
import type { TServices } from '../../platform/services.js';
import type { TChannelHost } from '../host/channel-host.js';
import type { TGatewayEvent } from '../host/gateway-events.js';
import { createGroupInbound } from '../shared/group-inbound.js';
import { decodeBase64File, extensionOf, storeInboundMedia } from '../shared/inbound-media.js';
import { readOutboundFile } from '../shared/outbound-media.js';
import {
  deliverAll,
  deliveryStatuses,
  gatewayMessage,
  sessionDropped,
  sessionQrCode,
  sessionUp,
} from '../shared/provider-events.js';
import { authenticateHook, createHookGate, headerOf } from '../shared/webhook-auth.js';
import {
  ChannelSendError,
  type TAddress,
  type TChannelAdapter,
  type TConnectionRow,
  type TOutboundMessage,
} from '../types.js';
import { createEvolutionClient, EvolutionError } from './evolution-api.js';
import {
  evolutionInstanceName,
  evolutionPublicSettings,
  evolutionWebhookUrl,
  readEvolutionConfig,
  sealEvolutionConfig,
} from './evolution-config.js';
import { createEvolutionGroupAdmin } from './evolution-groups.js';
import { createEvolutionSession } from './evolution-session.js';
import { parseEvolutionWebhook, type TEvolutionEvent } from './evolution-webhook.js';

/** The number or JID Evolution writes to: a phone's digits, or a LID or a group as its JID. */
const evolutionNumber = (to: TAddress) =>
  to.kind === 'lid' ? `${to.value}@lid` : to.kind === 'group' ? `${to.value}@g.us` : to.value.replace(/\D/g, '');
const evolutionJid = (to: TAddress) =>
  to.kind === 'phone' ? `${evolutionNumber(to)}@s.whatsapp.net` : evolutionNumber(to);

/** Evolution's `mediatype` for our media kinds (stickers go as images, anything else as a document). */
const evolutionMediaType = (mediaType: string) =>
  mediaType === 'sticker'
    ? 'image'
    : ['image', 'video', 'audio', 'document'].includes(mediaType)
      ? mediaType
      : 'document';

/** Why the session closed (Baileys' DisconnectReason, as Evolution passes it on), as a catalogue code. */
const closeReason = (statusReason: number | null) =>
  statusReason === 401
    ? 'ERR_WAPP_LOGGED_OUT'
    : statusReason === 403
      ? 'ERR_WAPP_FORBIDDEN'
      : 'ERR_WAPP_CONNECTION_CLOSED';

/**
 * WhatsApp through an Evolution API v2 gateway: the adapter (text, files, voice notes and quoted replies,
 * read receipts, paced sends, groups and their administration), the session (instance, webhook and QR on the gateway) and the webhook
 * (`POST /evolutionhooks/:token`, with the secret we registered as its bearer).
 */
export const setupEvolution = (services: TServices, secrets: TSecrets, host: TChannelHost): FastifyPluginAsyncZod => {
  const gatewayOf = (connection: TConnectionRow) => {
    const stored = readEvolutionConfig(connection);
    const apiKey = stored.apiKey ? secrets.open(stored.apiKey) : null;
    if (!stored.gatewayUrl || !apiKey) throw new ChannelSendError('ERR_WAPP_NOT_INITIALIZED', false);
    return { baseUrl: stored.gatewayUrl, apiKey, instance: evolutionInstanceName(connection) };
  };
  const clientOf = (connection: TConnectionRow) => createEvolutionClient(gatewayOf(connection));
  const secretOf = (connection: TConnectionRow) => {
    const sealed = readEvolutionConfig(connection).webhookSecret;
    return sealed ? secrets.open(sealed) : null;
  };
  const webhookOf = (connection: TConnectionRow) => {
    const url = evolutionWebhookUrl(connection, services.config.publicUrl);
    const secret = secretOf(connection);
    if (!url || !secret) throw new ChannelSendError('ERR_WAPP_NOT_INITIALIZED', false);
    return { url, headers: { authorization: `Bearer ${secret}` } };
  };
  const session = createEvolutionSession({
    log: services.log,
    clientOf,
    webhookOf,
    proxyOf: (connection) => openProxy(secrets, connection.proxy),
  });

  const sendOne = async (message: TOutboundMessage) => {
    const client = clientOf(message.connection);
    const number = evolutionNumber(message.to);
    // Evolution finds the quoted message in its own store by id.
    const quoted = message.quotedExternalId ? { quoted: { key: { id: message.quotedExternalId } } } : {};
    if (message.mediaUrl?.startsWith('/media/')) {
      const file = await readOutboundFile(services.storage, message.mediaUrl);
      const media = file.bytes.toString('base64');
      if (message.mediaType === 'ptt') return client.sendVoiceNote({ number, audio: media, ...quoted });
      const mediatype = evolutionMediaType(message.mediaType);
      return client.sendMedia({
        number,
        mediatype,
        mimetype: file.meta?.mime ?? 'application/octet-stream',
        media,
        fileName: message.mediaName ?? file.meta?.name ?? 'arquivo',
        ...(message.body && mediatype !== 'audio' ? { caption: message.body } : {}),
        ...quoted,
      });
    }
    // Group members the text mentions (JIDs): Evolution's `mentioned`, read only for a group.
    const mentioned = message.mentions?.length ? { mentioned: message.mentions } : {};
    return client.sendText({ number, text: message.body, ...quoted, ...mentioned });
  };

  const groupAdmin = createEvolutionGroupAdmin(clientOf);
  const inGroup = createGroupInbound(services.log, groupAdmin, 'evolution');

  const adapter: TChannelAdapter = {
    kind: 'evolution',
    addressKinds: ['phone', 'lid', 'group'],
    // Evolution takes no idempotency key: a send cut by a crash is marked failed, never repeated blindly.
    idempotent: false,
    // An unofficial WhatsApp number: sends one at a time with human pauses, or WhatsApp bans it.
    paced: true,
    prepareConfig: (input, previous) => sealEvolutionConfig(secrets, input as Partial<TEvolutionConfig>, previous),
    publicSettings: evolutionPublicSettings,
    send: async (message) => {
      if (message.connection.status !== 'CONNECTED') throw new ChannelSendError('ERR_WAPP_NOT_INITIALIZED', false);
      try {
        const sent = await sendOne(message);
        // Taken but unanswered: it may be on its way, so it is not tried again.
        if (!sent.key?.id) throw new ChannelSendError('ERR_SENDING_WAPP_MSG', false);
        return { externalId: sent.key.id, status: 'sent' };
      } catch (error) {
        throw error instanceof EvolutionError ? error.toSendError() : error;
      }
    },
    markRead: async (target, externalIds) => {
      if (target.connection.status !== 'CONNECTED') return;
      const remoteJid = evolutionJid(target.to);
      await clientOf(target.connection).markRead(externalIds.map((id) => ({ remoteJid, fromMe: false, id })));
    },
    groupParticipants: async (target) =>
      (await groupAdmin.get(target.connection, evolutionJid(target.to))).participants,
    groupAdmin,
    check: session.check,
    applyProxy: session.applyProxy,
    session: { start: session.start, logout: session.logout, remove: session.remove, pair: session.pair },
  };
  services.channels.register(adapter);

  /** The received file's bytes: from the webhook when the gateway put them there, else asked of the gateway. */
  const storeMedia = (connection: TConnectionRow, event: Extract<TEvolutionEvent, { kind: 'message' }>) =>
    storeInboundMedia(services, connection.tenantId, event, 'evolution media download failed', async (media) => {
      const fetched = media.base64 ? null : await clientOf(connection).mediaOf(event.externalId);
      const base64 = media.base64 ?? fetched?.base64;
      if (!base64) throw new Error('the gateway gave no bytes');
      const mime = media.mime ?? fetched?.mimetype ?? 'application/octet-stream';
      return {
        bytes: decodeBase64File(base64, services.config.mediaMaxBytes),
        mime,
        // The storage key's extension: from the webhook's file name, else the type (never the gateway's name).
        ext: extensionOf(media.filename, mime),
        name: media.filename ?? fetched?.fileName,
      };
    });

  /** One event of an authenticated webhook, as the host takes it. */
  const translate = async (connection: TConnectionRow, event: TEvolutionEvent): Promise<TGatewayEvent[]> => {
    const qrExpired: TGatewayEvent = {
      type: 'connection',
      change: { status: 'DISCONNECTED', lastError: 'ERR_WAPP_QR_EXPIRED' },
    };
    switch (event.kind) {
      case 'qrcode':
        return sessionQrCode(connection, event.qrcode);
      case 'qrcode-expired':
        return [qrExpired];
      case 'connection':
        if (event.state === 'open') return [sessionUp(event.number ? `+${event.number}` : null)];
        if (event.state === 'close') return [sessionDropped(closeReason(event.reason))];
        if (event.state === 'refused') return [qrExpired];
        return [];
      case 'ack':
        return deliveryStatuses([event.externalId], event.status);
      case 'reaction':
        return [{ type: 'reaction', targetExternalId: event.targetExternalId, emoji: event.emoji }];
      case 'message': {
        const message = gatewayMessage(event, await storeMedia(connection, event));
        return [event.groupId ? await inGroup(connection, message, event.groupId) : message];
      }
      case 'group-participants':
        return [{ type: 'group-participants', change: event.change }];
      case 'call': {
        // Evolution refuses calls only by an instance setting, not one by one: the adapter has no rejectCall,
        // so the host records the call as not answered and still sends the tenant's text.
        const { callId, callerJid, from, video, timestamp } = event;
        return [{ type: 'call', call: { callId, callerId: callerJid, from, video, timestamp } }];
      }
      default: {
        const unknown: never = event;
        throw new Error(`unknown evolution event ${JSON.stringify(unknown)}`);
      }
    }
  };

  /** The connection behind a webhook, once its token and bearer secret are proven (compared in constant time). */
  const gate = createHookGate((req) => {
    const { token } = req.params as { token: string };
    const given = headerOf(req, 'authorization');
    return authenticateHook(host, { type: 'evolution', token, given }, (connection) => {
      const secret = secretOf(connection);
      return secret ? `Bearer ${secret}` : null;
    });
  });

  return async (app) => {
    const ZToken = z.object({ token: z.string().max(200) });
    app.post(
      '/evolutionhooks/:token',
      {
        schema: { tags: ['channels'], params: ZToken },
        // Deliveries may carry a file as base64 (the gateway's option): room for the largest file we keep.
        bodyLimit: Math.ceil((services.config.mediaMaxBytes * 4) / 3) + 1024 * 1024,
        onRequest: gate.onRequest,
      },
      async (req) => {
        const connection = gate.provenOf(req);
        const delivery = parseEvolutionWebhook(req.body);
        if (!delivery) throw new AppError('ERR_VALIDATION', { field: 'body', detail: 'not an Evolution API event' });
        // Events of another instance (a webhook copied by hand on the gateway) are not this connection's.
        if (delivery.instance !== evolutionInstanceName(connection)) return { received: false };
        for (const event of delivery.events) await deliverAll(host, connection, await translate(connection, event));
        return { received: true };
      },
    );
  };
};
