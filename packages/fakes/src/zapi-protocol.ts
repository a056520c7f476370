import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { isUrl, json } from './fake-http.js';

// The Z-API protocol as the fake speaks it: its types, error body, ids and webhook payloads.

/** The instance the demo mode and the e2e suite use, and the phone that pairs with it. */
export const demoZapi = {
  instanceId: '3E1F0A9C2B7D4E5F8A6B1C0D9E8F7A01',
  instanceToken: 'D3M0PR0SAZAPI1NSTANCET0K3N',
  clientToken: 'F0a1b2c3d4e5f60718293a4b5c6d7e8fS',
  phone: { number: '5511940002000', name: 'Prosa Demo' },
};

/** Every webhook Z-API posts, by the name of its `update-webhook-*` route. */
export const zapiWebhookKinds = [
  'received',
  'delivery',
  'message-status',
  'connected',
  'disconnected',
  'chat-presence',
] as const;
export type TZapiWebhookKind = (typeof zapiWebhookKinds)[number];

export type TZapiInstance = {
  id: string;
  token: string;
  state: 'disconnected' | 'qrcode' | 'connected';
  /** The QR currently shown (WhatsApp renews it every 20 s), as a PNG data URL. */
  qr: string | null;
  /** The phone typing a pairing code, when one was asked. */
  pairingPhone: string | null;
  phone: string | null;
  name: string | null;
  webhooks: Partial<Record<TZapiWebhookKind, string>>;
  notifySentByMe: boolean;
  /** Sent and received messages by WhatsApp id: the chat's phone, for acks and quotes. */
  messages: Map<string, { phone: string; fromMe: boolean }>;
};

export type TZapiRequest = {
  method: string;
  path: string;
  /** The instance named in the path, when there is one. */
  instanceId: string | null;
  body: unknown;
  clientToken: string | undefined;
};

/** A send Z-API took: the route (`send-text`, `send-document/pdf`...), the body our server posted, the ids it answered. */
export type TZapiSent = {
  method: string;
  instanceId: string;
  body: Record<string, unknown>;
  messageId: string;
  zaapId: string;
  /** When (ms), to check the pace between sends. */
  at: number;
};

export type TZapiDelivery = { url: string; type: string; status: number; body: string };

/** What a customer's phone sends: text, a reply, a reaction or a file (served from the fake's storage). */
export type TZapiCustomerMessage = {
  /** The customer's number (digits, with country code). */
  phone: string;
  senderName: string;
  text?: string;
  /** Replying to a message, by its WhatsApp id. */
  referenceMessageId?: string;
  media?: {
    kind: 'image' | 'video' | 'audio' | 'document' | 'sticker';
    bytes: Buffer;
    mimeType: string;
    fileName?: string;
    caption?: string;
    /** A voice note (audio recorded in WhatsApp). */
    ptt?: boolean;
  };
  reaction?: { emoji: string; messageId: string };
  messageId?: string;
  /** Milliseconds since the epoch. */
  momment?: number;
  /** A group chat (`<id>-group`), with `phone` as the participant. */
  groupId?: string;
  /** The chat's name for a group (its subject; the fake's own group's when left out). */
  chatName?: string;
  /** Our own number writing (from the phone, or echoed from the API). */
  fromMe?: boolean;
};

export type TZapiAck = 'SENT' | 'RECEIVED' | 'READ' | 'READ_BY_ME' | 'PLAYED';

/** Z-API's error body: `{ error, message? }`. */
export const zapiError = (res: ServerResponse, status: number, error: string, message?: string) =>
  json(res, status, message ? { error, message } : { error });

/** WhatsApp message ids as a linked device makes them, and Z-API's own ids (32 hex characters). */
export const whatsappId = () => `3EB0${randomBytes(8).toString('hex').toUpperCase()}`;
export const zaapId = () => randomBytes(16).toString('hex').toUpperCase();

/** A file as Z-API takes it: a link, or base64 as a data URL. */
export const isFile = (value: unknown): value is string =>
  typeof value === 'string' && (isUrl(value) || /^data:[\w.+-]+\/[\w.+-]+;base64,[A-Za-z0-9+/]+=*$/.test(value));
/** Whom a send goes to: a number's digits, a LID or a group id. */
export const isPhone = (value: unknown): value is string =>
  typeof value === 'string' && /^(\d{10,15}|\d{5,20}@lid|\d{10,30}-group)$/.test(value);

/** The `ReceivedCallback` of a customer's message, as Z-API posts it. */
export const receivedCallback = (
  input: TZapiCustomerMessage,
  instance: { id: string; phone: string | null },
  media: { url: string } | null,
) => {
  const content: Record<string, unknown> = {};
  if (input.reaction)
    content.reaction = {
      value: input.reaction.emoji,
      time: Date.now(),
      reactionBy: input.phone,
      referencedMessage: { messageId: input.reaction.messageId, fromMe: true, phone: input.phone, participant: null },
    };
  else if (input.media && media) {
    const { kind, mimeType, fileName, caption, ptt } = input.media;
    content[kind] = {
      [`${kind}Url`]: media.url,
      mimeType,
      ...(kind === 'image' || kind === 'video' || kind === 'document' ? { caption: caption ?? '' } : {}),
      ...(kind === 'image' ? { thumbnailUrl: media.url } : {}),
      ...(kind === 'document' ? { fileName: fileName ?? 'arquivo', title: fileName ?? 'arquivo', pageCount: 1 } : {}),
      ...(kind === 'audio' ? { ptt: ptt === true, seconds: 3 } : {}),
    };
  } else content.text = { message: input.text ?? '' };
  return {
    isStatusReply: false,
    senderLid: `${randomBytes(7).readUIntBE(0, 6)}@lid`,
    connectedPhone: instance.phone ?? '',
    waitingMessage: false,
    isEdit: false,
    isGroup: Boolean(input.groupId),
    isNewsletter: false,
    instanceId: instance.id,
    messageId: input.messageId ?? whatsappId().replace('3EB0', '3A'),
    phone: input.groupId ?? input.phone,
    fromMe: input.fromMe === true,
    momment: input.momment ?? Date.now(),
    status: 'RECEIVED',
    chatName: input.groupId ? (input.chatName ?? 'Grupo') : input.senderName,
    senderPhoto: null,
    senderName: input.senderName,
    participantPhone: input.groupId ? input.phone : null,
    participantLid: null,
    photo: null,
    broadcast: false,
    referenceMessageId: input.referenceMessageId ?? null,
    forwarded: false,
    type: 'ReceivedCallback',
    ...content,
  };
};
