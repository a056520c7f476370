import { z } from 'zod';
import { locationMessage } from '../shared/location-body.js';

/**
 * What a Messenger Platform webhook (Messenger: object "page"; Instagram: object "instagram") says, in our
 * terms. Meta batches: one POST may carry several entries (accounts), each with several `messaging` events,
 * or `standby` ones (another app holds the conversation: the customer's messages are still ours to keep).
 * Echoes of our own sends, deleted messages and anything of an unknown shape are skipped, never an error.
 */
export type TGraphAttachment = { type: 'image' | 'video' | 'audio' | 'file'; url: string };

export type TGraphMessagingEvent =
  | {
      kind: 'message';
      /** The Instagram account or Page the event is for (`entry.id`). */
      accountId: string;
      /** The customer's scoped id (PSID or IGSID). */
      customerId: string;
      externalId: string;
      /** Milliseconds since the epoch. */
      timestamp: number;
      mediaType: string;
      body: string;
      attachment: TGraphAttachment | null;
      quotedExternalId: string | null;
      raw: unknown;
    }
  | { kind: 'reaction'; accountId: string; customerId: string; targetExternalId: string; emoji: string }
  /** Messenger's `message_deliveries`: the mids named, and every message sent before the watermark. */
  | { kind: 'delivery'; accountId: string; customerId: string; externalIds: string[]; watermark: number }
  /** Messenger's `message_reads` (a watermark) or Instagram's `messaging_seen` (the last message seen). */
  | { kind: 'read'; accountId: string; customerId: string; externalId: string | null; watermark: number };

const ZAttachment = z
  .object({
    type: z.string(),
    /** Messenger's older deliveries name a shared place's title here, and its link, beside the payload. */
    title: z.string().optional(),
    payload: z
      .object({
        url: z.string().optional(),
        title: z.string().optional(),
        coordinates: z.object({ lat: z.unknown(), long: z.unknown() }).loose().optional(),
      })
      .loose()
      .nullish(),
  })
  .loose();

const ZMessage = z
  .object({
    mid: z.string().min(1),
    text: z.string().optional(),
    is_echo: z.boolean().optional(),
    is_deleted: z.boolean().optional(),
    /** Instagram: the customer sent something the API does not carry (a voice effect, a poll...). */
    is_unsupported: z.boolean().optional(),
    // The docs show `attachments` as an array; some deliveries carry a single object.
    attachments: z.union([z.array(ZAttachment), ZAttachment]).optional(),
    reply_to: z.object({ mid: z.string().optional() }).loose().optional(),
  })
  .loose();

const ZMessaging = z
  .object({
    sender: z.object({ id: z.string().min(1) }).loose(),
    recipient: z.object({ id: z.string().min(1) }).loose(),
    timestamp: z.number().optional(),
    message: z.unknown().optional(),
    delivery: z
      .object({ mids: z.array(z.string()).optional(), watermark: z.number() })
      .loose()
      .optional(),
    read: z.object({ watermark: z.number().optional(), mid: z.string().optional() }).loose().optional(),
    reaction: z
      .object({
        mid: z.string(),
        action: z.string().optional(),
        emoji: z.string().optional(),
        reaction: z.string().optional(),
      })
      .loose()
      .optional(),
  })
  .loose();

const ZWebhook = z.object({
  object: z.string(),
  entry: z.array(
    z
      .object({ id: z.string(), messaging: z.array(z.unknown()).optional(), standby: z.array(z.unknown()).optional() })
      .loose(),
  ),
});

/** The emoji of Meta's named reactions, for deliveries that name the reaction without its emoji. */
const reactionEmoji: Record<string, string> = {
  love: '❤️',
  like: '👍',
  dislike: '👎',
  smile: '😆',
  laugh: '😆',
  wow: '😮',
  sad: '😢',
  angry: '😠',
};

const mediaTypeOf = { image: 'image', video: 'video', audio: 'audio', file: 'document' } as const;
const isMediaKind = (type: string): type is keyof typeof mediaTypeOf => type in mediaTypeOf;

type TMessageEvent = Extract<TGraphMessagingEvent, { kind: 'message' }>;

/** What the agent reads for a message Meta does not pass on, instead of an empty bubble. */
const unsupportedNotice = {
  instagram: 'Mensagem não suportada pelo Instagram',
  page: 'Mensagem não suportada pelo Messenger',
};

type TAttachment = z.infer<typeof ZAttachment>;

/** A shared place (Messenger's legacy `location` attachment: `payload.coordinates.lat/long`), as our location message. */
const placeOf = (item: TAttachment) =>
  item.type === 'location' && item.payload?.coordinates
    ? locationMessage({
        latitude: item.payload.coordinates.lat,
        longitude: item.payload.coordinates.long,
        name: item.title ?? item.payload.title,
      })
    : null;

/**
 * One customer message -> one event per file (the text goes with the first), one location event, or one text
 * event; a message with nothing we can show reads as the platform's "not supported" notice.
 */
const messageEvents = (
  base: Pick<TMessageEvent, 'accountId' | 'customerId' | 'timestamp'>,
  message: z.infer<typeof ZMessage>,
  object: 'instagram' | 'page',
): TMessageEvent[] => {
  const common = { kind: 'message' as const, ...base, quotedExternalId: message.reply_to?.mid ?? null, raw: message };
  const attachments = message.attachments
    ? Array.isArray(message.attachments)
      ? message.attachments
      : [message.attachments]
    : [];
  const files = attachments.flatMap((item) =>
    isMediaKind(item.type) && item.payload?.url ? [{ type: item.type, url: item.payload.url }] : [],
  );
  const place = attachments.map(placeOf).find((found) => found !== null);
  // Shares, story mentions, reels and the like: their link, so the agent can open them.
  const links = attachments.flatMap((item) =>
    !isMediaKind(item.type) && !placeOf(item) && item.payload?.url
      ? [`${item.payload.title ?? item.type}: ${item.payload.url}`]
      : [],
  );
  const text = [message.text, ...links].filter(Boolean).join('\n');
  if (files.length === 0 && place) return [{ ...common, externalId: message.mid, ...place, attachment: null }];
  if (files.length === 0)
    return [
      {
        ...common,
        externalId: message.mid,
        mediaType: 'chat',
        // `is_unsupported`, or attachments of a kind with nothing to show: never an empty bubble.
        body: text || unsupportedNotice[object],
        attachment: null,
      },
    ];
  // Several files in one message become several of ours; the first keeps the mid (replies and reactions name it).
  return files.map((file, index) => ({
    ...common,
    externalId: index === 0 ? message.mid : `${message.mid}#${index + 1}`,
    mediaType: mediaTypeOf[file.type],
    body: index === 0 ? text : '',
    attachment: file,
  }));
};

const eventsOf = (accountId: string, raw: unknown, object: 'instagram' | 'page'): TGraphMessagingEvent[] => {
  const parsed = ZMessaging.safeParse(raw);
  if (!parsed.success) return [];
  const event = parsed.data;
  const timestamp = event.timestamp ?? Date.now();
  // Our own sends come back as echoes with the account as the sender: nothing to receive.
  if (event.sender.id === accountId) return [];
  const customerId = event.sender.id;
  if (event.message !== undefined) {
    const message = ZMessage.safeParse(event.message);
    if (!message.success || message.data.is_echo || message.data.is_deleted) return [];
    return messageEvents({ accountId, customerId, timestamp }, message.data, object);
  }
  if (event.reaction) {
    const { mid, action, emoji, reaction } = event.reaction;
    if (action === 'unreact') return [{ kind: 'reaction', accountId, customerId, targetExternalId: mid, emoji: '' }];
    const shown = emoji ?? reactionEmoji[reaction ?? ''];
    return shown ? [{ kind: 'reaction', accountId, customerId, targetExternalId: mid, emoji: shown }] : [];
  }
  if (event.delivery)
    return [
      {
        kind: 'delivery',
        accountId,
        customerId,
        externalIds: event.delivery.mids ?? [],
        watermark: event.delivery.watermark,
      },
    ];
  if (event.read)
    return [
      {
        kind: 'read',
        accountId,
        customerId,
        externalId: event.read.mid ?? null,
        // Instagram names the last message seen: everything sent before the moment it was seen was seen.
        watermark: event.read.watermark ?? timestamp,
      },
    ];
  return [];
};

/** The events of one delivery for the given webhook object, in order. */
export const parseGraphMessagingWebhook = (payload: unknown, object: 'instagram' | 'page'): TGraphMessagingEvent[] => {
  const parsed = ZWebhook.safeParse(payload);
  if (!parsed.success || parsed.data.object !== object) return [];
  // NOTE: `standby` events have the shape of `messaging` ones; only who may answer differs.
  return parsed.data.entry.flatMap((entry) =>
    [...(entry.messaging ?? []), ...(entry.standby ?? [])].flatMap((raw) => eventsOf(entry.id, raw, object)),
  );
};
