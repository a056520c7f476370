import { createHmac, randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { json } from './fake-http.js';
import {
  nowSeconds,
  pairingCode,
  phoneMessageId,
  type TWhatsappCustomerMedia,
  whatsappMediaUrl,
} from './whatsapp-protocol.js';

// The wuzapi protocol as the fake server speaks it: its types, `{ code, data, success }` answers, the form its
// webhooks post, and whatsmeow's event shapes as wuzapi marshals them into `jsonData`.

/** The server the demo mode and the e2e suite use, and the phone that reads its QR codes. */
export const demoWuzapi = {
  adminToken: 'prosa-demo-wuzapi-admin-token-0001',
  phone: { number: '5511940002000', pushName: 'Prosa Demo' },
};

/** The event types wuzapi accepts in `events` / `Subscribe` (its constants.go, the ones a helpdesk meets). */
export const supportedEventTypes = [
  'Message',
  'UndecryptableMessage',
  'Receipt',
  'MediaRetry',
  'ReadReceipt',
  'GroupInfo',
  'JoinedGroup',
  'Picture',
  'Connected',
  'Disconnected',
  'ConnectFailure',
  'KeepAliveRestored',
  'KeepAliveTimeout',
  'QRTimeout',
  'LoggedOut',
  'ClientOutdated',
  'TemporaryBan',
  'StreamError',
  'StreamReplaced',
  'PairSuccess',
  'PairError',
  'QR',
  'PushNameSetting',
  'HistorySync',
  'CallOffer',
  'Presence',
  'ChatPresence',
  'All',
];

export type TWuzapiUser = {
  id: string;
  name: string;
  token: string;
  webhook: string;
  events: string[];
  /** Set by `/session/hmac/config`: every webhook is then signed (x-hmac-signature). */
  hmacKey: string | null;
  /** The whatsmeow client, once `/session/connect` started it. */
  client: { connected: boolean } | null;
  loggedIn: boolean;
  /** The linked device (`<number>:<device>@s.whatsapp.net`) once paired; kept across disconnects. */
  jid: string | null;
  qr: string;
};

export type TWuzapiRequest = {
  method: string;
  path: string;
  body: unknown;
  token: string | undefined;
  authorization: string | undefined;
};

/** A send the server took: the route (`text`, `image`...), the user's name, the body, the id, when (ms). */
export type TWuzapiSentMessage = {
  action: string;
  user: string;
  body: Record<string, unknown>;
  id: string;
  at: number;
};

export type TWuzapiDelivery = { url: string; type: string; status: number; body: string; contentType: string };

/** How the server posts webhooks: as a form (the default) or JSON (WEBHOOK_FORMAT=json); releases differ. */
export type TWuzapiWebhookStyle = {
  format: 'form' | 'json';
  /** Releases before HMAC signing put the user's token in the form; newer ones put `userID` instead. */
  sendsToken: boolean;
};

/** What a customer's phone sends: text, a reply, a reaction or a file (its bytes ride in the webhook as base64). */
export type TWuzapiCustomerMessage = {
  /** The customer's number (digits, with country code). */
  number: string;
  pushName: string;
  text?: string;
  /** Replying to a message, by its id (ours or theirs). */
  quoted?: { id: string; text?: string };
  reaction?: { id: string; emoji: string };
  media?: TWhatsappCustomerMedia;
  id?: string;
  /** Seconds since the epoch. */
  timestamp?: number;
  /** The chat addressed by the customer's LID (whatsmeow then gives the phone as `SenderAlt`). */
  lid?: string;
  /** A group chat (`<id>@g.us`), with `number` as the participant. */
  group?: string;
  /** Our own number writing (an echo of a send, or the phone itself). */
  fromMe?: boolean;
  /**
   * A file posted without its bytes, as a server delivering media to S3 only or run with -skipmedia does: the
   * receiver asks `/chat/download<kind>` for them.
   */
  withoutBytes?: boolean;
};

/** wuzapi's answers: `{ code, data, success: true }`, or `{ code, error, success: false }`. */
export const wuzapiOk = (res: ServerResponse, data: unknown) => json(res, 200, { code: 200, data, success: true });
export const wuzapiError = (res: ServerResponse, status: number, error: string) =>
  json(res, status, { code: status, error, success: false });

/** Go's url.QueryEscape: unreserved characters kept, space as '+', everything else %XX. */
const goQueryEscape = (value: string) =>
  encodeURIComponent(value)
    .replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, '+');
/** The body wuzapi posts (resty's form: Go's url.Values.Encode, keys sorted), which is also what it signs. */
export const goFormEncode = (fields: Record<string, string>) =>
  Object.keys(fields)
    .sort()
    .map((key) => `${goQueryEscape(key)}=${goQueryEscape(fields[key] ?? '')}`)
    .join('&');
export const hmacHex = (key: string, body: string) => createHmac('sha256', key).update(body).digest('hex');

/** A case-insensitive read of a JSON body's field, as Go's decoder does. */
export const goField = (body: unknown, name: string): unknown => {
  if (!body || typeof body !== 'object') return undefined;
  const key = Object.keys(body).find((k) => k.toLowerCase() === name.toLowerCase());
  return key === undefined ? undefined : (body as Record<string, unknown>)[key];
};

/** A linking code as whatsmeow's PairPhone returns it: `XXXX-XXXX`. */
export const linkingCode = () => {
  const chars = pairingCode();
  return `${chars.slice(0, 4)}-${chars.slice(4)}`;
};
/** A recipient wuzapi can parse: digits, or a JID. */
export const parsePhone = (phone: string) => {
  const value = phone.startsWith('+') ? phone.slice(1) : phone;
  if (/^\d+@(s\.whatsapp\.net|lid|g\.us)$/.test(value)) return value;
  return /^\d{10,15}$/.test(value) ? `${value}@s.whatsapp.net` : null;
};

const mediaFields = (input: TWhatsappCustomerMedia) => ({
  URL: whatsappMediaUrl(),
  mimetype: input.mimetype,
  fileSHA256: randomBytes(32).toString('base64'),
  fileLength: input.bytes.length,
  mediaKey: randomBytes(32).toString('base64'),
  ...(input.caption ? { caption: input.caption } : {}),
  ...(input.kind === 'document' ? { fileName: input.fileName ?? 'arquivo', title: input.fileName ?? 'arquivo' } : {}),
  ...(input.kind === 'audio' ? { PTT: input.ptt === true, seconds: 3 } : {}),
});

/**
 * The `jsonData` of a `Message` event: whatsmeow's events.Message (`Info` with the MessageSource fields, the
 * protobuf `Message`), plus `base64`, `mimeType` and `fileName` for a file (wuzapi's default media delivery).
 */
export const messageEvent = (input: TWuzapiCustomerMessage) => {
  const phoneJid = `${input.number}@s.whatsapp.net`;
  const chat = input.group ?? (input.lid ? `${input.lid}@lid` : phoneJid);
  const id = input.id ?? phoneMessageId();
  const contextInfo = input.quoted
    ? {
        stanzaID: input.quoted.id,
        participant: phoneJid,
        quotedMessage: { conversation: input.quoted.text ?? '' },
      }
    : undefined;
  let message: Record<string, unknown>;
  let extras: Record<string, unknown> = {};
  if (input.reaction) {
    message = {
      reactionMessage: {
        key: { remoteJID: chat, fromMe: true, ID: input.reaction.id },
        text: input.reaction.emoji,
        senderTimestampMS: Date.now(),
      },
    };
  } else if (input.media) {
    message = {
      [`${input.media.kind}Message`]: { ...mediaFields(input.media), ...(contextInfo ? { contextInfo } : {}) },
    };
    const ext = input.media.mimetype.split(';')[0]?.split('/')[1] ?? 'bin';
    if (!input.withoutBytes)
      extras = {
        base64: input.media.bytes.toString('base64'),
        mimeType: input.media.mimetype,
        fileName: `${id}.${ext}`,
      };
  } else if (contextInfo) {
    message = { extendedTextMessage: { text: input.text ?? '', contextInfo } };
  } else {
    message = { conversation: input.text ?? '' };
  }
  const seconds = input.timestamp ?? nowSeconds();
  return {
    type: 'Message',
    event: {
      Info: {
        Chat: chat,
        Sender: input.lid ? `${input.lid}@lid` : phoneJid,
        IsFromMe: input.fromMe === true,
        IsGroup: Boolean(input.group),
        AddressingMode: input.lid ? 'lid' : 'pn',
        SenderAlt: input.lid ? phoneJid : '',
        RecipientAlt: '',
        BroadcastListOwner: '',
        ID: id,
        ServerID: 0,
        Type: input.media ? 'media' : input.reaction ? 'reaction' : 'text',
        PushName: input.pushName,
        Timestamp: new Date(seconds * 1000).toISOString(),
        Category: '',
        Multicast: false,
        MediaType: input.media?.kind ?? '',
        Edit: '',
        VerifiedName: null,
        DeviceSentMeta: null,
      },
      Message: message,
      IsEphemeral: false,
      IsViewOnce: false,
      IsViewOnceV2: false,
      IsDocumentWithCaption: false,
      IsEdit: false,
      RetryCount: 0,
      NewsletterMeta: null,
      RawMessage: message,
    },
    ...extras,
  };
};

/** The `jsonData` of a `ReadReceipt`: whatsmeow's events.Receipt plus wuzapi's `state`. */
export const receiptEvent = (input: { ids: string[]; state: 'Delivered' | 'Read' | 'ReadSelf'; chat: string }) => ({
  type: 'ReadReceipt',
  state: input.state,
  event: {
    Chat: input.chat,
    Sender: input.chat,
    IsFromMe: input.state === 'ReadSelf',
    IsGroup: false,
    AddressingMode: '',
    SenderAlt: '',
    RecipientAlt: '',
    BroadcastListOwner: '',
    MessageIDs: input.ids,
    Timestamp: new Date().toISOString(),
    Type: input.state === 'Delivered' ? '' : input.state === 'Read' ? 'read' : 'read-self',
    MessageSender: '',
  },
});
