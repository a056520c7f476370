import type { TZapiConfig } from '@prosa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../platform/errors.js';
import type { TSecrets } from '../../platform/secrets.js';
import type { TServices } from '../../platform/services.js';
import type { TChannelHost } from '../host/channel-host.js';
import type { TGatewayEvent } from '../host/gateway-events.js';
import { createGroupInbound } from '../shared/group-inbound.js';
import { downloadInboundFile, extensionOf, storeInboundMedia } from '../shared/inbound-media.js';
import { readOutboundFile } from '../shared/outbound-media.js';
import { deliverAll, deliveryStatuses, gatewayMessage, sessionDropped, sessionUp } from '../shared/provider-events.js';
import { registerSecretUrlHook } from '../shared/webhook-auth.js';
import {
  ChannelSendError,
  type TAddress,
  type TChannelAdapter,
  type TConnectionRow,
  type TOutboundMessage,
} from '../types.js';
import { createZapiClient, type TZapiSendMethod, ZapiError } from './zapi-api.js';
import { readZapiConfig, sealZapiConfig, zapiPublicSettings, zapiWebhookUrl } from './zapi-config.js';
import { createZapiGroupAdmin } from './zapi-groups.js';
import { memberPhone, zapiGroupPhone } from './zapi-groups-api.js';
import { createZapiSession } from './zapi-session.js';
import { parseZapiWebhook, type TZapiEvent } from './zapi-webhook.js';

/** The `phone` Z-API writes to: a number's digits, a LID as its JID, or a group's id (`<id>-group`). */
const zapiPhone = (to: TAddress) => {
  if (to.kind === 'group') return zapiGroupPhone(to.value);
  return to.kind === 'lid' ? `${to.value}@lid` : to.value.replace(/\D/g, '');
};

/** The send route and field of our media kinds (stickers go as images, anything unknown as a document). */
const mediaRoute = (mediaType: string, ext: string): { method: TZapiSendMethod; field: string; caption: boolean } => {
  switch (mediaType) {
    case 'image':
    case 'sticker':
      return { method: 'send-image', field: 'image', caption: true };
    case 'video':
      return { method: 'send-video', field: 'video', caption: true };
    case 'audio':
    case 'ptt':
      return { method: 'send-audio', field: 'audio', caption: false };
    default:
      return { method: `send-document/${ext}`, field: 'document', caption: true };
  }
};

/**
 * WhatsApp through Z-API (hosted, per-instance credentials): the adapter (text, files, voice notes, quoted
 * replies, read receipts, paced sends, groups and their administration: zapi-groups.ts), the session (QR code or
 * pairing code, our webhooks registered on the instance) and the webhook (`POST /zapihooks/:token/:secret`:
 * Z-API signs nothing, so the URL we register carries the connection's token and a secret of its own, and the
 * payload must name the connection's instance).
 */
export const setupZapi = (services: TServices, secrets: TSecrets, host: TChannelHost): FastifyPluginAsyncZod => {
  const apiUrl = services.config.zapiApiUrl;

  const clientOf = (connection: TConnectionRow) => {
    const stored = readZapiConfig(connection);
    const instanceToken = stored.instanceToken ? secrets.open(stored.instanceToken) : null;
    const clientToken = stored.clientToken ? secrets.open(stored.clientToken) : null;
    if (!stored.instanceId || !instanceToken || !clientToken)
      throw new ChannelSendError('ERR_WAPP_NOT_INITIALIZED', false);
    return createZapiClient({ apiUrl, instanceId: stored.instanceId, instanceToken, clientToken });
  };
  const secretOf = (connection: TConnectionRow) => {
    const sealed = readZapiConfig(connection).webhookSecret;
    return sealed ? secrets.open(sealed) : null;
  };
  const webhookUrlOf = (connection: TConnectionRow) => {
    const secret = secretOf(connection);
    const url = secret ? zapiWebhookUrl(connection, services.config.publicUrl, secret) : null;
    if (!url) throw new ChannelSendError('ERR_WAPP_NOT_INITIALIZED', false);
    return url;
  };
  const session = createZapiSession({ log: services.log, apiUrl, clientOf, webhookUrlOf });

  const sendOne = async (message: TOutboundMessage) => {
    const client = clientOf(message.connection);
    const phone = zapiPhone(message.to);
    // Z-API quotes by the WhatsApp id of the message replied to.
    const reply = message.quotedExternalId ? { messageId: message.quotedExternalId } : {};
    if (message.mediaUrl?.startsWith('/media/')) {
      const file = await readOutboundFile(services.storage, message.mediaUrl);
      const mime = (file.meta?.mime ?? 'application/octet-stream').split(';')[0]?.trim() || 'application/octet-stream';
      const name = message.mediaName ?? file.meta?.name ?? 'arquivo';
      const route = mediaRoute(message.mediaType, extensionOf(name, mime));
      return client.send(route.method, {
        phone,
        // Our files are not public: they travel inline, as a base64 data URL.
        [route.field]: `data:${mime};base64,${file.bytes.toString('base64')}`,
        ...(route.field === 'document' ? { fileName: name } : {}),
        // A recorded voice note, shown with its waveform, rather than an audio file.
        ...(message.mediaType === 'ptt' ? { waveform: true } : {}),
        ...(route.caption && message.body ? { caption: message.body } : {}),
        ...reply,
      });
    }
    // Group members the text mentions: Z-API's `mentioned`, their numbers.
    const mentioned = message.mentions?.length ? { mentioned: message.mentions.map(memberPhone) } : {};
    return client.send('send-text', { phone, message: message.body, ...reply, ...mentioned });
  };

  const groupAdmin = createZapiGroupAdmin(clientOf);
  const inGroup = createGroupInbound(services.log, groupAdmin, 'zapi');

  const adapter: TChannelAdapter = {
    kind: 'zapi',
    addressKinds: ['phone', 'lid', 'group'],
    // Z-API takes no idempotency key: a send cut by a crash is marked failed, never repeated blindly.
    idempotent: false,
    // An unofficial WhatsApp number: sends one at a time with human pauses, or WhatsApp bans it.
    paced: true,
    prepareConfig: (input, previous) => sealZapiConfig(secrets, input as Partial<TZapiConfig>, previous),
    publicSettings: (connection) => zapiPublicSettings(connection),
    send: async (message) => {
      if (message.connection.status !== 'CONNECTED') throw new ChannelSendError('ERR_WAPP_NOT_INITIALIZED', false);
      try {
        const sent = await sendOne(message);
        const externalId = sent.messageId ?? sent.id;
        // Taken but unanswered: it may be on its way, so it is not tried again.
        if (!externalId) throw new ChannelSendError('ERR_SENDING_WAPP_MSG', false);
        return { externalId, status: 'sent' };
      } catch (error) {
        throw error instanceof ZapiError ? error.toSendError() : error;
      }
    },
    markRead: async (target, externalIds) => {
      if (target.connection.status !== 'CONNECTED') return;
      const client = clientOf(target.connection);
      // Z-API reads one message per call.
      for (const id of externalIds) await client.readMessage(zapiPhone(target.to), id);
    },
    groupParticipants: async (target) =>
      (await groupAdmin.get(target.connection, `${target.to.value}@g.us`)).participants,
    groupAdmin,
    check: session.check,
    session: { start: session.start, logout: session.logout, remove: session.remove, pair: session.pair },
  };
  services.channels.register(adapter);

  /** The received file, from Z-API's storage into ours; a failed download keeps the message without it. */
  // A failed download leaves the file's URL in dataJson (for its 30 days on Z-API).
  const storeMedia = (connection: TConnectionRow, event: Extract<TZapiEvent, { kind: 'message' }>) =>
    storeInboundMedia(services, connection.tenantId, event, 'zapi media download failed', async (media) => {
      const file = await downloadInboundFile(media.url, services.config.mediaMaxBytes);
      return { bytes: file.bytes, mime: media.mime ?? file.mime ?? 'application/octet-stream', name: media.filename };
    });

  /** One event of an authenticated webhook, as the host takes it. */
  const translate = async (connection: TConnectionRow, event: TZapiEvent): Promise<TGatewayEvent[]> => {
    switch (event.kind) {
      case 'connected':
        return [sessionUp(event.number ? `+${event.number}` : null)];
      case 'disconnected':
        return [sessionDropped('ERR_WAPP_CONNECTION_CLOSED')];
      case 'ack':
        return deliveryStatuses(event.externalIds, event.status);
      case 'reaction':
        return [{ type: 'reaction', targetExternalId: event.targetExternalId, emoji: event.emoji }];
      case 'message': {
        const message = gatewayMessage(event, await storeMedia(connection, event));
        if (!event.groupId) return [message];
        // Z-API's payload names the member by phone or LID: their JID is where the group tools look for them.
        const participant = `${event.from.value}@${event.from.kind === 'lid' ? 'lid' : 's.whatsapp.net'}`;
        return [await inGroup(connection, message, event.groupId, participant)];
      }
      case 'group-participants':
        return [{ type: 'group-participants', change: event.change }];
      default: {
        const unknown: never = event;
        throw new Error(`unknown zapi event ${JSON.stringify(unknown)}`);
      }
    }
  };

  return async (app) => {
    registerSecretUrlHook(app, {
      host,
      prefix: '/zapihooks',
      type: 'zapi',
      secretOf,
      receive: async (connection, body) => {
        const delivery = parseZapiWebhook(body);
        if (!delivery) throw new AppError('ERR_VALIDATION', { field: 'body', detail: 'not a Z-API event' });
        // Another instance's events (a URL copied by hand into another instance) are not this connection's.
        if (delivery.instanceId !== readZapiConfig(connection).instanceId) return { received: false };
        for (const event of delivery.events) await deliverAll(host, connection, await translate(connection, event));
        return { received: true };
      },
    });
  };
};
