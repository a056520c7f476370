import { randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { inviteCodeOf } from './whatsapp-groups.js';

/**
 * A fake of Baileys' WhatsApp Web socket (the library seam of the `baileys` channel): no protocol fake of
 * WhatsApp Web is realistic, so tests and the demo replace `makeWASocket` with this. It behaves like the real
 * socket seen from outside: a new socket without a pairing shows QR codes; the phone scanning it stores the
 * account in the creds (`creds.update`) and some Signal keys, then closes with 515 (restart required) as
 * Baileys does after every scan; a socket created with a paired auth state opens by itself. Events have the
 * recorded shapes (connection.update with a Boom-like lastDisconnect, messages.upsert notify, messages.update
 * acks, messages.reaction, call), and every call made on the socket is recorded.
 */
export type TFakeWaKey = {
  remoteJid?: string | null;
  remoteJidAlt?: string | null;
  fromMe?: boolean | null;
  id?: string | null;
  participant?: string | null;
  participantAlt?: string | null;
};

export type TFakeWaMessage = {
  key: TFakeWaKey;
  message?: Record<string, unknown> | null;
  messageTimestamp?: number | string | { low: number } | null;
  pushName?: string | null;
};

type TFakeAuth = {
  creds: { me?: { id: string; name?: string; lid?: string } | null } & Record<string, unknown>;
  keys: {
    get(type: string, ids: string[]): unknown;
    set(data: Record<string, Record<string, unknown>>): unknown;
  };
};

export type TFakeSocketOptions = {
  auth: TFakeAuth;
  logger?: unknown;
  browser?: unknown;
  /** The proxy the real socket would go out through (kept for assertions). */
  proxy?: { url: string; username: string | null; password: string | null } | null;
};

export type TFakeSend = { jid: string; content: Record<string, unknown>; options: Record<string, unknown> };

export type TFakeBaileysSocket = ReturnType<typeof makeFakeSocket>;

const waId = () => `3EB0${randomBytes(9).toString('hex').toUpperCase()}`;
const boom = (statusCode: number) =>
  Object.assign(new Error(`Connection Failure (${statusCode})`), { output: { statusCode } });

const makeFakeSocket = (options: TFakeSocketOptions, world: TFakeWorld) => {
  const ev = new EventEmitter();
  let open = false;
  let qrCount = 0;
  const socket = {
    ev,
    options,
    user: null as { id: string; name?: string; lid?: string } | null,
    sent: [] as TFakeSend[],
    reads: [] as TFakeWaKey[][],
    presences: [] as { type: string; jid?: string }[],
    pairingRequests: [] as string[],
    rejectedCalls: [] as { id: string; from: string }[],
    /** History asked of the phone (`fetchMessageHistory`): how many, before which message, its time in seconds. */
    historyRequests: [] as { count: number; oldest: TFakeWaKey; oldestTimestamp: number }[],
    ended: false,
    loggedOut: false,
    /** The keys this socket found stored when it started (restored pairing). */
    restoredKeys: null as unknown,
    get isOpen() {
      return open;
    },

    // --- the WASocket subset ---
    sendMessage: async (jid: string, content: Record<string, unknown>, sendOptions: Record<string, unknown> = {}) => {
      if (!open) throw boom(428);
      if (world.failNextSend) {
        world.failNextSend = false;
        throw boom(500);
      }
      socket.sent.push({ jid, content, options: sendOptions });
      const id = typeof sendOptions.messageId === 'string' ? sendOptions.messageId : waId();
      return {
        key: { remoteJid: jid, fromMe: true, id },
        message: content,
        messageTimestamp: Math.floor(Date.now() / 1000),
      } as TFakeWaMessage;
    },
    readMessages: async (keys: TFakeWaKey[]) => {
      socket.reads.push(keys);
    },
    sendPresenceUpdate: async (type: string, jid?: string) => {
      socket.presences.push({ type, jid });
    },
    requestPairingCode: async (phone: string) => {
      socket.pairingRequests.push(phone);
      return 'PRSA2468';
    },
    logout: async () => {
      socket.loggedOut = true;
      socket.close(401);
    },
    end: (_error?: Error) => {
      if (socket.ended) return;
      socket.ended = true;
      socket.close(428);
    },
    groupMetadata: async (jid: string) => ({ id: jid, ...describe(world, jid) }),
    /** The groups our number is in (WhatsApp lists no others). */
    groupFetchAllParticipating: async () => {
      if (!open) throw boom(428);
      socket.groupCalls.push({ method: 'groupFetchAllParticipating', jid: null, args: [] });
      const mine = [...world.groups].filter(([, group]) => group.participants.some((member) => socket.isMe(member)));
      return Object.fromEntries(mine.map(([jid]) => [jid, { id: jid, ...describe(world, jid) }]));
    },
    groupCreate: async (subject: string, participants: string[]) => {
      if (!open || !socket.user) throw boom(428);
      socket.groupCalls.push({ method: 'groupCreate', jid: null, args: [subject, participants] });
      const jid = `120363${randomBytes(6).readUIntBE(0, 6)}@g.us`;
      const me = { id: plainJid(socket.user.id), admin: 'superadmin' as const };
      world.groups.set(jid, {
        subject,
        participants: [me, ...participants.map((id) => ({ id, admin: null }))],
      });
      return { id: jid, ...describe(world, jid) };
    },
    groupUpdateSubject: async (jid: string, subject: string) => {
      const group = socket.adminOf(jid, 'groupUpdateSubject', [subject]);
      group.subject = subject;
    },
    groupUpdateDescription: async (jid: string, description?: string) => {
      const group = socket.adminOf(jid, 'groupUpdateDescription', [description]);
      group.desc = description ?? null;
    },
    groupSettingUpdate: async (jid: string, setting: string) => {
      const group = socket.adminOf(jid, 'groupSettingUpdate', [setting]);
      if (setting === 'announcement' || setting === 'not_announcement') group.announce = setting === 'announcement';
    },
    /** The group's invite code (WhatsApp tells its admins only). */
    groupInviteCode: async (jid: string) => inviteCodeOf(socket.adminOf(jid, 'groupInviteCode', [])),
    /** Like WhatsApp: a status per member ('200' done, '409' already in, '404' not in the group). */
    groupParticipantsUpdate: async (jid: string, participants: string[], action: string) => {
      const group = socket.adminOf(jid, 'groupParticipantsUpdate', [participants, action]);
      return participants.map((id) => {
        const index = group.participants.findIndex((member) => member.id === id || member.phoneNumber === id);
        const member = group.participants[index];
        if (action === 'add') {
          if (member) return { status: '409', jid: id };
          group.participants.push({ id, admin: null });
        } else if (!member) return { status: '404', jid: id };
        else if (action === 'remove') group.participants.splice(index, 1);
        else member.admin = action === 'promote' ? 'admin' : null;
        return { status: '200', jid: id };
      });
    },
    /** A group's picture (only its admins may change it): WhatsApp keeps the image Baileys made. */
    updateProfilePicture: async (jid: string, image: Buffer) => {
      const group = socket.adminOf(jid, 'updateProfilePicture', [image.length]);
      group.picture = Buffer.from(image);
    },
    rejectCall: async (id: string, from: string) => {
      socket.rejectedCalls.push({ id, from });
    },
    fetchMessageHistory: async (count: number, oldest: TFakeWaKey, oldestTimestamp: number) => {
      if (!open) throw boom(428);
      socket.historyRequests.push({ count, oldest, oldestTimestamp });
      return `history-${socket.historyRequests.length}`;
    },
    downloadMedia: async (message: TFakeWaMessage) => {
      const bytes = world.media.get(String(message.key.id));
      if (!bytes) throw boom(404);
      return bytes;
    },

    // --- groups ---
    /** Group calls made on this socket (besides groupMetadata), in order. */
    groupCalls: [] as { method: string; jid: string | null; args: unknown[] }[],
    /** Whether a member is our number (by its phone JID or LID, without the device). */
    isMe: (member: TFakeParticipant) => {
      const me = socket.user;
      if (!me) return false;
      const mine = [plainJid(me.id), me.lid ? plainJid(me.lid) : null];
      return mine.includes(member.id) || (member.phoneNumber !== undefined && mine.includes(member.phoneNumber));
    },
    /** The group, once the call is recorded; refused (403 not-authorized) unless our number is admin there. */
    adminOf: (jid: string, method: string, args: unknown[]) => {
      if (!open) throw boom(428);
      socket.groupCalls.push({ method, jid, args });
      const group = world.groups.get(jid);
      if (!group) throw boom(404);
      if (!group.participants.some((member) => socket.isMe(member) && member.admin)) throw boom(403);
      return group;
    },

    // --- the phone and WhatsApp, played by the test ---
    /**
     * Members join, leave, are promoted or demoted (`group-participants.update`, v7 shape: participants as
     * objects), the group's members changed first as WhatsApp would.
     */
    groupChange: (
      jid: string,
      members: TFakeParticipant[],
      action: 'add' | 'remove' | 'promote' | 'demote',
      author: string | null = null,
    ) => {
      const group = world.groups.get(jid);
      if (group) {
        const ids = new Set(members.map((member) => member.id));
        if (action === 'add') group.participants.push(...members.map((member) => ({ ...member, admin: null })));
        else if (action === 'remove') group.participants = group.participants.filter((member) => !ids.has(member.id));
        else
          for (const member of group.participants)
            if (ids.has(member.id)) member.admin = action === 'promote' ? 'admin' : null;
      }
      ev.emit('group-participants.update', {
        id: jid,
        author,
        participants: members.map(({ id, phoneNumber }) => ({ id, ...(phoneNumber ? { phoneNumber } : {}) })),
        action,
      });
    },
    /** A (new) QR code to scan, as Baileys emits it every 20 s while nobody scans. */
    showQr: () => {
      qrCount += 1;
      const qr = `2@fake${qrCount},${randomBytes(16).toString('base64')},${randomBytes(8).toString('hex')}`;
      ev.emit('connection.update', { qr });
      return qr;
    },
    /** The phone scans the QR code (or types the pairing code): the account is stored, then restart required. */
    scan: async (number: string, name = 'Loja') => {
      const me = { id: `${number}:7@s.whatsapp.net`, name, lid: `${number.slice(-6)}998877:7@lid` };
      Object.assign(options.auth.creds, { me, platform: 'android' });
      ev.emit('creds.update', { me, platform: 'android' });
      await options.auth.keys.set({
        'pre-key': { '1': { public: randomBytes(32), private: randomBytes(32) } },
        session: { [`${number}.0`]: randomBytes(64) },
      });
      ev.emit('connection.update', { isNewLogin: true, qr: undefined });
      socket.close(515);
    },
    /** The socket opens (a paired auth state logs in). */
    open: () => {
      const me = options.auth.creds.me;
      if (!me) throw new Error('a socket opens only with a paired auth state');
      socket.user = { ...me };
      open = true;
      ev.emit('connection.update', { connection: 'open' });
    },
    /** The socket closes with a DisconnectReason code (401 logged out, 440 replaced, 515 restart...). */
    close: (statusCode: number) => {
      open = false;
      ev.emit('connection.update', {
        connection: 'close',
        lastDisconnect: { error: boom(statusCode), date: new Date() },
      });
    },
    /** Messages arrive (`notify`: live). */
    receive: (messages: TFakeWaMessage[], type: 'notify' | 'append' = 'notify') => {
      ev.emit('messages.upsert', { messages, type });
    },
    /** A receipt of one of our sends: 2 server, 3 delivered, 4 read, 5 played, 0 error. */
    ack: (id: string, status: number, remoteJid = '') => {
      ev.emit('messages.update', [{ key: { remoteJid, fromMe: true, id }, update: { status } }]);
    },
    /** The customer reacts to a message (an empty emoji takes it back). */
    react: (target: TFakeWaKey, emoji: string, from: string) => {
      ev.emit('messages.reaction', [
        { key: target, reaction: { key: { remoteJid: from, fromMe: false, id: waId() }, text: emoji } },
      ]);
    },
    /**
     * The phone answers a history request (`messaging-history.set`, sync type 6 = ON_DEMAND); other types are
     * the syncs WhatsApp pushes by itself after pairing.
     */
    history: (messages: TFakeWaMessage[], syncType = 6) => {
      ev.emit('messaging-history.set', { messages, chats: [], contacts: [], syncType, isLatest: false });
    },
    /** The customer calls. */
    ring: (from: string, id = waId()) => {
      ev.emit('call', [{ id, from, chatId: from, status: 'offer', isGroup: false, date: new Date(), offline: false }]);
      return id;
    },
    /** Credentials change (Baileys writes them often: pre-key counters, routing info...). */
    updateCreds: (update: Record<string, unknown>) => {
      Object.assign(options.auth.creds, update);
      ev.emit('creds.update', update);
    },
  };

  // Like the real socket: it connects on its own, then logs in (paired) or shows a QR code to scan.
  setImmediate(async () => {
    if (socket.ended) return;
    ev.emit('connection.update', { connection: 'connecting' });
    if (options.auth.creds.me) {
      socket.restoredKeys = await options.auth.keys.get('pre-key', ['1']);
      if (world.autoOpen && !socket.ended) socket.open();
    } else if (world.autoQr) socket.showQr();
  });
  return socket;
};

type TFakeGroup = {
  subject: string;
  participants: TFakeParticipant[];
  desc?: string | null;
  announce?: boolean;
  /** The group's picture, once someone set one. */
  picture?: Buffer | null;
  /** The group's invite code, once an admin asked for it. */
  inviteCode?: string;
};

/** A JID without its device (`5511...:7@s.whatsapp.net` -> `5511...@s.whatsapp.net`). */
const plainJid = (jid: string) => jid.replace(/:\d+@/, '@');

/** A group's metadata as Baileys gives it. */
const describe = (world: TFakeWorld, jid: string) => {
  const group = world.groups.get(jid);
  return {
    subject: group?.subject ?? 'Grupo',
    desc: group?.desc ?? null,
    announce: group?.announce ?? false,
    size: group?.participants.length ?? 0,
    participants: group?.participants ?? [],
  };
};

type TFakeWorld = {
  autoQr: boolean;
  autoOpen: boolean;
  failNextSend: boolean;
  groups: Map<string, TFakeGroup>;
  media: Map<string, Buffer>;
};

/** A group member as Baileys v7 lists them: the JID (a LID in LID groups), the phone JID beside it, the role. */
export type TFakeParticipant = { id: string; phoneNumber?: string; admin?: 'admin' | 'superadmin' | null };

/**
 * The fake library: `factory` stands for makeWASocket (inject it as createApp's `baileysSocket`), `sockets`
 * lists every socket made, newest last. `autoQr`/`autoOpen` (on by default) let a new socket show its QR code
 * or log in by itself.
 */
export const createFakeBaileys = (settings: { autoQr?: boolean; autoOpen?: boolean } = {}) => {
  const world: TFakeWorld = {
    autoQr: settings.autoQr ?? true,
    autoOpen: settings.autoOpen ?? true,
    failNextSend: false,
    groups: new Map(),
    media: new Map(),
  };
  const sockets: TFakeBaileysSocket[] = [];
  return {
    world,
    sockets,
    factory: (options: TFakeSocketOptions) => {
      const socket = makeFakeSocket(options, world);
      sockets.push(socket);
      return socket;
    },
    /** The newest socket (of a connection: the one whose auth state is `creds`, when given). */
    latest: () => {
      const socket = sockets.at(-1);
      if (!socket) throw new Error('no Baileys socket was made');
      return socket;
    },
    /** A file WhatsApp holds for a received message (downloadMediaMessage answers it). */
    addMedia: (messageId: string, bytes: Buffer) => world.media.set(messageId, bytes),
    addGroup: (jid: string, subject: string, participants: TFakeParticipant[] = [], desc: string | null = null) =>
      world.groups.set(jid, { subject, participants, desc, announce: false }),
    /** A group as WhatsApp holds it now (members, subject, settings). */
    group: (jid: string) => world.groups.get(jid),
  };
};

export type TFakeBaileys = ReturnType<typeof createFakeBaileys>;
