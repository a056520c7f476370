import { createHash } from 'node:crypto';
import { z } from 'zod';

/**
 * What the SMS gateway posts to `/smshooks/:token/:secret`, in our terms: one event, or a JSON array of them.
 * `message` is an SMS a customer sent; `status` is a delivery report for one we sent (its `id` is the one the
 * gateway answered the send with). Extra fields are ignored. An event of a shape we do not know (another
 * `type`, or none) is not dropped: `unknown`, with its raw body and the customer's number when it names one.
 */
export type TSmsEvent =
  | {
      kind: 'message';
      externalId: string;
      from: string;
      to: string | null;
      body: string;
      timestamp: number;
      raw: unknown;
    }
  | { kind: 'status'; externalId: string; status: 'sent' | 'delivered' | 'failed'; error: string | null }
  | {
      kind: 'unknown';
      /** What tells this shape from others: its `type`, else its field names. */
      shape: string;
      /** The gateway's id when it gives one, else a digest of the event (a repeated post stores nothing new). */
      externalId: string;
      /** The number that sent it, when a usual field names one; null when it names none. */
      from: string | null;
      /** When it arrived (the shape says nothing we can read of its date). */
      timestamp: number;
      raw: unknown;
    };

/** An event we could not read: the field that is wrong, so whoever writes the relay can fix it. */
export type TSmsWebhookResult = { ok: true; events: TSmsEvent[] } | { ok: false; field: string; detail: string };

/** A phone number as gateways write it: E.164 ('+5511987654321') or its digits, maybe spaced or dashed. */
const ZPhone = z
  .string()
  .trim()
  .transform((value) => value.replace(/[\s().-]/g, ''))
  .pipe(z.string().regex(/^\+?\d{8,15}$/, 'phone'));

const ZMessage = z.object({
  type: z.literal('message'),
  id: z.union([z.string().trim().min(1).max(200), z.number().int().transform(String)]),
  from: ZPhone,
  to: z.string().max(40).nullish(),
  text: z.string().max(10_000),
  /** ISO 8601, or milliseconds since the epoch; the time of arrival when left out. */
  receivedAt: z.union([z.iso.datetime({ offset: true }), z.number().int().positive()]).nullish(),
});

const ZStatus = z.object({
  type: z.literal('status'),
  id: z.union([z.string().trim().min(1).max(200), z.number().int().transform(String)]),
  status: z.enum(['sent', 'delivered', 'failed']),
  error: z.string().max(500).nullish(),
});

const ZTyped = z.object({ type: z.string() });

/** Where gateways and relays usually put the sender, at the top or one level down. */
const senderFields = ['from', 'From', 'sender', 'msisdn', 'phone', 'source', 'originator', 'number'];
const containers = ['message', 'data', 'payload', 'sms'];

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The first usual field that holds a phone number, or null. */
const senderOf = (item: Record<string, unknown>): string | null => {
  const places = [item, ...containers.map((key) => item[key]).filter(isRecord)];
  for (const place of places)
    for (const key of senderFields) {
      const phone = ZPhone.safeParse(typeof place[key] === 'number' ? String(place[key]) : place[key]);
      if (phone.success) return phone.data;
    }
  return null;
};

/** An event of a shape we do not read, kept whole. */
const unknownEvent = (record: Record<string, unknown>, now: number): TSmsEvent => {
  const shape =
    typeof record.type === 'string' && record.type
      ? `type:${record.type.slice(0, 60)}`
      : `fields:${Object.keys(record).sort().join(',').slice(0, 200)}`;
  const id = ZMessage.shape.id.safeParse(record.id);
  return {
    kind: 'unknown',
    shape,
    externalId: id.success
      ? `unknown:${id.data}`
      : `unknown:${createHash('sha256').update(JSON.stringify(record)).digest('hex').slice(0, 32)}`,
    from: senderOf(record),
    timestamp: now,
    raw: record,
  };
};

const timestampOf = (receivedAt: string | number | null | undefined, now: number) => {
  if (typeof receivedAt === 'number') return receivedAt;
  const parsed = receivedAt ? Date.parse(receivedAt) : Number.NaN;
  return Number.isFinite(parsed) ? parsed : now;
};

/** The first problem zod found, as `events.<i>.<path>` (or the path alone for a single event). */
const problemOf = (error: z.ZodError, prefix: string) => {
  const issue = error.issues[0];
  const path = [prefix, ...(issue?.path ?? []).map(String)].filter(Boolean).join('.');
  return { ok: false as const, field: path || 'body', detail: issue?.message ?? 'invalid' };
};

/** Reads a delivery of the SMS gateway protocol; `now` dates messages that carry no `receivedAt`. */
export const parseSmsWebhook = (payload: unknown, now = Date.now()): TSmsWebhookResult => {
  const list = Array.isArray(payload) ? payload : [payload];
  if (list.length === 0 || list.length > 100)
    return { ok: false, field: 'body', detail: 'one event, or an array of 1 to 100' };
  const events: TSmsEvent[] = [];
  for (const [index, item] of list.entries()) {
    const prefix = Array.isArray(payload) ? String(index) : '';
    if (!isRecord(item) || Object.keys(item).length === 0)
      return { ok: false, field: prefix || 'body', detail: 'an event: a JSON object' };
    const typed = ZTyped.safeParse(item);
    if (!typed.success) events.push(unknownEvent(item, now));
    else if (typed.data.type === 'message') {
      const message = ZMessage.safeParse(item);
      if (!message.success) return problemOf(message.error, prefix);
      events.push({
        kind: 'message',
        externalId: message.data.id,
        from: message.data.from,
        to: message.data.to ?? null,
        body: message.data.text,
        timestamp: timestampOf(message.data.receivedAt, now),
        raw: item,
      });
    } else if (typed.data.type === 'status') {
      const status = ZStatus.safeParse(item);
      if (!status.success) return problemOf(status.error, prefix);
      events.push({
        kind: 'status',
        externalId: status.data.id,
        status: status.data.status,
        error: status.data.error ?? null,
      });
    } else events.push(unknownEvent(item, now));
  }
  return { ok: true, events };
};
