import { z } from 'zod';
import { locationMessage } from '../shared/location-body.js';

/**
 * What a NotificaMe Hub webhook says, in our terms. The Hub publishes no payload reference: these are the
 * Zenvia-like shapes its integrations read, one event per request, its kind in `type`:
 * `MESSAGE` `{ id, timestamp, subscriptionId, channel, direction, message: { id, from, to, direction, contents,
 * visitor? } }` and `MESSAGE_STATUS` `{ messageId, messageStatus: { code, description?, error? } }`. Unknown
 * types, our own sends echoed back (direction OUT) and messages without content we can read are skipped, never
 * an error; extra fields are ignored.
 */
export type THubEvent =
  | {
      kind: 'message';
      externalId: string;
      from: string;
      name: string | null;
      timestamp: number;
      mediaType: string;
      body: string;
      /** Received files stay on the Hub: we download them by URL. */
      file: { url: string; mime: string; name: string | null } | null;
      raw: unknown;
    }
  | { kind: 'status'; externalId: string; status: 'sent' | 'delivered' | 'read' | 'failed'; detail: string | null };

const ZId = z.union([z.string().trim().min(1).max(200), z.number().int().transform(String)]);

const ZContent = z
  .object({
    type: z.string(),
    text: z.string().nullish(),
    fileUrl: z.string().nullish(),
    fileMimeType: z.string().nullish(),
    fileCaption: z.string().nullish(),
    fileName: z.string().nullish(),
    latitude: z.union([z.number(), z.string()]).nullish(),
    longitude: z.union([z.number(), z.string()]).nullish(),
    name: z.string().nullish(),
    address: z.string().nullish(),
  })
  .loose();
const ZMessageEvent = z
  .object({
    type: z.literal('MESSAGE'),
    timestamp: z.union([z.string(), z.number()]).nullish(),
    direction: z.string().nullish(),
    message: z
      .object({
        id: ZId,
        from: z.string().trim().min(1).max(320),
        direction: z.string().nullish(),
        timestamp: z.union([z.string(), z.number()]).nullish(),
        contents: z.array(z.unknown()).max(50).default([]),
        visitor: z
          .object({ name: z.string().nullish(), firstName: z.string().nullish(), lastName: z.string().nullish() })
          .loose()
          .nullish(),
      })
      .loose(),
  })
  .loose();

const ZStatusEvent = z
  .object({
    type: z.literal('MESSAGE_STATUS'),
    messageId: ZId,
    messageStatus: z
      .object({
        code: z.string(),
        description: z.string().nullish(),
        error: z.object({ code: z.unknown(), message: z.string().nullish() }).loose().nullish(),
      })
      .loose(),
  })
  .loose();

const ZTyped = z.object({ type: z.string() }).loose();

const statusOf: Record<string, 'sent' | 'delivered' | 'read' | 'failed'> = {
  SENT: 'sent',
  DELIVERED: 'delivered',
  READ: 'read',
  REJECTED: 'failed',
  NOT_DELIVERED: 'failed',
  FAILED: 'failed',
  ERROR: 'failed',
};

/** ISO 8601 or epoch seconds / milliseconds; the time of arrival when missing or unreadable. */
const timestampOf = (value: string | number | null | undefined, now: number) => {
  if (typeof value === 'number') return value < 1e12 ? value * 1000 : value;
  const parsed = value ? Date.parse(value) : Number.NaN;
  return Number.isFinite(parsed) ? parsed : now;
};

/** Our media kind for a file's MIME type. */
const mediaTypeOf = (mime: string) => {
  const family = mime.split('/')[0];
  return family === 'image' || family === 'video' || family === 'audio' ? family : 'document';
};

/** The message's text, file or location: texts joined, the first file (its caption kept), else a location. */
const readContents = (raw: unknown[]) => {
  const contents = raw.flatMap((item) => {
    const parsed = ZContent.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
  const texts = contents.filter((content) => content.type === 'text' && content.text).map((content) => content.text);
  const file = contents.find((content) => content.type === 'file' && content.fileUrl);
  if (file?.fileUrl) {
    const mime = file.fileMimeType || 'application/octet-stream';
    return {
      mediaType: mediaTypeOf(mime),
      body: [file.fileCaption, ...texts].filter(Boolean).join('\n'),
      file: { url: file.fileUrl, mime, name: file.fileName ?? null },
    };
  }
  if (texts.length > 0) return { mediaType: 'chat', body: texts.join('\n'), file: null };
  const location = contents
    .filter((content) => content.type === 'location')
    .map(locationMessage)
    .find((found) => found !== null);
  if (location) return { ...location, file: null };
  return null;
};

/** Reads one Hub delivery: null when it is no Hub event at all (no `type`), else its events (maybe none). */
export const parseHubWebhook = (payload: unknown, now = Date.now()): THubEvent[] | null => {
  const typed = ZTyped.safeParse(payload);
  if (!typed.success) return null;
  if (typed.data.type === 'MESSAGE') {
    const event = ZMessageEvent.safeParse(payload);
    if (!event.success) return [];
    const message = event.data.message;
    const direction = (message.direction ?? event.data.direction ?? 'IN').toUpperCase();
    const read = direction === 'IN' ? readContents(message.contents) : null;
    if (!read) return [];
    const visitor = message.visitor;
    const name =
      visitor?.name?.trim() || [visitor?.firstName, visitor?.lastName].filter(Boolean).join(' ').trim() || null;
    return [
      {
        kind: 'message',
        externalId: message.id,
        from: message.from,
        name,
        timestamp: timestampOf(message.timestamp ?? event.data.timestamp, now),
        ...read,
        raw: payload,
      },
    ];
  }
  if (typed.data.type === 'MESSAGE_STATUS') {
    const event = ZStatusEvent.safeParse(payload);
    const status = event.success ? statusOf[event.data.messageStatus.code.toUpperCase()] : undefined;
    if (!event.success || !status) return [];
    const { description, error } = event.data.messageStatus;
    return [
      { kind: 'status', externalId: event.data.messageId, status, detail: error?.message ?? description ?? null },
    ];
  }
  return [];
};
