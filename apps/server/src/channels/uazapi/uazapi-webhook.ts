import { z } from 'zod';
import type { TGatewayGroupParticipants } from '../host/gateway-events.js';
import { locationMessage } from '../shared/location-body.js';
import { whatsmeowGroupChanges } from '../shared/whatsmeow-group-info.js';
import { parseUazapiCall, type TUazapiCall } from './uazapi-call.js';
import { type TUazapiSender, uazapiSourceOf } from './uazapi-sender.js';

/**
 * What a uazapiGO webhook says, in our terms. uazapi posts one event per request, in one of two envelopes.
 * uazapiGO's own is flat: `{ EventType, instanceName, owner, token, BaseUrl, ... }` plus `message` + `chat`
 * (messages), `event` + `state` + `type` (messages_update: whatsmeow's receipt) or `instance` (connection).
 * The one its OpenAPI documents (`WebhookEvent`) wraps it: `{ event: "message" | "status" | "connection", instance
 * (the instance's id), data, owner, token }`, `data` being the message, the receipt or the instance. Both are read
 * into the flat form. Anything of an unknown shape, and what we do not handle yet (status broadcasts, edits, our
 * own sends echoed back), is skipped, never an error. `groups` (whatsmeow's GroupInfo, with the members' LIDs in
 * `JoinLid`... beside them) gives the members who joined, left, were promoted or demoted.
 */
export type { TUazapiSender } from './uazapi-sender.js';

export type TUazapiEvent =
  | {
      kind: 'connection';
      status: 'connected' | 'connecting' | 'disconnected';
      /** The paired number (digits), when uazapi says. */
      number: string | null;
      /** The QR to scan while connecting (a PNG data URL). */
      qrcode: string | null;
      /** Why it disconnected, as a catalogue code. */
      reason: string;
    }
  | {
      kind: 'message';
      externalId: string;
      /** Who wrote it: the person, also inside a group (the member). */
      from: TUazapiSender;
      /** The group it was written in (its JID's digits) and the member's JID there, or null for a person's chat. */
      group: { id: string; participant: string } | null;
      name: string | null;
      timestamp: number;
      mediaType: string;
      body: string;
      /** A file to fetch from the server (`/message/download`): the webhook carries only an encrypted URL. */
      media: { mime: string | null; filename: string | null } | null;
      quotedExternalId: string | null;
      raw: unknown;
    }
  | { kind: 'reaction'; externalId: string; from: TUazapiSender; targetExternalId: string; emoji: string }
  | { kind: 'ack'; externalIds: string[]; status: 'sent' | 'delivered' | 'read' | 'failed' }
  | TUazapiCall
  /** Members joined, left, were promoted or demoted (`groups`). */
  | { kind: 'group-participants'; change: TGatewayGroupParticipants };

/** `instanceName` is null when the envelope names the instance by its id only (the token proves which it is). */
export type TUazapiDelivery = { instanceName: string | null; owner: string | null; events: TUazapiEvent[] };

const ZEnvelope = z.object({ EventType: z.string(), instanceName: z.string(), owner: z.string().nullish() }).loose();
type TEnvelope = { EventType: string; instanceName: string | null; owner?: string | null; [key: string]: unknown };

const ZDataEnvelope = z
  .object({
    event: z.string(),
    instance: z.union([z.string(), z.record(z.string(), z.unknown())]).nullish(),
    data: z.record(z.string(), z.unknown()),
    owner: z.string().nullish(),
  })
  .loose();

/** The documented envelope's event names, as the flat envelope's. */
const dataEventTypes: Record<string, string> = {
  message: 'messages',
  messages: 'messages',
  status: 'messages_update',
  messages_update: 'messages_update',
  connection: 'connection',
  groups: 'groups',
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A delivery in the flat form, whichever envelope it came in; null when it is in neither. */
const flatEnvelope = (payload: unknown): TEnvelope | null => {
  const flat = ZEnvelope.safeParse(payload);
  if (flat.success) return flat.data;
  const wrapped = ZDataEnvelope.safeParse(payload);
  if (!wrapped.success) return null;
  const { event, data, owner } = wrapped.data;
  const EventType = dataEventTypes[event] ?? event;
  const common = {
    EventType,
    instanceName: null,
    owner: owner ?? (typeof data.owner === 'string' ? data.owner : null),
  };
  switch (EventType) {
    case 'messages':
      return { ...common, message: isRecord(data.message) ? data.message : data };
    case 'connection':
      return { ...common, type: data.type, instance: isRecord(data.instance) ? data.instance : data };
    default:
      return { ...data, ...common };
  }
};

const ZMessage = z
  .object({
    messageid: z.string().min(1),
    chatid: z.string().nullish(),
    sender: z.string().nullish(),
    sender_pn: z.string().nullish(),
    sender_lid: z.string().nullish(),
    senderName: z.string().nullish(),
    fromMe: z.boolean().nullish(),
    wasSentByApi: z.boolean().nullish(),
    isGroup: z.boolean().nullish(),
    messageType: z.string().nullish(),
    mediaType: z.string().nullish(),
    type: z.string().nullish(),
    text: z.string().nullish(),
    content: z.union([z.record(z.string(), z.unknown()), z.string()]).nullish(),
    quoted: z.string().nullish(),
    reaction: z.string().nullish(),
    edited: z.string().nullish(),
    messageTimestamp: z.number().nullish(),
  })
  .loose();

/** whatsmeow's booleans arrive as booleans or as "True"/"False". */
const ZFlag = z.union([z.boolean(), z.string().transform((value) => value.toLowerCase() === 'true')]);

const ZReceipt = z
  .object({
    state: z.string().nullish(),
    event: z
      .object({ MessageIDs: z.array(z.string()).nullish(), Type: z.string().nullish(), IsFromMe: ZFlag.nullish() })
      .loose()
      .nullish(),
    /** The flatter form some uazapi versions post: one message's id and status. */
    messageid: z.string().nullish(),
    status: z.string().nullish(),
  })
  .loose();

const ZInstance = z
  .object({
    status: z.enum(['connected', 'connecting', 'disconnected']),
    qrcode: z.string().nullish(),
    owner: z.string().nullish(),
    lastDisconnectReason: z.string().nullish(),
  })
  .loose();

/** Receipt states as our statuses; the states of our own devices (ReadSelf, PlayedSelf) move nothing. */
const ackStatuses: Record<string, 'sent' | 'delivered' | 'read' | 'failed'> = {
  sent: 'sent',
  serverack: 'sent',
  delivered: 'delivered',
  read: 'read',
  played: 'read',
  failed: 'failed',
  error: 'failed',
};

/** uazapi's PascalCase message types (whatsmeow's), by our media types; a voice note is `ptt` by its flag. */
const mediaKinds: Record<string, string> = {
  // The documented envelope's examples name them in lower case.
  image: 'image',
  video: 'video',
  ptv: 'video',
  audio: 'audio',
  ptt: 'ptt',
  document: 'document',
  sticker: 'sticker',
  ImageMessage: 'image',
  VideoMessage: 'video',
  PtvMessage: 'video',
  AudioMessage: 'audio',
  DocumentMessage: 'document',
  DocumentWithCaptionMessage: 'document',
  StickerMessage: 'sticker',
};
const mediaTypes = new Set(['image', 'video', 'audio', 'ptt', 'document', 'sticker']);

const stringOf = (value: unknown) => (typeof value === 'string' && value ? value : null);

/** A message id as WhatsApp has it (uazapi's own ids are `<owner>:<id>`). */
const bareId = (value: string | null | undefined) => {
  const id = value?.trim();
  return id ? (id.split(':').pop() ?? null) : null;
};

/** A contact card: its name and the numbers in its vCard (TEL lines). */
const contactBody = (content: Record<string, unknown>) => {
  const vcard = typeof content.vcard === 'string' ? content.vcard : '';
  const numbers = [...vcard.matchAll(/^TEL[^:]*:(.+)$/gim)].map((match) => match[1]?.trim());
  return [content.displayName, ...numbers].filter((part) => typeof part === 'string' && part).join(' ');
};

const toMessageEvent = (message: z.infer<typeof ZMessage>): TUazapiEvent | null => {
  // Our own sends (excluded on the server too) and messages typed on the phone: the agent's copy is ours.
  if (message.fromMe || message.wasSentByApi) return null;
  // An edit arrives as a new message naming the edited one: not shown yet.
  if (message.edited) return null;
  const source = uazapiSourceOf(message);
  if (!source) return null;
  const { from } = source;
  const content = typeof message.content === 'object' && message.content ? message.content : {};
  const type = message.messageType ?? '';
  if (type === 'ReactionMessage' || message.type === 'reaction') {
    const target = bareId(message.reaction) ?? bareId(stringOf((content.key as { ID?: unknown } | undefined)?.ID));
    if (!target) return null;
    const emoji = message.text ?? stringOf(content.text) ?? '';
    return { kind: 'reaction', externalId: message.messageid, from, targetExternalId: target, emoji };
  }
  const stamp = message.messageTimestamp ?? 0;
  const common = {
    externalId: message.messageid,
    from,
    group: source.group,
    name: message.senderName?.trim() || null,
    // uazapi dates messages in milliseconds; a value in seconds is taken as such.
    timestamp: stamp > 0 ? (stamp < 1e12 ? stamp * 1000 : stamp) : Date.now(),
    quotedExternalId: bareId(message.quoted),
    raw: message,
  };
  const text = message.text ?? stringOf(content.text) ?? stringOf(content.body) ?? '';
  const kind = mediaKinds[type] ?? (mediaTypes.has(message.mediaType ?? '') ? message.mediaType : undefined);
  if (kind) {
    const voice =
      kind === 'ptt' ||
      (kind === 'audio' && (content.PTT === true || content.ptt === true || message.mediaType === 'ptt'));
    return {
      kind: 'message',
      ...common,
      mediaType: voice ? 'ptt' : kind,
      body: text || (stringOf(content.caption) ?? ''),
      media: { mime: stringOf(content.mimetype), filename: stringOf(content.fileName) ?? stringOf(content.filename) },
    };
  }
  const location = ['LocationMessage', 'LiveLocationMessage', 'location'].includes(type)
    ? locationMessage({
        ...content,
        latitude: content.degreesLatitude ?? content.latitude,
        longitude: content.degreesLongitude ?? content.longitude,
      })
    : null;
  if (location) return { kind: 'message', ...common, ...location, media: null };
  if (type === 'ContactMessage' || type === 'contact' || type === 'vcard')
    return { kind: 'message', ...common, mediaType: 'vcard', body: contactBody(content), media: null };
  // Kinds we do not show yet (polls, buttons, orders) keep their payload in dataJson.
  return { kind: 'message', ...common, mediaType: 'chat', body: text, media: null };
};

const toAckEvent = (receipt: z.infer<typeof ZReceipt>): TUazapiEvent | null => {
  // A receipt from one of our own devices (the phone read the customer's message) says nothing about ours.
  if (receipt.event?.IsFromMe === true) return null;
  const state = (receipt.state ?? receipt.event?.Type ?? receipt.status ?? '').toLowerCase();
  const status = ackStatuses[state];
  const ids = receipt.event?.MessageIDs ?? (receipt.messageid ? [receipt.messageid] : []);
  const externalIds = ids.map(bareId).filter((id) => id !== null);
  return status && externalIds.length > 0 ? { kind: 'ack', externalIds, status } : null;
};

/** Why a session closed, from uazapi's `lastDisconnectReason` ("401: logged out from another device"). */
const closeReason = (reason: string | null | undefined, type: unknown) => {
  if (type === 'LoggedOut' || /^401\b|logged out/i.test(reason ?? '')) return 'ERR_WAPP_LOGGED_OUT';
  if (/^403\b|banned|forbidden/i.test(reason ?? '')) return 'ERR_WAPP_FORBIDDEN';
  if (/replaced|conflict/i.test(reason ?? '')) return 'ERR_WAPP_CONNECTION_REPLACED';
  return 'ERR_WAPP_CONNECTION_CLOSED';
};

const parseOne = (envelope: TEnvelope): TUazapiEvent | null => {
  switch (envelope.EventType) {
    case 'messages': {
      const parsed = ZMessage.safeParse(envelope.message);
      return parsed.success ? toMessageEvent(parsed.data) : null;
    }
    case 'messages_update': {
      const parsed = ZReceipt.safeParse(envelope);
      return parsed.success ? toAckEvent(parsed.data) : null;
    }
    case 'connection': {
      const parsed = ZInstance.safeParse(envelope.instance);
      if (!parsed.success) return null;
      const number = (envelope.owner || parsed.data.owner || '').replace(/\D/g, '');
      const qrcode = stringOf(parsed.data.qrcode);
      return {
        kind: 'connection',
        status: parsed.data.status,
        number: number || null,
        qrcode: qrcode?.startsWith('data:image/') ? qrcode : null,
        reason: closeReason(parsed.data.lastDisconnectReason, envelope.type),
      };
    }
    case 'call':
      return parseUazapiCall(envelope);
    default:
      return null;
  }
};

/** The instance token a delivery carries (uazapi puts the instance's own token in every webhook), if any. */
export const uazapiDeliveryToken = (payload: unknown): string | null =>
  stringOf((payload as { token?: unknown } | null)?.token);

/** The events of one webhook delivery and the instance it names; null when it is not uazapi's envelope. */
export const parseUazapiWebhook = (payload: unknown): TUazapiDelivery | null => {
  const envelope = flatEnvelope(payload);
  if (!envelope) return null;
  const event = parseOne(envelope);
  const events: TUazapiEvent[] =
    envelope.EventType === 'groups'
      ? whatsmeowGroupChanges(isRecord(envelope.event) ? envelope.event : envelope).map((change) => ({
          kind: 'group-participants',
          change,
        }))
      : event
        ? [event]
        : [];
  return { instanceName: envelope.instanceName, owner: envelope.owner?.replace(/\D/g, '') || null, events };
};
