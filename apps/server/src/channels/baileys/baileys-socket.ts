import type { Agent } from 'node:https';
import type {
  AnyMessageContent,
  AuthenticationState,
  MiscMessageGenerationOptions,
  WAMessage,
  WAMessageKey,
  WAPresence,
} from 'baileys';
import type { FastifyBaseLogger } from 'fastify';
import { proxyDispatcher, proxySocketAgent, type TProxyRoute } from '../../platform/proxy.js';
import { baileysLibrary } from './baileys-library.js';

/**
 * The library seam: the part of Baileys' WASocket this channel uses, in plain shapes. Production builds it on
 * `makeWASocket`; tests and the demo inject the fake of packages/fakes/src/baileys-socket.ts, which emits the
 * same events. Nothing of ours is replaced, only the library.
 */
export type TWaKey = {
  remoteJid?: string | null;
  remoteJidAlt?: string | null;
  fromMe?: boolean | null;
  id?: string | null;
  participant?: string | null;
  participantAlt?: string | null;
};

/** A WAMessage as we read it (proto fields arrive as plain objects). */
export type TWaMessage = {
  key: TWaKey;
  message?: Record<string, unknown> | null;
  messageTimestamp?: number | string | { low: number } | null;
  pushName?: string | null;
};

export type TBaileysCallEvent = {
  id: string;
  from: string;
  status: string;
  isGroup?: boolean;
  isVideo?: boolean;
  chatId?: string;
  date?: Date;
};

/** The events we listen to, with the payloads we read from them. */
export type TBaileysEventMap = {
  'connection.update': {
    connection?: 'open' | 'connecting' | 'close';
    qr?: string;
    isNewLogin?: boolean;
    lastDisconnect?: { error?: { output?: { statusCode?: number } } | Error; date?: Date };
  };
  'creds.update': Record<string, unknown>;
  'messages.upsert': { messages: TWaMessage[]; type: string };
  'messages.update': { key: TWaKey; update: { status?: number | null } }[];
  'messages.reaction': { key: TWaKey; reaction: { key?: TWaKey | null; text?: string | null } }[];
  call: TBaileysCallEvent[];
  /** Members of a group joined, left, were promoted or demoted (v7: participants as objects; older: JIDs). */
  'group-participants.update': {
    id: string;
    author?: string | null;
    participants: (string | { id: string; phoneNumber?: string | null })[];
    action: string;
  };
  /** History from the phone: `syncType` 6 (ON_DEMAND) answers our `fetchMessageHistory`. */
  'messaging-history.set': { messages: TWaMessage[]; syncType?: number | null };
};

export type TBaileysEvents = {
  on<T extends keyof TBaileysEventMap>(event: T, listener: (arg: TBaileysEventMap[T]) => void): void;
  removeAllListeners<T extends keyof TBaileysEventMap>(event: T): void;
};

/** What we send: text, media (bytes), reactions, with a quoted message and our own id. */
export type TBaileysContent =
  | { text: string; mentions?: string[] }
  | { image: Buffer; caption?: string; mimetype?: string; mentions?: string[] }
  | { video: Buffer; caption?: string; mimetype?: string; mentions?: string[] }
  | { audio: Buffer; ptt?: boolean; mimetype?: string }
  | { document: Buffer; mimetype: string; fileName?: string; caption?: string; mentions?: string[] }
  | { sticker: Buffer }
  | { react: { text: string; key: TWaKey } }
  /** Deletes a message for everyone (in a group, a member's needs our number to be admin). */
  | { delete: TWaKey };

/** A group's metadata as we read it. */
export type TBaileysGroup = {
  id: string;
  subject: string;
  desc?: string | null;
  size?: number;
  /** Only admins send messages. */
  announce?: boolean;
  participants?: { id: string; phoneNumber?: string; admin?: 'admin' | 'superadmin' | null }[];
};

export type TBaileysSendOptions = { quoted?: TWaMessage; messageId?: string };

export type TBaileysSocket = {
  ev: TBaileysEvents;
  /** The linked number once open: `<digits>:<device>@s.whatsapp.net` (and its LID). */
  user?: { id: string; lid?: string; name?: string } | null;
  sendMessage: (
    jid: string,
    content: TBaileysContent,
    options?: TBaileysSendOptions,
  ) => Promise<TWaMessage | undefined>;
  readMessages: (keys: TWaKey[]) => Promise<void>;
  sendPresenceUpdate: (type: 'composing' | 'recording' | 'paused' | 'available', jid?: string) => Promise<void>;
  requestPairingCode: (phoneNumber: string) => Promise<string>;
  logout: () => Promise<void>;
  end: (error?: Error) => void | Promise<void>;
  groupMetadata: (jid: string) => Promise<TBaileysGroup>;
  groupFetchAllParticipating: () => Promise<Record<string, TBaileysGroup>>;
  groupCreate: (subject: string, participants: string[]) => Promise<TBaileysGroup>;
  groupUpdateSubject: (jid: string, subject: string) => Promise<void>;
  groupUpdateDescription: (jid: string, description?: string) => Promise<void>;
  groupSettingUpdate: (jid: string, setting: 'announcement' | 'not_announcement') => Promise<void>;
  /** The group's invite code (WhatsApp tells admins only). */
  groupInviteCode: (jid: string) => Promise<string | undefined>;
  /** Each member's outcome: `status` '200' when done, else WhatsApp's code ('403', '409'...). */
  groupParticipantsUpdate: (
    jid: string,
    participants: string[],
    action: 'add' | 'remove' | 'promote' | 'demote',
  ) => Promise<{ status: string; jid?: string | null }[]>;
  /** Sets a group's (or our own) picture from an image's bytes (Baileys makes the 640x640 JPEG). */
  updateProfilePicture: (jid: string, image: Buffer) => Promise<void>;
  rejectCall: (callId: string, callFrom: string) => Promise<void>;
  /** Asks the phone for up to `count` messages of the chat before `oldest` (its time in seconds). */
  fetchMessageHistory: (count: number, oldest: TWaKey, oldestTimestamp: number) => Promise<string>;
  /** A received file's bytes (Baileys' downloadMediaMessage, re-asking the phone for expired media). */
  downloadMedia: (message: TWaMessage) => Promise<Buffer>;
};

export type TBaileysSocketOptions = {
  auth: AuthenticationState;
  logger: FastifyBaseLogger;
  browser: [string, string, string];
  /** The proxy the socket and its media go out through (null: direct). */
  proxy: TProxyRoute | null;
};

export type TBaileysSocketFactory = (options: TBaileysSocketOptions) => TBaileysSocket;

/** The real library: a WhatsApp Web socket, seen through the seam (its proto types cast at this one place). */
export const makeBaileysSocket: TBaileysSocketFactory = ({ auth, logger, browser, proxy }) => {
  // The WebSocket takes a Node agent; media uploads and downloads go through fetch, which takes a dispatcher.
  const dispatcher = proxy ? proxyDispatcher(proxy) : undefined;
  const { default: makeWASocket, downloadMediaMessage } = baileysLibrary();
  const sock = makeWASocket({
    auth,
    logger,
    browser,
    ...(proxy ? { agent: proxySocketAgent(proxy) as Agent, fetchAgent: dispatcher as unknown as Agent } : {}),
    // We show the QR ourselves (connection.update); history sync is not imported into tickets.
    syncFullHistory: false,
    // Appearing online on connect would stop the phone from getting notifications.
    markOnlineOnConnect: false,
  });
  const asMessage = (message: TWaMessage) => message as unknown as WAMessage;
  return {
    ev: sock.ev as unknown as TBaileysEvents,
    get user() {
      return sock.user ? { id: sock.user.id, lid: sock.user.lid, name: sock.user.name } : null;
    },
    sendMessage: async (jid, content, options) =>
      (await sock.sendMessage(
        jid,
        content as unknown as AnyMessageContent,
        {
          ...(options?.quoted ? { quoted: asMessage(options.quoted) } : {}),
          ...(options?.messageId ? { messageId: options.messageId } : {}),
        } as MiscMessageGenerationOptions,
      )) as unknown as TWaMessage | undefined,
    readMessages: (keys) => sock.readMessages(keys as WAMessageKey[]),
    sendPresenceUpdate: (type, jid) => sock.sendPresenceUpdate(type as WAPresence, jid),
    requestPairingCode: (phone) => sock.requestPairingCode(phone),
    logout: () => sock.logout(),
    end: (error) => {
      void dispatcher?.close().catch(() => undefined);
      return sock.end(error);
    },
    groupMetadata: async (jid) => (await sock.groupMetadata(jid)) as unknown as TBaileysGroup,
    groupFetchAllParticipating: async () =>
      (await sock.groupFetchAllParticipating()) as unknown as Record<string, TBaileysGroup>,
    groupCreate: async (subject, participants) =>
      (await sock.groupCreate(subject, participants)) as unknown as TBaileysGroup,
    groupUpdateSubject: (jid, subject) => sock.groupUpdateSubject(jid, subject),
    groupUpdateDescription: (jid, description) => sock.groupUpdateDescription(jid, description),
    groupSettingUpdate: (jid, setting) => sock.groupSettingUpdate(jid, setting),
    groupInviteCode: (jid) => sock.groupInviteCode(jid),
    groupParticipantsUpdate: async (jid, participants, action) =>
      (await sock.groupParticipantsUpdate(jid, participants, action)).map((item) => ({
        status: String(item.status),
        jid: item.jid ?? null,
      })),
    updateProfilePicture: (jid, image) => sock.updateProfilePicture(jid, image),
    rejectCall: (callId, callFrom) => sock.rejectCall(callId, callFrom),
    fetchMessageHistory: (count, oldest, oldestTimestamp) =>
      sock.fetchMessageHistory(count, oldest as WAMessageKey, oldestTimestamp),
    downloadMedia: (message) =>
      downloadMediaMessage(
        asMessage(message),
        'buffer',
        dispatcher ? { options: { dispatcher } as unknown as RequestInit } : {},
        { logger, reuploadRequest: (stale: WAMessage) => sock.updateMediaMessage(stale) },
      ),
  };
};

/** How the linked device shows on the phone (Linked devices). */
export const baileysBrowser = (appName: string): [string, string, string] => baileysLibrary().Browsers.ubuntu(appName);
