import { z } from 'zod';
import { locationMessage, type TLocationInput } from '../shared/location-body.js';
import { parseZapiGroupParticipants, type TZapiGroupParticipants } from './zapi-group-participants.js';
import { groupJidOf } from './zapi-groups-api.js';

/**
 * What a Z-API webhook says, in our terms. Z-API posts one event per request, flat, its kind in `type`
 * (`ReceivedCallback`, `MessageStatusCallback`, `DeliveryCallback`, `ConnectedCallback`, `DisconnectedCallback`,
 * `PresenceChatCallback`...) and the instance in `instanceId`. A group's messages name the member who wrote them
 * (`participantPhone`, `participantLid`) and the group (`phone` `<id>-group`; `chatName` is its subject); members
 * joining or leaving are the group's notifications (zapi-group-participants.ts). Anything of an unknown shape,
 * and what we do not handle yet (channels, status posts, other notifications such as calls, our own sends
 * echoed back, edits), is skipped, never an error.
 */
export type TZapiSender = { kind: 'phone' | 'lid'; value: string; lid?: string };

export type TZapiEvent =
  | {
      kind: 'message';
      externalId: string;
      from: TZapiSender;
      name: string | null;
      timestamp: number;
      mediaType: string;
      body: string;
      /** Received files stay on Z-API's storage (30 days): we download them by URL. */
      media: { url: string; mime: string | null; filename: string | null } | null;
      quotedExternalId: string | null;
      raw: unknown;
      /** The group it was written in (its JID's user part; `from` is then the member), absent for a conversation. */
      groupId?: string;
    }
  | { kind: 'reaction'; externalId: string; targetExternalId: string; emoji: string }
  | { kind: 'ack'; externalIds: string[]; status: 'sent' | 'delivered' | 'read' }
  | { kind: 'connected'; number: string | null }
  | { kind: 'disconnected'; error: string | null }
  | TZapiGroupParticipants;

const ZEnvelope = z.object({ type: z.string(), instanceId: z.string().nullish() }).loose();

const ZReceived = z
  .object({
    messageId: z.string().min(1),
    phone: z.string().min(1),
    fromMe: z.boolean().nullish(),
    isGroup: z.boolean().nullish(),
    isNewsletter: z.boolean().nullish(),
    broadcast: z.boolean().nullish(),
    isEdit: z.boolean().nullish(),
    waitingMessage: z.boolean().nullish(),
    notification: z.string().nullish(),
    momment: z.number().nullish(),
    senderName: z.string().nullish(),
    chatName: z.string().nullish(),
    senderLid: z.string().nullish(),
    participantPhone: z.string().nullish(),
    participantLid: z.string().nullish(),
    referenceMessageId: z.string().nullish(),
  })
  .loose();

const ZMedia = z
  .object({
    imageUrl: z.string().nullish(),
    videoUrl: z.string().nullish(),
    audioUrl: z.string().nullish(),
    documentUrl: z.string().nullish(),
    stickerUrl: z.string().nullish(),
    mimeType: z.string().nullish(),
    caption: z.string().nullish(),
    fileName: z.string().nullish(),
    ptt: z.boolean().nullish(),
  })
  .loose();

/** Z-API's media fields, by our media types (a voice note is an audio with `ptt`). */
const mediaKinds = [
  ['image', 'imageUrl', 'image'],
  ['video', 'videoUrl', 'video'],
  ['audio', 'audioUrl', 'audio'],
  ['document', 'documentUrl', 'document'],
  ['sticker', 'stickerUrl', 'sticker'],
] as const;

const ZStatus = z
  .object({
    status: z.string(),
    ids: z.array(z.string().min(1)).nullish(),
    id: z.string().min(1).nullish(),
  })
  .loose();

/** Z-API's tick names as our statuses; READ_BY_ME (we read theirs) says nothing about ours. */
const ackStatuses: Record<string, 'sent' | 'delivered' | 'read'> = {
  SENT: 'sent',
  RECEIVED: 'delivered',
  READ: 'read',
  PLAYED: 'read',
};

const digitsOnly = (value: string) => (/^\d{5,20}$/.test(value) ? value : null);

/** Milliseconds: messages are dated in ms, some events in seconds. */
const millisOf = (momment: number | null | undefined) =>
  momment && momment > 0 ? (momment < 1e12 ? momment * 1000 : momment) : Date.now();

/** Who wrote: their phone (with their LID beside it when Z-API gives one), or a LID alone. */
const senderOf = (phone: string, senderLid: string | null | undefined): TZapiSender | null => {
  const lid = digitsOnly(senderLid?.split('@')[0] ?? '');
  const number = digitsOnly(phone);
  if (number) return lid ? { kind: 'phone', value: number, lid } : { kind: 'phone', value: number };
  if (phone.endsWith('@lid')) {
    const id = digitsOnly(phone.slice(0, -'@lid'.length));
    return id ? { kind: 'lid', value: id } : null;
  }
  // Groups (`<id>-group`, `@g.us`), channels (`@newsletter`), broadcasts: not a customer's chat.
  return null;
};

/** A contact card: its name and its numbers. */
const contactBody = (card: Record<string, unknown>) => {
  const phones = Array.isArray(card.phones) ? card.phones : [];
  const vcard = typeof card.vCard === 'string' ? card.vCard : '';
  const numbers = phones.length > 0 ? phones : [...vcard.matchAll(/^TEL[^:]*:(.+)$/gim)].map((m) => m[1]?.trim());
  return [card.displayName, ...numbers].filter((part) => typeof part === 'string' && part).join(' ');
};

/** A reply to a button or a list is text to us. */
const textOf = (data: Record<string, unknown>) => {
  for (const field of ['text', 'buttonsResponseMessage', 'listResponseMessage']) {
    const message = (data[field] as { message?: unknown } | undefined)?.message;
    if (typeof message === 'string') return message;
  }
  return '';
};

const toMessageEvent = (payload: Record<string, unknown>): TZapiEvent | null => {
  const parsed = ZReceived.safeParse(payload);
  if (!parsed.success) return null;
  const data = parsed.data;
  const groupJid = groupJidOf(data.phone);
  // Members joining or leaving: the group's notifications (ours among them, as Baileys reports them too).
  if (groupJid && data.notification) return parseZapiGroupParticipants(groupJid, payload);
  // Our own sends (and the phone's) are ours already; edits, undecrypted placeholders, other notifications
  // (calls) and channels, broadcasts and status posts are not shown yet.
  if (data.fromMe || data.isNewsletter || data.broadcast || data.isEdit) return null;
  if (data.waitingMessage || data.notification || (data.isGroup && !groupJid)) return null;
  const from = groupJid
    ? senderOf(data.participantPhone ?? data.participantLid ?? '', data.participantLid)
    : senderOf(data.phone, data.senderLid);
  if (!from) return null;
  const reaction = payload.reaction as { value?: unknown; referencedMessage?: { messageId?: unknown } } | undefined;
  if (reaction) {
    const target = reaction.referencedMessage?.messageId;
    if (typeof target !== 'string' || !target) return null;
    return {
      kind: 'reaction',
      externalId: data.messageId,
      targetExternalId: target,
      emoji: typeof reaction.value === 'string' ? reaction.value : '',
    };
  }
  const group = groupJid ? { groupId: groupJid.slice(0, -'@g.us'.length) } : {};
  const common = {
    kind: 'message' as const,
    externalId: data.messageId,
    from,
    // In a group the chat's name is the group's: only the member's own name is theirs.
    name: data.senderName?.trim() || (groupJid ? null : data.chatName?.trim()) || null,
    timestamp: millisOf(data.momment),
    quotedExternalId: data.referenceMessageId ?? null,
    raw: payload,
    ...group,
  };
  for (const [field, urlField, kind] of mediaKinds) {
    if (!payload[field]) continue;
    const content = ZMedia.safeParse(payload[field]);
    const url = content.success ? content.data[urlField] : null;
    if (!content.success || !url) continue;
    return {
      ...common,
      mediaType: kind === 'audio' && content.data.ptt === true ? 'ptt' : kind,
      body: content.data.caption ?? '',
      media: { url, mime: content.data.mimeType ?? null, filename: content.data.fileName ?? null },
    };
  }
  const location = locationMessage((payload.location ?? {}) as TLocationInput);
  if (location) return { ...common, ...location, media: null };
  const card = payload.contact as Record<string, unknown> | undefined;
  if (card) return { ...common, mediaType: 'vcard', body: contactBody(card), media: null };
  // Kinds we do not show yet (polls, products, orders) keep their payload in dataJson.
  return { ...common, mediaType: 'chat', body: textOf(payload), media: null };
};

const parseOne = (type: string, payload: Record<string, unknown>): TZapiEvent | null => {
  switch (type.toLowerCase()) {
    case 'receivedcallback':
      return toMessageEvent(payload);
    case 'messagestatuscallback': {
      const parsed = ZStatus.safeParse(payload);
      const status = parsed.success ? ackStatuses[parsed.data.status] : undefined;
      if (!parsed.success || !status) return null;
      const ids = parsed.data.ids ?? (parsed.data.id ? [parsed.data.id] : []);
      return ids.length > 0 ? { kind: 'ack', externalIds: ids, status } : null;
    }
    case 'deliverycallback': {
      // Z-API took our send and handed it to WhatsApp: "sent", as the send's own answer already said.
      const id = payload.messageId;
      if (typeof id !== 'string' || !id || payload.error) return null;
      return { kind: 'ack', externalIds: [id], status: 'sent' };
    }
    case 'connectedcallback': {
      if (payload.connected === false) return null;
      const phone = typeof payload.phone === 'string' ? payload.phone.replace(/\D/g, '') : '';
      return { kind: 'connected', number: phone || null };
    }
    case 'disconnectedcallback':
      return { kind: 'disconnected', error: typeof payload.error === 'string' ? payload.error : null };
    default:
      return null;
  }
};

/**
 * The events of one webhook delivery and the instance it names (null when it names none); null when it is not
 * Z-API's shape at all.
 */
export const parseZapiWebhook = (payload: unknown): { instanceId: string | null; events: TZapiEvent[] } | null => {
  const envelope = ZEnvelope.safeParse(payload);
  if (!envelope.success) return null;
  const event = parseOne(envelope.data.type, envelope.data);
  return { instanceId: envelope.data.instanceId ?? null, events: event ? [event] : [] };
};
