import type { TWuzapiConfig } from '@prosa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../platform/errors.js';
import { cleanInput } from '../../platform/input-guard.js';
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
import { createHookGate, findHookConnection } from '../shared/webhook-auth.js';
import { ChannelSendError, type TChannelAdapter, type TConnectionRow } from '../types.js';
import { createWuzapiClient, WuzapiError, wuzapiNumber } from './wuzapi-api.js';
import {
  readWuzapiConfig,
  sealWuzapiConfig,
  wuzapiPublicSettings,
  wuzapiUserName,
  wuzapiWebhookUrl,
} from './wuzapi-config.js';
import { createWuzapiGroupAdmin } from './wuzapi-groups.js';
import { sendWuzapiMessage, wuzapiJid, wuzapiMessageId, wuzapiPhone } from './wuzapi-send.js';
import { createWuzapiSession } from './wuzapi-session.js';
import { parseWuzapiPayload, readWuzapiDelivery, type TWuzapiEvent, verifyWuzapiSignature } from './wuzapi-webhook.js';

/**
 * WhatsApp through a wuzapi server (asternic/wuzapi, on whatsmeow): the adapter (text, files, voice notes and
 * quoted replies, read receipts, typing, paced sends, groups and their administration), the session (a wuzapi
 * user per connection, its webhook and QR) and the webhook (`POST /wuzapihooks/:token`, proven by the user's token in the form or by the
 * signature made with the HMAC key we gave the user).
 */
export const setupWuzapi = (services: TServices, secrets: TSecrets, host: TChannelHost): FastifyPluginAsyncZod => {
  const open = (sealed: string | undefined) => (sealed ? secrets.open(sealed) : null);
  const serverOf = (connection: TConnectionRow) => {
    const stored = readWuzapiConfig(connection);
    const adminToken = open(stored.wuzapiAdminToken);
    const userToken = open(stored.userToken);
    if (!stored.wuzapiUrl || !adminToken || !userToken) throw new ChannelSendError('ERR_WAPP_NOT_INITIALIZED', false);
    return { baseUrl: stored.wuzapiUrl, adminToken, userToken };
  };
  const clientOf = (connection: TConnectionRow) => createWuzapiClient(serverOf(connection));
  const userOf = (connection: TConnectionRow) => {
    const webhookUrl = wuzapiWebhookUrl(connection, services.config.publicUrl);
    const hmacKey = open(readWuzapiConfig(connection).hmacKey);
    if (!webhookUrl || !hmacKey) throw new ChannelSendError('ERR_WAPP_NOT_INITIALIZED', false);
    return { name: wuzapiUserName(connection), token: serverOf(connection).userToken, webhookUrl, hmacKey };
  };
  const session = createWuzapiSession({ log: services.log, clientOf, userOf });

  const groupAdmin = createWuzapiGroupAdmin(clientOf);
  const inGroup = createGroupInbound(services.log, groupAdmin, 'wuzapi');

  const adapter: TChannelAdapter = {
    kind: 'wuzapi',
    addressKinds: ['phone', 'lid', 'group'],
    // Nothing says WhatsApp drops a repeated id: a send cut by a crash is marked failed, never repeated blindly.
    idempotent: false,
    // An unofficial WhatsApp number: sends one at a time with human pauses, or WhatsApp bans it.
    paced: true,
    prepareConfig: (input, previous) => sealWuzapiConfig(secrets, input as Partial<TWuzapiConfig>, previous),
    publicSettings: wuzapiPublicSettings,
    send: async (message) => {
      if (message.connection.status !== 'CONNECTED') throw new ChannelSendError('ERR_WAPP_NOT_INITIALIZED', false);
      try {
        const sent = await sendWuzapiMessage(services.storage, clientOf(message.connection), message);
        return { externalId: sent?.Id || wuzapiMessageId(message.idempotencyKey), status: 'sent' };
      } catch (error) {
        throw error instanceof WuzapiError ? error.toSendError() : error;
      }
    },
    rejectCall: async (connection, call) => {
      await clientOf(connection).rejectCall({ Phone: call.from, ID: call.callId });
    },
    markRead: async (target, externalIds) => {
      // In a group a receipt names each message's author, which the ticket does not keep: none is sent there.
      if (target.connection.status !== 'CONNECTED' || target.to.kind === 'group') return;
      const jid = wuzapiJid(target.to);
      await clientOf(target.connection).markRead({ Id: externalIds, Chat: jid, Sender: jid });
    },
    sendPresence: async (target, state) => {
      if (target.connection.status !== 'CONNECTED') return;
      await clientOf(target.connection).presence({
        Phone: wuzapiPhone(target.to),
        State: state === 'paused' ? 'paused' : 'composing',
        Media: state === 'recording' ? 'audio' : '',
      });
    },
    groupParticipants: async (target) => (await groupAdmin.get(target.connection, wuzapiJid(target.to))).participants,
    groupAdmin,
    check: session.check,
    session: { start: session.start, logout: session.logout, remove: session.remove, pair: session.pair },
  };
  services.channels.register(adapter);

  /**
   * The received file's bytes: those wuzapi put in the webhook (`base64`, its default delivery), else asked of
   * wuzapi, which downloads and decrypts them from WhatsApp (a server delivering media to S3 or run with
   * -skipmedia posts none). Refused past MEDIA_MAX_BYTES before anything is fetched when the size is known.
   */
  const storeMedia = (connection: TConnectionRow, event: Extract<TWuzapiEvent, { kind: 'message' }>) =>
    storeInboundMedia(services, connection.tenantId, event, 'wuzapi media not stored', async (media) => {
      const maxBytes = services.config.mediaMaxBytes;
      if (media.base64) {
        const bytes = decodeBase64File(media.base64, maxBytes);
        return { bytes, mime: media.mime ?? 'application/octet-stream', name: media.filename };
      }
      if (!media.download) throw new Error('the webhook carried neither the bytes nor the media fields');
      const { kind, ...fields } = media.download;
      if (fields.FileLength > maxBytes) throw new Error('file larger than MEDIA_MAX_BYTES');
      const answer = await clientOf(connection).downloadMedia(kind, fields);
      const [header, base64] = (answer.Data ?? '').split(',', 2);
      if (!header?.startsWith('data:') || !base64) throw new Error('wuzapi answered no data URL');
      const mime = answer.Mimetype || header.slice(5).split(';')[0] || media.mime || 'application/octet-stream';
      return { bytes: decodeBase64File(base64, maxBytes), mime, name: media.filename };
    });

  /** One event of an authenticated webhook, as the host takes it. */
  const translate = async (connection: TConnectionRow, event: TWuzapiEvent): Promise<TGatewayEvent[]> => {
    switch (event.kind) {
      case 'connected': {
        // `Connected` names no number: the server's status does (releases that report the JID).
        const number =
          event.number ??
          wuzapiNumber(
            await clientOf(connection)
              .status()
              .then(
                (s) => s.jid,
                () => null,
              ),
          );
        return [sessionUp(number)];
      }
      case 'down':
        return [sessionDropped(event.reason)];
      case 'qrcode':
        return sessionQrCode(connection, event.qrcode);
      case 'qrcode-expired':
        return [
          {
            type: 'connection',
            change: { status: 'DISCONNECTED', lastError: 'ERR_WAPP_QR_EXPIRED', onlyFrom: ['OPENING', 'qrcode'] },
          },
        ];
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
      case 'call':
        return [
          {
            type: 'call',
            call: {
              callId: event.callId,
              callerId: event.callerJid,
              from: event.from,
              video: false,
              timestamp: event.timestamp,
            },
          },
        ];
      default: {
        const unknown: never = event;
        throw new Error(`unknown wuzapi event ${JSON.stringify(unknown)}`);
      }
    }
  };

  /** The wuzapi connection a webhook URL names (its token), with its user's token and HMAC key. */
  const connectionOf = async (token: string) => {
    const connection = await findHookConnection(host, 'wuzapi', token);
    if (!connection) return null;
    const stored = readWuzapiConfig(connection);
    const userToken = open(stored.userToken);
    const hmacKey = open(stored.hmacKey);
    return userToken && hmacKey ? { connection, userToken, hmacKey } : null;
  };
  // A delivery to no wuzapi connection is refused before its body is read; the body itself proves the rest.
  const gate = createHookGate((req) => connectionOf(String((req.params as { token: string }).token)));

  return async (app) => {
    // Scoped to this plugin: wuzapi posts forms by default, and its signature covers the exact bytes it sent.
    for (const type of ['application/x-www-form-urlencoded', 'application/json'])
      app.addContentTypeParser(type, { parseAs: 'buffer' }, (_req, body, done) => done(null, body));

    const ZToken = z.object({ token: z.string().max(200) });
    app.post(
      '/wuzapihooks/:token',
      {
        schema: { tags: ['channels'], params: ZToken },
        // A message's file rides in the form as base64 (4 characters for 3 bytes), then form-encoded: '+', '/'
        // and '=' grow to 3 characters each. Room for the largest file we keep, and the event around it.
        bodyLimit: Math.ceil(((services.config.mediaMaxBytes * 4) / 3) * 1.25) + 1024 * 1024,
        onRequest: gate.onRequest,
      },
      async (req) => {
        const found = gate.provenOf(req);
        const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        const signature = req.headers['x-hmac-signature'];
        // Cleaned once parsed: the signature covers the bytes as sent, the database stores what it can.
        const delivery = cleanInput(readWuzapiDelivery(raw, req.headers['content-type']));
        // Signed with the key we gave the user (newer releases), or carrying its token (the form of older ones).
        const signed = verifyWuzapiSignature(raw, typeof signature === 'string' ? signature : undefined, found.hmacKey);
        // The user's token as the form carries it, compared in constant time.
        if (!signed && !isSameSecret(delivery?.token, found.userToken)) throw new AppError('ERR_INVALID_TOKEN');
        const events = delivery ? parseWuzapiPayload(delivery.payload) : null;
        if (!events) throw new AppError('ERR_VALIDATION', { field: 'body', detail: 'not a wuzapi event' });
        for (const event of events) await deliverAll(host, found.connection, await translate(found.connection, event));
        return { received: true };
      },
    );
  };
};
