import { randomUUID } from 'node:crypto';
import { AppError } from '../../platform/errors.js';
import { openProxy } from '../../platform/proxy.js';
import type { TSecrets } from '../../platform/secrets.js';
import type { TServices } from '../../platform/services.js';
import type { TChannelHost } from '../host/channel-host.js';
import type { TProviderRuntime } from '../provider.js';
import { readOutboundFile } from '../shared/outbound-media.js';
import { memberOf } from '../shared/whatsapp-groups.js';
import { ChannelSendError, type TChannelAdapter, type TOutboundMessage } from '../types.js';
import { baileysPublicSettings, prepareBaileysConfig, readBaileysConfig } from './baileys-config.js';
import { createBaileysGroupAdmin } from './baileys-groups.js';
import { createBaileysInbound } from './baileys-inbound.js';
import { jidOf } from './baileys-message.js';
import { createBaileysSessions, type TReconnectTimer } from './baileys-sessions.js';
import {
  makeBaileysSocket,
  type TBaileysContent,
  type TBaileysSocket,
  type TBaileysSocketFactory,
} from './baileys-socket.js';

export type TBaileysOptions = {
  /** The library seam: production's makeWASocket, or a fake in tests and the demo. */
  socket?: TBaileysSocketFactory;
  /** This server instance as lease owner (the outbound queue uses the same id to leave others' sessions alone). */
  instanceId?: string;
  /** Where reconnects after a drop are scheduled: real timers, or a test's. */
  reconnectTimer?: TReconnectTimer;
};

/** Leases are renewed this often; one not renewed for STALE_MS belongs to a dead instance and is taken over. */
const HEARTBEAT_MS = 3_000;
const STALE_MS = 15_000;

/**
 * Our stored file as Baileys content of its kind (voice notes as ogg/opus `ptt`, the unknown as documents). An
 * image, a video or a document carries the caption and the members it mentions (a group campaign's file that
 * mentions everyone), as WhatsApp shows them on a text.
 */
const mediaContent = (
  mediaType: string,
  bytes: Buffer,
  mime: string,
  name: string,
  caption: string,
  mentions: string[] | undefined,
): TBaileysContent => {
  const textual = { ...(caption ? { caption } : {}), ...(mentions?.length ? { mentions } : {}) };
  switch (mediaType) {
    case 'image':
      return { image: bytes, mimetype: mime, ...textual };
    case 'video':
      return { video: bytes, mimetype: mime, ...textual };
    case 'ptt':
      return { audio: bytes, ptt: true, mimetype: 'audio/ogg; codecs=opus' };
    case 'audio':
      return { audio: bytes, mimetype: mime };
    case 'sticker':
      return { sticker: bytes };
    default:
      return { document: bytes, mimetype: mime, fileName: name, ...textual };
  }
};

/**
 * WhatsApp through Baileys, in this server: the server is a linked device of the number (QR code or pairing
 * code), its auth state in the database, its socket run by the one instance holding the connection's lease.
 * The adapter sends text, files, voice notes, quoted replies, "typing"/"recording" and read receipts, paced;
 * the socket's events bring customers' messages, receipts, reactions, edits and deletions, and calls.
 */
export const setupBaileys = (
  services: TServices,
  secrets: TSecrets,
  host: TChannelHost,
  options: TBaileysOptions = {},
): TProviderRuntime => {
  const inbound = createBaileysInbound(services, host);
  const sessions = createBaileysSessions({
    services,
    host,
    factory: options.socket ?? makeBaileysSocket,
    handlers: inbound,
    instanceId: options.instanceId ?? randomUUID(),
    openProxy: (stored) => openProxy(secrets, stored),
    heartbeatMs: HEARTBEAT_MS,
    staleMs: STALE_MS,
    reconnectTimer: options.reconnectTimer,
  });

  /** The connection's open socket here; a send elsewhere waits for another try, a session that is down fails. */
  const openSocket = async (connection: TOutboundMessage['connection']): Promise<TBaileysSocket> => {
    const socket = sessions.socketOf(connection.id);
    if (socket) return socket;
    // NOTE: another instance runs this socket; the outbound queue's next claim may be taken there.
    const elsewhere = connection.status === 'CONNECTED' && (await sessions.isLeasedElsewhere(connection));
    throw new ChannelSendError('ERR_WAPP_NOT_INITIALIZED', elsewhere);
  };

  /** The quoted message as Baileys wants it: its key (who wrote it) and text, from our copy. */
  const quotedOf = async (message: TOutboundMessage, jid: string) => {
    if (!message.quotedExternalId) return undefined;
    const externalId = message.quotedExternalId;
    const row = await host.messageByExternalId(message.connection, externalId);
    return {
      key: { remoteJid: jid, id: externalId, fromMe: row?.fromMe ?? false },
      message: { conversation: row?.body ?? '' },
    };
  };

  const contentOf = async (message: TOutboundMessage): Promise<TBaileysContent> => {
    if (!message.mediaUrl?.startsWith('/media/'))
      return message.mentions?.length ? { text: message.body, mentions: message.mentions } : { text: message.body };
    const file = await readOutboundFile(services.storage, message.mediaUrl);
    return mediaContent(
      message.mediaType,
      file.bytes,
      file.meta?.mime ?? 'application/octet-stream',
      message.mediaName ?? file.meta?.name ?? 'arquivo',
      message.body,
      message.mentions,
    );
  };

  const adapter: TChannelAdapter = {
    kind: 'baileys',
    addressKinds: ['phone', 'lid', 'group'],
    // NOTE: Baileys takes our own message id (options.messageId), but WhatsApp documents no dedupe by it: a
    // send cut by a crash is marked failed, never repeated blindly.
    idempotent: false,
    // An unofficial WhatsApp number: sends one at a time with human pauses, or WhatsApp bans it.
    paced: true,
    prepareConfig: prepareBaileysConfig,
    publicSettings: baileysPublicSettings,
    send: async (message) => {
      const socket = await openSocket(message.connection);
      const jid = jidOf(message.to);
      const content = await contentOf(message);
      const quoted = await quotedOf(message, jid);
      let sent: Awaited<ReturnType<TBaileysSocket['sendMessage']>>;
      try {
        sent = await socket.sendMessage(jid, content, quoted ? { quoted } : {});
      } catch (err) {
        // The socket took it and failed (closed meanwhile, refused): it may have gone, so not tried again.
        services.log.warn({ err, messageId: message.id }, 'baileys send failed');
        throw new ChannelSendError('ERR_SENDING_WAPP_MSG', false);
      }
      if (!sent?.key.id) throw new ChannelSendError('ERR_SENDING_WAPP_MSG', false);
      return { externalId: sent.key.id, status: 'sent' };
    },
    groupParticipants: async (target) => {
      const socket = await openSocket(target.connection);
      const group = await socket.groupMetadata(jidOf(target.to));
      return (group.participants ?? []).map(memberOf);
    },
    groupAdmin: createBaileysGroupAdmin(openSocket),
    sendPresence: async (target, presence) => {
      await sessions.socketOf(target.connection.id)?.sendPresenceUpdate(presence, jidOf(target.to));
    },
    markRead: async (target, externalIds) => {
      const socket = sessions.socketOf(target.connection.id);
      const remoteJid = jidOf(target.to);
      await socket?.readMessages(externalIds.map((id) => ({ remoteJid, id, fromMe: false })));
    },
    requestHistory: async (target, request) => {
      const socket = await openSocket(target.connection);
      const oldest = { remoteJid: jidOf(target.to), id: request.oldest.externalId, fromMe: request.oldest.fromMe };
      await socket.fetchMessageHistory(request.count, oldest, Math.floor(request.oldest.timestamp / 1000));
    },
    callSettings: (connection) => {
      const config = readBaileysConfig(connection);
      return { rejectCalls: config.rejectCalls, message: config.rejectCallsMessage };
    },
    rejectCall: async (connection, call) => {
      // Only the instance running the socket hears the call, so the socket is here unless it just closed.
      await (await openSocket(connection)).rejectCall(call.callId, call.from);
    },
    // The socket here is remade through the new proxy; another instance's follows at its next heartbeat.
    applyProxy: sessions.followProxy,
    session: {
      start: sessions.start,
      pair: async (connection, phone) => {
        const state = await sessions.start(connection);
        if (state.status === 'CONNECTED') throw new AppError('ERR_WAPP_ALREADY_CONNECTED');
        const socket = sessions.pairingSocketOf(connection.id);
        // Another instance runs the session, or it did not start.
        if (!socket) throw new AppError('ERR_WAPP_NOT_INITIALIZED');
        try {
          return { code: await socket.requestPairingCode(phone.replace(/\D/g, '')), state };
        } catch (err) {
          services.log.warn({ err, connectionId: connection.id }, 'baileys pairing code not made');
          throw new AppError('ERR_WAPP_NOT_INITIALIZED');
        }
      },
      logout: async (connection) => {
        try {
          if (!(await sessions.forget(connection, true))) throw new AppError('ERR_WAPP_NOT_INITIALIZED');
        } catch (err) {
          if (err instanceof AppError) throw err;
          // The number stays linked on the phone: the admin hears why rather than a false "disconnected".
          services.log.warn({ err, connectionId: connection.id }, 'baileys logout failed');
          throw new AppError('ERR_SENDING_WAPP_MSG');
        }
        return { status: 'DISCONNECTED', number: null, qrcode: null, error: null };
      },
      remove: async (connection) => {
        try {
          await sessions.forget(connection, true);
        } catch (err) {
          services.log.warn({ err, connectionId: connection.id }, 'baileys session not removed');
        }
      },
    },
  };
  services.channels.register(adapter);

  // No webhooks: the sessions' sockets bring the events.
  return { start: () => sessions.resume(), stop: () => sessions.stopAll() };
};
