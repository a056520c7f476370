import { createHmac } from 'node:crypto';
import { parseWhatsappJid } from '@prosa/contracts';
import type { TGatewayGroupParticipants } from '../host/gateway-events.js';
import { locationMessage } from '../shared/location-body.js';
import { isSameSecret } from '../shared/same-secret.js';
import { whatsmeowGroupChanges } from '../shared/whatsmeow-group-info.js';
import { field, type TWuzapiDownload, wuzapiNumber } from './wuzapi-api.js';
import { type TWuzapiSender, wuzapiSourceOf } from './wuzapi-sender.js';

/**
 * What a wuzapi webhook says, in our terms. wuzapi posts one event per request, by default as a form
 * (`application/x-www-form-urlencoded`) with `jsonData` (the event as JSON: `{ type, event, ...extras }`, `event`
 * being whatsmeow's event struct) and, depending on the release, `token` (the user's token), `userID` and
 * `instanceName`; with WEBHOOK_FORMAT=json the body is that JSON itself plus `userID` and `instanceName`.
 * Anything of an unknown shape, and what we do not handle yet (status broadcasts, our own sends echoed back,
 * receipts of our other devices), is skipped, never an error.
 */
export type { TWuzapiSender } from './wuzapi-sender.js';

export type TWuzapiMedia = {
  base64: string | null;
  mime: string | null;
  filename: string | null;
  /** The message's media fields, to ask wuzapi for the bytes when the webhook carried none (S3 or -skipmedia). */
  download: TWuzapiDownload | null;
};

export type TWuzapiEvent =
  | {
      kind: 'message';
      externalId: string;
      /** Who wrote it: the person, also inside a group (the member). */
      from: TWuzapiSender;
      /** The group it was written in (its JID's digits) and the member's JID there, or null for a person's chat. */
      group: { id: string; participant: string } | null;
      name: string | null;
      timestamp: number;
      mediaType: string;
      body: string;
      media: TWuzapiMedia | null;
      quotedExternalId: string | null;
      raw: unknown;
    }
  | { kind: 'reaction'; externalId: string; from: TWuzapiSender; targetExternalId: string; emoji: string }
  | { kind: 'ack'; externalIds: string[]; status: 'delivered' | 'read' }
  /** The client is online (`Connected`), or a phone just paired as this number (`PairSuccess`). */
  | { kind: 'connected'; number: string | null }
  | { kind: 'down'; reason: 'ERR_WAPP_LOGGED_OUT' | 'ERR_WAPP_CONNECTION_CLOSED' | 'ERR_WAPP_FORBIDDEN' }
  | { kind: 'qrcode'; qrcode: string }
  | { kind: 'qrcode-expired' }
  /** A customer calls (whatsmeow's `CallOffer`): the caller as the call names them, and the call's id. */
  | { kind: 'call'; callId: string; callerJid: string; from: TWuzapiSender; timestamp: number }
  /** Members joined, left, were promoted or demoted (whatsmeow's `GroupInfo`). */
  | { kind: 'group-participants'; change: TGatewayGroupParticipants };

/** A delivery's fields: the event and, from releases that send it, the user's token. */
export type TWuzapiDelivery = { payload: Record<string, unknown>; token: string | null };

const asObject = (value: unknown): Record<string, unknown> | null =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
const asString = (value: unknown) => (typeof value === 'string' && value ? value : null);

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
};

/** The event of a form (`jsonData` + `token`) or of a JSON body; null when it is neither. */
export const readWuzapiDelivery = (raw: Buffer, contentType: string | undefined): TWuzapiDelivery | null => {
  const text = raw.toString('utf8');
  if (/^application\/x-www-form-urlencoded/i.test(contentType ?? '')) {
    const form = new URLSearchParams(text);
    const payload = asObject(parseJson(form.get('jsonData') ?? ''));
    return payload ? { payload, token: form.get('token') } : null;
  }
  const body = asObject(parseJson(text));
  if (!body) return null;
  const wrapped = typeof body.jsonData === 'string' ? asObject(parseJson(body.jsonData)) : null;
  return { payload: wrapped ?? body, token: asString(body.token) };
};

/**
 * Whether `x-hmac-signature` is the HMAC-SHA256 (hex) of the body as received, under the user's key: wuzapi
 * signs the form string it posts (`url.Values.Encode()`, which is the body) or the JSON body.
 */
export const verifyWuzapiSignature = (raw: Buffer, signature: string | undefined, key: string) =>
  isSameSecret(signature?.trim().toLowerCase(), createHmac('sha256', key).update(raw).digest('hex'));

/** Wrappers WhatsApp puts around the real content (disappearing, view-once, documents with a caption). */
const wrappers = [
  'ephemeralMessage',
  'viewOnceMessage',
  'viewOnceMessageV2',
  'viewOnceMessageV2Extension',
  'documentWithCaptionMessage',
];
const unwrap = (message: unknown): unknown => {
  for (const wrapper of wrappers) {
    const inner = field(field(message, wrapper), 'message');
    if (asObject(inner)) return unwrap(inner);
  }
  return message;
};

/** whatsmeow's media message kinds, by our media types (a voice note is `ptt`, decided by its flag). */
/** Message kinds with a file: our media type, and wuzapi's download route (a sticker is keyed as an image). */
const mediaKinds = [
  ['imageMessage', 'image', 'image'],
  ['videoMessage', 'video', 'video'],
  ['ptvMessage', 'video', 'video'],
  ['audioMessage', 'audio', 'audio'],
  ['documentMessage', 'document', 'document'],
  ['stickerMessage', 'sticker', 'image'],
] as const;

/** The media fields of a file message (whatsmeow's protobuf JSON names), or null when the link is missing. */
const downloadOf = (content: unknown, kind: TWuzapiDownload['kind']): TWuzapiDownload | null => {
  const Url = asString(field(content, 'URL'));
  const MediaKey = asString(field(content, 'mediaKey'));
  if (!Url || !MediaKey) return null;
  const length = Number(field(content, 'fileLength'));
  return {
    kind,
    Url,
    DirectPath: asString(field(content, 'directPath')) ?? '',
    MediaKey,
    Mimetype: asString(field(content, 'mimetype')) ?? 'application/octet-stream',
    FileSHA256: asString(field(content, 'fileSHA256')) ?? '',
    FileEncSHA256: asString(field(content, 'fileEncSHA256')) ?? '',
    FileLength: Number.isFinite(length) && length > 0 ? length : 0,
  };
};

const stanzaOf = (content: unknown) => asString(field(field(content, 'contextInfo'), 'stanzaId'));

/** A contact card: its name and the numbers in its vCard (TEL lines). */
const contactBody = (card: unknown) => {
  const vcard = asString(field(card, 'vcard')) ?? '';
  const numbers = [...vcard.matchAll(/^TEL[^:]*:(.+)$/gim)].map((match) => match[1]?.trim());
  return [field(card, 'displayName'), ...numbers].filter((part) => typeof part === 'string' && part).join(' ');
};

const toMessageEvent = (payload: Record<string, unknown>): TWuzapiEvent | null => {
  const event = field(payload, 'event');
  const info = field(event, 'Info');
  // Our own sends come back as messages too (and so do messages typed on the phone): the agent's copy is ours.
  if (field(info, 'IsFromMe') === true) return null;
  const externalId = asString(field(info, 'ID'));
  const source = wuzapiSourceOf(info);
  const message = unwrap(field(event, 'Message'));
  if (!externalId || !source || !asObject(message)) return null;
  const { from } = source;
  if (field(message, 'protocolMessage') || field(message, 'editedMessage')) return null;
  const reaction = field(message, 'reactionMessage');
  if (reaction) {
    const target = asString(field(field(reaction, 'key'), 'ID'));
    if (!target) return null;
    const emoji = asString(field(reaction, 'text')) ?? '';
    return { kind: 'reaction', externalId, from, targetExternalId: target, emoji };
  }
  const { base64, ...rest } = payload;
  const stamp = Date.parse(String(field(info, 'Timestamp') ?? ''));
  const common = {
    externalId,
    from,
    group: source.group,
    name: asString(field(info, 'PushName'))?.trim() || null,
    timestamp: Number.isFinite(stamp) && stamp > 0 ? stamp : Date.now(),
    // The file's bytes are stored as a file, not again in the message's data.
    raw: rest,
  };
  for (const [kind, mediaType, downloadKind] of mediaKinds) {
    const content = field(message, kind);
    if (!asObject(content)) continue;
    const voice = mediaType === 'audio' && field(content, 'PTT') === true;
    return {
      kind: 'message',
      ...common,
      mediaType: voice ? 'ptt' : mediaType,
      body: asString(field(content, 'caption')) ?? '',
      media: {
        base64: asString(base64),
        mime: asString(field(payload, 'mimeType')) ?? asString(field(content, 'mimetype')),
        filename: asString(field(content, 'fileName')) ?? asString(field(payload, 'fileName')),
        download: downloadOf(content, downloadKind),
      },
      quotedExternalId: stanzaOf(content),
    };
  }
  const extended = field(message, 'extendedTextMessage');
  const quotedExternalId = stanzaOf(extended);
  const place = field(message, 'locationMessage');
  const location = asObject(place)
    ? locationMessage({
        latitude: field(place, 'degreesLatitude'),
        longitude: field(place, 'degreesLongitude'),
        name: field(place, 'name'),
        address: field(place, 'address'),
      })
    : null;
  if (location) return { kind: 'message', ...common, ...location, media: null, quotedExternalId };
  const card = field(message, 'contactMessage');
  if (asObject(card))
    return { kind: 'message', ...common, mediaType: 'vcard', body: contactBody(card), media: null, quotedExternalId };
  // Kinds we do not show yet (polls, buttons, orders) keep their payload in dataJson.
  const text = asString(field(message, 'conversation')) ?? asString(field(extended, 'text')) ?? '';
  return { kind: 'message', ...common, mediaType: 'chat', body: text, media: null, quotedExternalId };
};

/** whatsmeow's ConnectFailureReason: logged out or the main device gone (401, 403, 406), banned (402). */
const failureReason = (reason: unknown) =>
  reason === 402
    ? 'ERR_WAPP_FORBIDDEN'
    : reason === 401 || reason === 403 || reason === 406
      ? 'ERR_WAPP_LOGGED_OUT'
      : 'ERR_WAPP_CONNECTION_CLOSED';

/** The events of one delivery (none for what we skip); null when it is not wuzapi's shape at all. */
export const parseWuzapiPayload = (payload: Record<string, unknown>): TWuzapiEvent[] | null => {
  const type = field(payload, 'type');
  if (typeof type !== 'string') return null;
  const event = field(payload, 'event');
  if (type === 'GroupInfo')
    return whatsmeowGroupChanges(event).map((change) => ({ kind: 'group-participants', change }));
  const one = ((): TWuzapiEvent | null => {
    switch (type) {
      case 'Message':
        return toMessageEvent(payload);
      case 'ReadReceipt': {
        const state = field(payload, 'state');
        const ids = field(event, 'MessageIDs');
        // Receipts our other devices send (ReadSelf, or from us) say nothing about the customer.
        if ((state !== 'Delivered' && state !== 'Read') || field(event, 'IsFromMe') === true) return null;
        const externalIds = Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string' && !!id) : [];
        return externalIds.length > 0
          ? { kind: 'ack', externalIds, status: state === 'Read' ? 'read' : 'delivered' }
          : null;
      }
      case 'Connected':
        return { kind: 'connected', number: null };
      case 'PairSuccess':
        return { kind: 'connected', number: wuzapiNumber(field(event, 'ID')) };
      case 'LoggedOut':
        return { kind: 'down', reason: 'ERR_WAPP_LOGGED_OUT' };
      case 'Disconnected':
        return { kind: 'down', reason: 'ERR_WAPP_CONNECTION_CLOSED' };
      case 'TemporaryBan':
        return { kind: 'down', reason: 'ERR_WAPP_FORBIDDEN' };
      case 'ConnectFailure':
        return { kind: 'down', reason: failureReason(field(event, 'Reason')) };
      case 'QR': {
        const qrcode = asString(field(payload, 'qrCodeBase64'));
        return qrcode?.startsWith('data:image/') ? { kind: 'qrcode', qrcode } : null;
      }
      case 'QRTimeout':
        return { kind: 'qrcode-expired' };
      case 'CallOffer': {
        const callerJid = asString(field(event, 'From'));
        const callId = asString(field(event, 'CallID'));
        const caller = parseWhatsappJid(callerJid ?? '');
        if (!callerJid || !callId || !caller || caller.kind === 'group') return null;
        const at = Date.parse(String(field(event, 'Timestamp') ?? ''));
        return {
          kind: 'call',
          callId,
          callerJid,
          from: { kind: caller.kind, value: caller.id },
          timestamp: Number.isFinite(at) ? at : Date.now(),
        };
      }
      default:
        return null;
    }
  })();
  return one ? [one] : [];
};
