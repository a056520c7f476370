import { parseWhatsappJid } from '@prosa/contracts';
import { z } from 'zod';
import { locationMessage } from '../shared/location-body.js';
import { parseEvolutionCall, type TEvolutionCall } from './evolution-call.js';
import { parseEvolutionGroupParticipants, type TEvolutionGroupParticipants } from './evolution-group-participants.js';

/**
 * What an Evolution API webhook says, in our terms. Evolution posts one event per request, in an envelope
 * `{ event, instance, data, destination, date_time, sender, server_url, apikey }`; `data` is Baileys' shape
 * flattened. Anything of an unknown shape, and what we do not handle yet (status broadcasts, our own sends
 * echoed back), is skipped, never an error.
 */
export type TEvolutionMedia = {
  /** The file's bytes when the gateway put them in the webhook (its base64 option), else fetched by id. */
  base64: string | null;
  mime: string | null;
  filename: string | null;
};

export type TEvolutionSender = { kind: 'phone' | 'lid'; value: string; lid?: string };

export type TEvolutionEvent =
  | { kind: 'qrcode'; qrcode: string }
  /** The gateway stopped showing QR codes (its limit): nobody scanned in time. */
  | { kind: 'qrcode-expired' }
  | {
      kind: 'connection';
      state: 'open' | 'connecting' | 'close' | 'refused';
      number: string | null;
      reason: number | null;
    }
  | {
      kind: 'message';
      externalId: string;
      /** Who wrote it: the person, also inside a group (the participant). */
      from: TEvolutionSender;
      /** The group it was written in (its JID's digits), or null for a conversation with the person. */
      groupId: string | null;
      name: string | null;
      timestamp: number;
      mediaType: string;
      body: string;
      media: TEvolutionMedia | null;
      quotedExternalId: string | null;
      raw: unknown;
    }
  | { kind: 'reaction'; externalId: string; from: TEvolutionSender; targetExternalId: string; emoji: string }
  | { kind: 'ack'; externalId: string; status: 'sent' | 'delivered' | 'read' | 'failed' }
  | TEvolutionCall
  | TEvolutionGroupParticipants;

export const ZEvolutionEnvelope = z
  .object({
    event: z.string(),
    instance: z.string(),
    data: z.unknown(),
  })
  .loose();

const ZKey = z
  .object({
    remoteJid: z.string(),
    fromMe: z.boolean().optional(),
    id: z.string().min(1),
    participant: z.string().nullish(),
    /** Baileys 7: the phone JID beside a LID one. */
    remoteJidAlt: z.string().nullish(),
    participantAlt: z.string().nullish(),
    senderPn: z.string().nullish(),
  })
  .loose();

const ZTimestamp = z.union([z.number(), z.string().regex(/^\d+$/), z.object({ low: z.number() }).loose()]);

const ZUpsert = z
  .object({
    key: ZKey,
    pushName: z.string().nullish(),
    message: z.record(z.string(), z.unknown()).nullish(),
    contextInfo: z.object({ stanzaId: z.string().nullish() }).loose().nullish(),
    messageTimestamp: ZTimestamp.nullish(),
  })
  .loose();

const ZMediaContent = z
  .object({
    mimetype: z.string().nullish(),
    caption: z.string().nullish(),
    fileName: z.string().nullish(),
    ptt: z.boolean().nullish(),
    contextInfo: z.object({ stanzaId: z.string().nullish() }).loose().nullish(),
  })
  .loose();

const ZUpdate = z
  .object({
    keyId: z.string().min(1),
    remoteJid: z.string().nullish(),
    fromMe: z.boolean().nullish(),
    status: z.string(),
  })
  .loose();

const ZConnection = z
  .object({
    state: z.enum(['open', 'connecting', 'close', 'refused']),
    statusReason: z.number().nullish(),
    wuid: z.string().nullish(),
  })
  .loose();

/** Evolution's ack names (Baileys' WAMessageStatus) as our statuses; PENDING and DELETED move nothing. */
const ackStatuses: Record<string, 'sent' | 'delivered' | 'read' | 'failed'> = {
  SERVER_ACK: 'sent',
  DELIVERY_ACK: 'delivered',
  READ: 'read',
  PLAYED: 'read',
  ERROR: 'failed',
};

/** Baileys' media message kinds, by our media types (a voice note is `ptt`, decided by its flag). */
const mediaKinds = [
  ['imageMessage', 'image'],
  ['videoMessage', 'video'],
  ['ptvMessage', 'video'],
  ['audioMessage', 'audio'],
  ['documentMessage', 'document'],
  ['stickerMessage', 'sticker'],
] as const;

/** Wrappers WhatsApp puts around the real content (disappearing, view-once, documents with a caption). */
const wrappers = ['ephemeralMessage', 'viewOnceMessage', 'viewOnceMessageV2', 'documentWithCaptionMessage'];

const unwrap = (message: Record<string, unknown>): Record<string, unknown> => {
  for (const wrapper of wrappers) {
    const inner = (message[wrapper] as { message?: unknown } | undefined)?.message;
    if (inner && typeof inner === 'object') return unwrap(inner as Record<string, unknown>);
  }
  return message;
};

const secondsOf = (value: z.infer<typeof ZTimestamp> | null | undefined) => {
  if (value === null || value === undefined) return Date.now();
  const seconds = typeof value === 'object' ? value.low : Number(value);
  return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : Date.now();
};

/** A person by their JID: their phone when the gateway knows it (a LID's alternate JID), else the LID. */
const personOf = (jid: string | null | undefined, altJid: string | null | undefined): TEvolutionSender | null => {
  const person = parseWhatsappJid(jid ?? '');
  if (!person || person.kind === 'group') return null;
  if (person.kind === 'phone') return { kind: 'phone', value: person.id };
  const alt = parseWhatsappJid(altJid ?? '');
  return alt?.kind === 'phone' ? { kind: 'phone', value: alt.id, lid: person.id } : { kind: 'lid', value: person.id };
};

/** Who wrote, and in which group: in a group the key names the member as `participant`. */
const senderOf = (key: z.infer<typeof ZKey>): { from: TEvolutionSender; groupId: string | null } | null => {
  const chat = parseWhatsappJid(key.remoteJid);
  if (!chat) return null;
  const from =
    chat.kind === 'group'
      ? personOf(key.participant, key.participantAlt)
      : personOf(key.remoteJid, key.remoteJidAlt ?? key.senderPn);
  return from ? { from, groupId: chat.kind === 'group' ? chat.id : null } : null;
};

const textOf = (message: Record<string, unknown>) => {
  if (typeof message.conversation === 'string') return message.conversation;
  const extended = message.extendedTextMessage as { text?: unknown } | undefined;
  return typeof extended?.text === 'string' ? extended.text : null;
};

/** A contact card: its name and the numbers in its vCard (`waid=` or TEL lines). */
const contactBody = (card: Record<string, unknown>) => {
  const vcard = typeof card.vcard === 'string' ? card.vcard : '';
  const numbers = [...vcard.matchAll(/^TEL[^:]*:(.+)$/gim)].map((match) => match[1]?.trim());
  return [card.displayName, ...numbers].filter((part) => typeof part === 'string' && part).join(' ');
};

const toMessageEvent = (data: z.infer<typeof ZUpsert>): TEvolutionEvent | null => {
  const { key } = data;
  // Our own sends come back as upserts too (and so do messages typed on the phone): the agent's copy is ours.
  if (key.fromMe) return null;
  const sender = senderOf(key);
  if (!sender || !data.message) return null;
  const { from, groupId } = sender;
  const message = unwrap(data.message);
  if (message.protocolMessage || message.editedMessage) return null;
  const reaction = message.reactionMessage as { key?: { id?: unknown }; text?: unknown } | undefined;
  if (reaction) {
    if (typeof reaction.key?.id !== 'string') return null;
    return {
      kind: 'reaction',
      externalId: key.id,
      from,
      targetExternalId: reaction.key.id,
      emoji: typeof reaction.text === 'string' ? reaction.text : '',
    };
  }
  const name = data.pushName?.trim() || null;
  const common = {
    externalId: key.id,
    from,
    groupId,
    name,
    timestamp: secondsOf(data.messageTimestamp),
    raw: data,
  };
  const base64 = typeof data.message.base64 === 'string' && data.message.base64 ? data.message.base64 : null;
  for (const [field, kind] of mediaKinds) {
    const content = ZMediaContent.safeParse(message[field]);
    if (!content.success) continue;
    const voice = kind === 'audio' && content.data.ptt === true;
    return {
      kind: 'message',
      ...common,
      mediaType: voice ? 'ptt' : kind,
      body: content.data.caption ?? '',
      media: { base64, mime: content.data.mimetype ?? null, filename: content.data.fileName ?? null },
      quotedExternalId: content.data.contextInfo?.stanzaId ?? data.contextInfo?.stanzaId ?? null,
    };
  }
  const quoted = (message.extendedTextMessage as { contextInfo?: { stanzaId?: unknown } } | undefined)?.contextInfo
    ?.stanzaId;
  const quotedExternalId = typeof quoted === 'string' ? quoted : (data.contextInfo?.stanzaId ?? null);
  const place = message.locationMessage as Record<string, unknown> | undefined;
  const location = place
    ? locationMessage({ ...place, latitude: place.degreesLatitude, longitude: place.degreesLongitude })
    : null;
  if (location) return { kind: 'message', ...common, ...location, media: null, quotedExternalId };
  const card = message.contactMessage as Record<string, unknown> | undefined;
  if (card)
    return { kind: 'message', ...common, mediaType: 'vcard', body: contactBody(card), media: null, quotedExternalId };
  // Kinds we do not show yet (polls, buttons, orders) keep their payload in dataJson.
  return { kind: 'message', ...common, mediaType: 'chat', body: textOf(message) ?? '', media: null, quotedExternalId };
};

const parseOne = (event: string, data: unknown): TEvolutionEvent | null => {
  switch (event) {
    case 'qrcode.updated': {
      const qrcode = (data as { qrcode?: { base64?: unknown } } | null)?.qrcode?.base64;
      if (typeof qrcode === 'string' && qrcode.startsWith('data:image/')) return { kind: 'qrcode', qrcode };
      // The QR limit: `{ message, statusCode }` instead of a code.
      return (data as { statusCode?: unknown } | null)?.statusCode ? { kind: 'qrcode-expired' } : null;
    }
    case 'connection.update': {
      const parsed = ZConnection.safeParse(data);
      if (!parsed.success) return null;
      const owner = parseWhatsappJid(parsed.data.wuid ?? '');
      return {
        kind: 'connection',
        state: parsed.data.state,
        number: owner?.kind === 'phone' ? owner.id : null,
        reason: parsed.data.statusReason ?? null,
      };
    }
    case 'messages.upsert': {
      const parsed = ZUpsert.safeParse(data);
      return parsed.success ? toMessageEvent(parsed.data) : null;
    }
    case 'messages.update': {
      const parsed = ZUpdate.safeParse(data);
      const status = parsed.success ? ackStatuses[parsed.data.status] : undefined;
      // Receipts of the customer's own messages (read on the phone) say nothing about ours.
      if (!parsed.success || !status || parsed.data.fromMe === false) return null;
      return { kind: 'ack', externalId: parsed.data.keyId, status };
    }
    case 'call':
      return parseEvolutionCall(data);
    case 'group.participants.update':
      return parseEvolutionGroupParticipants(data);
    default:
      return null;
  }
};

/** The events in one webhook delivery, for the instance it names; null when it is not Evolution's envelope. */
export const parseEvolutionWebhook = (payload: unknown): { instance: string; events: TEvolutionEvent[] } | null => {
  const envelope = ZEvolutionEnvelope.safeParse(payload);
  if (!envelope.success) return null;
  const { event, instance, data } = envelope.data;
  const items = Array.isArray(data) ? data : [data];
  const events: TEvolutionEvent[] = [];
  for (const item of items) {
    const parsed = parseOne(event.toLowerCase().replace(/[_-]/g, '.'), item);
    if (parsed) events.push(parsed);
  }
  return { instance, events };
};
