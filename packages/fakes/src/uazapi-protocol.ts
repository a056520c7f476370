import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

// The uazapiGO v2 protocol as the fake speaks it: its types, error body, ids and webhook payloads.

/** The server the demo mode and the e2e suite use, and the phone that scans its QR codes. */
export const demoUazapi = {
  adminToken: 'prosa-demo-uazapi-admin-token-0001',
  phone: { number: '5511940003000', profileName: 'Prosa Demo' },
};

export type TUazapiWebhookConfig = {
  enabled: boolean;
  url: string;
  events: string[];
  excludeMessages: string[];
  addUrlEvents: boolean;
};

export type TUazapiStoredMessage = {
  chatid: string;
  fromMe: boolean;
  /** Who wrote it (the member, in a group). */
  sender?: string;
  media: { bytes: Buffer; mimetype: string } | null;
};

export type TUazapiInstance = {
  id: string;
  name: string;
  token: string;
  status: 'disconnected' | 'connecting' | 'connected';
  /** The QR on the screen while connecting, as a PNG data URL. */
  qrcode: string;
  paircode: string;
  /** The paired number (digits), once connected. */
  owner: string;
  profileName: string;
  lastDisconnect: string;
  lastDisconnectReason: string;
  webhook: TUazapiWebhookConfig | null;
  messages: Map<string, TUazapiStoredMessage>;
};

export type TUazapiRequest = {
  method: string;
  path: string;
  body: unknown;
  /** The instance token the call carried (header `token`). */
  token: string | undefined;
  admintoken: string | undefined;
};

/** A message deleted for everyone through `/message/delete`: its chat, id and author. */
export type TUazapiRevoked = { instance: string; chatid: string; id: string; sender: string | undefined };

/** A send the server took: the route, the instance, the body our server posted, the id it answered, when (ms). */
export type TUazapiSent = { route: string; instance: string; body: Record<string, unknown>; id: string; at: number };

export type TUazapiDelivery = { url: string; event: string; status: number; body: string };

/** A receipt state of whatsmeow as uazapi passes it on in `messages_update`. */
export type TUazapiAckState = 'Delivered' | 'Read' | 'Played' | 'ReadSelf';

/** What a customer's phone sends: text, a reply, a reaction or a file (bytes kept for `/message/download`). */
export type TUazapiCustomerMessage = {
  /** The customer's number (digits, with country code). */
  number: string;
  name: string;
  text?: string;
  /** The customer's LID: the chat is then addressed by it, and `sender_pn` names the phone (unless `hidePhone`). */
  lid?: string;
  /** A LID-only sender: uazapi does not know the phone behind it. */
  hidePhone?: boolean;
  /** Replying to a message, by its WhatsApp id. */
  quotedId?: string;
  reaction?: { emoji: string; messageId: string };
  media?: {
    kind: 'image' | 'video' | 'audio' | 'document' | 'sticker';
    bytes: Buffer;
    mimetype: string;
    fileName?: string;
    caption?: string;
    /** A voice note (audio recorded in WhatsApp). */
    ptt?: boolean;
  };
  id?: string;
  /** A group chat (`<id>@g.us`), the customer writing in it. */
  groupId?: string;
  /** Our own number writing (typed on the phone). */
  fromMe?: boolean;
};

export const uazapiMediaTypes = ['image', 'video', 'document', 'audio', 'myaudio', 'ptt', 'sticker'] as const;
export const uazapiEvents = [
  'connection',
  'history',
  'messages',
  'messages_update',
  'call',
  'contacts',
  'presence',
  'groups',
  'labels',
  'chats',
  'chat_labels',
  'blocks',
  'leads',
];

export const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
};

/** uazapi's error body: `{ error }`. */
export const uazapiError = (res: ServerResponse, status: number, error: string) => json(res, status, { error });

export const readBody = async (req: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

/** WhatsApp ids as whatsmeow makes them: `3EB0…` for the API's sends, `AC…` for a phone's. */
export const sentMessageId = () => `3EB0${randomBytes(9).toString('hex').toUpperCase()}`;
export const phoneMessageId = () => `AC${randomBytes(15).toString('hex').toUpperCase()}`;

/** A QR payload shaped like WhatsApp's: `ref,noiseKey,identityKey,advSecret`. */
export const qrPayload = () =>
  [
    `2@${randomBytes(36).toString('base64')}`,
    randomBytes(32).toString('base64'),
    randomBytes(32).toString('base64'),
    randomBytes(32).toString('base64'),
  ].join(',');

/** A pairing code as uazapi shows it: `XXXX-XXXX`. */
export const pairCode = () => {
  const chars = Array.from(randomBytes(8), (byte) => '123456789ABCDEFGHJKLMNPQRSTVWXYZ'[byte % 32]).join('');
  return `${chars.slice(0, 4)}-${chars.slice(4)}`;
};

export const isBase64 = (value: string) =>
  value.length > 0 && /^[A-Za-z0-9+/]+={0,2}$/.test(value) && value.length % 4 === 0;
export const isUrl = (value: string) => /^https?:\/\/\S+$/.test(value);

/** The chat a `number` names: digits (10-15) or a JID. */
export const chatOf = (number: string) => {
  if (/^\d+@(s\.whatsapp\.net|lid|g\.us)$/.test(number)) return number;
  const digits = number.replace(/\D/g, '');
  return /^\d{10,15}$/.test(digits) ? `${digits}@s.whatsapp.net` : null;
};

/** The instance as uazapi describes it in answers and webhooks (no token). */
export const publicInstance = (instance: TUazapiInstance) => ({
  id: instance.id,
  name: instance.name,
  status: instance.status,
  qrcode: instance.qrcode,
  paircode: instance.paircode,
  owner: instance.owner,
  profileName: instance.profileName,
  isBusiness: false,
  plataform: instance.status === 'connected' ? 'android' : '',
  systemName: 'uazapiGO',
  lastDisconnect: instance.lastDisconnect,
  lastDisconnectReason: instance.lastDisconnectReason,
});
