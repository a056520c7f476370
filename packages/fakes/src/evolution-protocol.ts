import { randomBytes, randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { json } from './fake-http.js';
import type { TWhatsAppGroup, TWhatsAppGroupMember } from './whatsapp-groups.js';
import { nowSeconds, phoneMessageId, type TWhatsappCustomerMedia, whatsappMediaUrl } from './whatsapp-protocol.js';

// The Evolution API v2 protocol as the fake gateway speaks it: its types, error body, ids and payload shapes.

/** The gateway the demo mode and the e2e suite use, and the phone that scans its QR codes. */
export const demoEvolution = {
  apiKey: 'prosa-demo-evolution-global-key-0001',
  phone: { number: '5511940001000', profileName: 'Prosa Demo' },
};

export type TEvolutionWebhook = {
  enabled: boolean;
  url: string;
  events: string[];
  byEvents: boolean;
  base64: boolean;
  headers: Record<string, string>;
};

export type TEvolutionRequest = {
  method: string;
  path: string;
  /** The instance named in the path, when there is one. */
  instance: string | null;
  /** The query's parameters (the group routes name their group as `groupJid`). */
  query: Record<string, string>;
  body: unknown;
  apikey: string | undefined;
};

/** A send the gateway took: the route, the instance, the body our server posted and the id it answered. */
/** A send the gateway took; `at` is when (ms), to check the pace between sends. */
export type TEvolutionSent = {
  action: string;
  instance: string;
  body: Record<string, unknown>;
  id: string;
  at: number;
};

export type TEvolutionDelivery = { url: string; event: string; status: number; body: string };

/** What a customer's phone sends: text, a reply, or a file (bytes the gateway keeps for getBase64FromMediaMessage). */
export type TCustomerMessage = {
  /** The customer's number (digits, with country code). */
  number: string;
  pushName: string;
  text?: string;
  /** Replying to a message, by its id (ours or theirs) and text. */
  quoted?: { id: string; text: string; fromMe?: boolean };
  media?: TWhatsappCustomerMedia;
  id?: string;
  /** Seconds since the epoch. */
  timestamp?: number;
  /** The chat, when not the customer's own (a group: `<id>@g.us`, with `number` as the participant). */
  remoteJid?: string;
  /** Our own number writing (an echo of a send, or the phone itself). */
  fromMe?: boolean;
};

export type TEvolutionAck = 'ERROR' | 'PENDING' | 'SERVER_ACK' | 'DELIVERY_ACK' | 'READ' | 'PLAYED';

export type TStoredMessage = {
  key: { remoteJid: string; fromMe: boolean; id: string };
  message: Record<string, unknown>;
  messageType: string;
  media: { bytes: Buffer; mimetype: string; fileName: string | null; caption: string | null } | null;
};

export type TInstance = {
  name: string;
  instanceId: string;
  hash: string;
  integration: string;
  state: 'close' | 'connecting' | 'open';
  qr: { code: string; base64: string; count: number } | null;
  wuid: string | null;
  profileName: string | null;
  webhook: TEvolutionWebhook | null;
  /** What `/proxy/set` stored (Evolution keeps empty strings when the proxy is off). */
  proxy: TEvolutionProxy | null;
  /** The instance's behaviour settings (`/settings/set`); `groupsIgnore` keeps group events from the webhook. */
  settings: TEvolutionSettings;
  messages: Map<string, TStoredMessage>;
};

/** Evolution's instance settings, as `/settings/find` answers them. */
export type TEvolutionSettings = {
  rejectCall: boolean;
  msgCall: string;
  groupsIgnore: boolean;
  alwaysOnline: boolean;
  readMessages: boolean;
  readStatus: boolean;
  syncFullHistory: boolean;
};

/** A group member as Baileys 7 lists them (Evolution passes them on): JID (a LID in LID groups), phone beside. */
export type TEvolutionGroupMember = TWhatsAppGroupMember;

/** A group as WhatsApp holds it (shared by every instance of the gateway, as WhatsApp is). */
export type TEvolutionGroup = TWhatsAppGroup;

export type TEvolutionProxy = {
  enabled: boolean;
  host: string;
  port: string;
  protocol: string;
  username: string;
  password: string;
};

/** Every event Evolution knows, as its webhook config lists them (UPPER_SNAKE). */
export const allEvents = [
  'APPLICATION_STARTUP',
  'QRCODE_UPDATED',
  'CONNECTION_UPDATE',
  'MESSAGES_SET',
  'MESSAGES_UPSERT',
  'MESSAGES_EDITED',
  'MESSAGES_UPDATE',
  'MESSAGES_DELETE',
  'SEND_MESSAGE',
  'SEND_MESSAGE_UPDATE',
  'CONTACTS_SET',
  'CONTACTS_UPSERT',
  'CONTACTS_UPDATE',
  'PRESENCE_UPDATE',
  'CHATS_SET',
  'CHATS_UPSERT',
  'CHATS_UPDATE',
  'CHATS_DELETE',
  'GROUPS_UPSERT',
  'GROUP_UPDATE',
  'GROUP_PARTICIPANTS_UPDATE',
  'LABELS_EDIT',
  'LABELS_ASSOCIATION',
  'CALL',
  'TYPEBOT_START',
  'TYPEBOT_CHANGE_STATUS',
  'LOGOUT_INSTANCE',
  'REMOVE_INSTANCE',
];
export const mediaTypes = ['image', 'video', 'audio', 'document', 'ptv'] as const;

/** Evolution's error body: `{ status, error, response: { message } }` (the message an array of details). */
export const evolutionError = (res: ServerResponse, status: number, message: unknown) => {
  const error =
    { 400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found' }[status] ?? 'Internal Server Error';
  json(res, status, { status, error, response: { message } });
};

export const isBase64 = (value: string) =>
  value.length > 0 && /^[A-Za-z0-9+/]+={0,2}$/.test(value) && value.length % 4 === 0;

/** A number or JID the gateway can write to: `5511987654321`, `...@s.whatsapp.net`, `...@lid`, `...@g.us`. */
export const jidOf = (number: string) => {
  if (/^\d+@(s\.whatsapp\.net|lid|g\.us)$/.test(number)) return number;
  const digits = number.replace(/\D/g, '');
  return /^\d{10,15}$/.test(digits) ? `${digits}@s.whatsapp.net` : null;
};

/**
 * The `messages.upsert` data of a message typed on a phone (a customer's, or with `fromMe` ours), as
 * Evolution's prepareMessage flattens Baileys' WAMessage; `withBase64` puts the file's bytes in the message, as
 * the gateway does when its webhook's base64 option is on. Also what the gateway keeps of it.
 */
export const customerMessageData = (
  input: TCustomerMessage,
  gateway: { instanceId: string; wuid: string | null; withBase64: boolean },
) => {
  const customerJid = `${input.number}@s.whatsapp.net`;
  const remoteJid = input.remoteJid ?? customerJid;
  const key = {
    remoteJid,
    fromMe: input.fromMe === true,
    id: input.id ?? phoneMessageId(),
    ...(remoteJid.endsWith('@g.us') ? { participant: customerJid } : {}),
  };
  const contextInfo = input.quoted
    ? {
        stanzaId: input.quoted.id,
        participant: input.quoted.fromMe ? (gateway.wuid ?? undefined) : customerJid,
        quotedMessage: { conversation: input.quoted.text },
      }
    : undefined;
  let messageType: string;
  let message: Record<string, unknown>;
  let media: TStoredMessage['media'] = null;
  if (input.media) {
    const { kind, bytes, mimetype, fileName, caption, ptt } = input.media;
    messageType = `${kind}Message`;
    media = { bytes, mimetype, fileName: fileName ?? null, caption: caption ?? null };
    message = {
      [messageType]: {
        url: whatsappMediaUrl(),
        mimetype,
        fileLength: String(bytes.length),
        mediaKey: randomBytes(32).toString('base64'),
        ...(caption ? { caption } : {}),
        ...(kind === 'document' ? { fileName: fileName ?? 'arquivo', title: fileName ?? 'arquivo' } : {}),
        ...(kind === 'audio' ? { ptt: ptt === true, seconds: 3 } : {}),
        ...(contextInfo ? { contextInfo } : {}),
      },
    };
    if (gateway.withBase64) message.base64 = bytes.toString('base64');
  } else if (contextInfo) {
    messageType = 'extendedTextMessage';
    message = { extendedTextMessage: { text: input.text ?? '', contextInfo } };
  } else {
    messageType = 'conversation';
    message = { conversation: input.text ?? '' };
  }
  const stored: TStoredMessage = { key, message, messageType, media };
  const data = {
    key,
    pushName: input.fromMe ? 'Você' : input.pushName,
    status: 'DELIVERY_ACK',
    message,
    contextInfo: contextInfo ?? null,
    messageType,
    messageTimestamp: input.timestamp ?? nowSeconds(),
    instanceId: gateway.instanceId,
    source: 'android',
  };
  return { stored, data };
};

/**
 * Evolution's webhook envelope, for tests that post a delivery themselves (with wrong headers, to another
 * token, twice...).
 */
export const evolutionEnvelope = (
  event: string,
  instance: string,
  data: unknown,
  extra: Record<string, unknown> = {},
) => ({
  event,
  instance,
  data,
  destination: '',
  date_time: new Date().toISOString(),
  sender: undefined,
  server_url: 'http://127.0.0.1',
  apikey: randomUUID().toUpperCase(),
  ...extra,
});
