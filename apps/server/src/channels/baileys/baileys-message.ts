import { parseWhatsappJid } from '@prosa/contracts';
import { locationMessage } from '../shared/location-body.js';
import type { TWaKey, TWaMessage } from './baileys-socket.js';

/**
 * What one WAMessage of `messages.upsert` says, in our terms. Our own sends echo back with `fromMe` and so do
 * messages typed on the phone: both are skipped (the inbound pipeline stores customers' messages only).
 * Status broadcasts, newsletters and stubs without content are skipped too, never an error.
 */
export type TBaileysSender = { kind: 'phone' | 'lid'; value: string; lid?: string };

export type TBaileysInbound =
  | {
      kind: 'message';
      externalId: string;
      /** Who the ticket is with: the person, or the group for a group message. */
      chat: TBaileysSender | { kind: 'group'; value: string };
      /** Who wrote it: the person, also inside a group (the participant). */
      sender: TBaileysSender | null;
      name: string | null;
      timestamp: number;
      mediaType: string;
      body: string;
      media: { mime: string | null; filename: string | null } | null;
      quotedExternalId: string | null;
    }
  /** `at`: when the customer made the change (ms), so two changes to one message apply in their order. */
  | { kind: 'edit'; targetExternalId: string; body: string; at: number }
  | { kind: 'revoke'; targetExternalId: string; at: number };

type TContent = Record<string, unknown>;

/** Baileys' media message kinds, by our media types (a voice note is `ptt`, decided by its flag). */
const mediaKinds = [
  ['imageMessage', 'image'],
  ['videoMessage', 'video'],
  ['ptvMessage', 'video'],
  ['audioMessage', 'audio'],
  ['documentMessage', 'document'],
  ['stickerMessage', 'sticker'],
] as const;

/** Wrappers WhatsApp puts around the real content (disappearing, view-once, documents with a caption, edits). */
const wrappers = [
  'ephemeralMessage',
  'viewOnceMessage',
  'viewOnceMessageV2',
  'viewOnceMessageV2Extension',
  'documentWithCaptionMessage',
  'editedMessage',
];

/** Fields that travel beside the content, or alone in messages that carry none. */
const signalling = new Set(['senderKeyDistributionMessage', 'messageContextInfo']);

const asContent = (value: unknown): TContent | null =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as TContent) : null;

const str = (value: unknown) => (typeof value === 'string' && value ? value : null);

export const unwrapContent = (message: TContent): TContent => {
  for (const wrapper of wrappers) {
    const inner = asContent(asContent(message[wrapper])?.message);
    if (inner) return unwrapContent(inner);
  }
  return message;
};

/** Milliseconds since the epoch from Baileys' seconds (a number, a string, or a protobuf Long). */
export const millisOf = (value: TWaMessage['messageTimestamp']) => {
  const seconds = value && typeof value === 'object' ? value.low : Number(value ?? 0);
  return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : Date.now();
};

/** A person by their JID and its alternate form (v7: a LID beside the phone JID, or the reverse): the phone first. */
export const personOf = (jid: string | null | undefined, alt: string | null | undefined): TBaileysSender | null => {
  const main = parseWhatsappJid(jid ?? '');
  const other = parseWhatsappJid(alt ?? '');
  const phone = main?.kind === 'phone' ? main : other?.kind === 'phone' ? other : null;
  const lid = main?.kind === 'lid' ? main : other?.kind === 'lid' ? other : null;
  if (phone) return { kind: 'phone', value: phone.id, ...(lid ? { lid: lid.id } : {}) };
  return lid ? { kind: 'lid', value: lid.id } : null;
};

export const textOf = (message: TContent) =>
  str(message.conversation) ?? str(asContent(message.extendedTextMessage)?.text) ?? null;

/** A contact card: its name and the numbers in its vCard (TEL lines). */
const contactBody = (card: TContent) => {
  const vcard = str(card.vcard) ?? '';
  const numbers = [...vcard.matchAll(/^(?:item\d+\.)?TEL[^:]*:(.+)$/gim)].map((match) => match[1]?.trim());
  return [str(card.displayName), ...numbers].filter(Boolean).join(' ');
};

const quotedOf = (message: TContent): string | null => {
  for (const value of Object.values(message)) {
    const stanzaId = str(asContent(asContent(value)?.contextInfo)?.stanzaId);
    if (stanzaId) return stanzaId;
  }
  return null;
};

/** protocolMessage types (proto.Message.ProtocolMessage.Type), as numbers or their names. */
const isType = (type: unknown, code: number, name: string) => type === code || type === name;

/** An edit's own time (`timestampMs`, a number or a Long), else the protocol message's. */
const changeAt = (protocol: TContent, sent: number) => {
  const raw = protocol.timestampMs;
  const long = raw && typeof raw === 'object' ? (raw as { low?: unknown; high?: unknown }) : null;
  const ms = long ? Number(long.high ?? 0) * 2 ** 32 + (Number(long.low ?? 0) >>> 0) : Number(raw ?? 0);
  return Number.isFinite(ms) && ms > 0 ? ms : sent;
};

const protocolEvent = (protocol: TContent, sent: number): TBaileysInbound | null => {
  const target = str(asContent(protocol.key)?.id);
  if (!target) return null;
  const at = changeAt(protocol, sent);
  if (isType(protocol.type, 0, 'REVOKE')) return { kind: 'revoke', targetExternalId: target, at };
  if (isType(protocol.type, 14, 'MESSAGE_EDIT')) {
    const edited = asContent(protocol.editedMessage);
    const body = edited ? (textOf(unwrapContent(edited)) ?? str(captionOf(unwrapContent(edited)))) : null;
    return body ? { kind: 'edit', targetExternalId: target, body, at } : null;
  }
  return null;
};

const captionOf = (message: TContent) => {
  for (const [field] of mediaKinds) {
    const caption = str(asContent(message[field])?.caption);
    if (caption) return caption;
  }
  return null;
};

/** The body, media kind and file of a message's content. */
const contentOf = (message: TContent) => {
  for (const [field, kind] of mediaKinds) {
    const media = asContent(message[field]);
    if (!media) continue;
    const voice = kind === 'audio' && media.ptt === true;
    return {
      mediaType: voice ? 'ptt' : kind,
      body: str(media.caption) ?? '',
      media: { mime: str(media.mimetype), filename: str(media.fileName) },
    };
  }
  const place = asContent(message.locationMessage) ?? asContent(message.liveLocationMessage);
  const location = place
    ? locationMessage({ ...place, latitude: place.degreesLatitude, longitude: place.degreesLongitude })
    : null;
  if (location) return { ...location, media: null };
  const card = asContent(message.contactMessage);
  if (card) return { mediaType: 'vcard', body: contactBody(card), media: null };
  const cards = asContent(message.contactsArrayMessage)?.contacts;
  if (Array.isArray(cards))
    return {
      mediaType: 'vcard',
      body: cards
        .map((item) => asContent(item))
        .filter((item): item is TContent => item !== null)
        .map(contactBody)
        .join('\n'),
      media: null,
    };
  // Kinds we do not show yet (polls, buttons, orders) keep their payload in dataJson.
  return { mediaType: 'chat', body: textOf(message) ?? '', media: null };
};

/** One upserted WAMessage as a customer's message, an edit or a revoke; null when it is none of ours. */
export const parseBaileysMessage = (message: TWaMessage): TBaileysInbound | null => {
  const key: TWaKey = message.key ?? {};
  const externalId = str(key.id);
  if (!externalId || key.fromMe || !message.message) return null;
  const chatJid = parseWhatsappJid(key.remoteJid ?? '');
  if (!chatJid) return null;
  const content = unwrapContent(message.message);
  // Reactions come through `messages.reaction`; key distribution and context alone carry nothing to show.
  if (content.reactionMessage) return null;
  if (Object.keys(content).every((field) => signalling.has(field))) return null;
  const protocol = asContent(content.protocolMessage);
  if (protocol) return protocolEvent(protocol, millisOf(message.messageTimestamp));
  const isGroup = chatJid.kind === 'group';
  const sender = isGroup ? personOf(key.participant, key.participantAlt) : personOf(key.remoteJid, key.remoteJidAlt);
  const chat = isGroup ? ({ kind: 'group', value: chatJid.id } as const) : sender;
  if (!chat) return null;
  const { mediaType, body, media } = contentOf(content);
  return {
    kind: 'message',
    externalId,
    chat,
    sender,
    name: message.pushName?.trim() || null,
    timestamp: millisOf(message.messageTimestamp),
    mediaType,
    body,
    media,
    quotedExternalId: quotedOf(content),
  };
};

/** Baileys' WAMessageStatus as our statuses: ERROR 0, PENDING 1, SERVER_ACK 2, DELIVERY_ACK 3, READ 4, PLAYED 5. */
export const ackStatusOf = (status: number | null | undefined) =>
  status === 0
    ? 'failed'
    : status === 2
      ? 'sent'
      : status === 3
        ? 'delivered'
        : status === 4 || status === 5
          ? 'read'
          : null;

/** The JID we send to for an address of ours. */
export const jidOf = (to: { kind: string; value: string }) =>
  to.kind === 'group'
    ? `${to.value}@g.us`
    : to.kind === 'lid'
      ? `${to.value}@lid`
      : `${to.value.replace(/\D/g, '')}@s.whatsapp.net`;
