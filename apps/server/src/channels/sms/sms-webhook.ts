import { z } from 'zod';

/**
 * What the SMS gateway posts to `/smshooks/:token/:secret`, in our terms: one event, or a JSON array of them.
 * `message` is an SMS a customer sent; `status` is a delivery report for one we sent (its `id` is the one the
 * gateway answered the send with). Events of another `type` are skipped (a gateway may post more than we
 * read); extra fields are ignored.
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
  | { kind: 'status'; externalId: string; status: 'sent' | 'delivered' | 'failed'; error: string | null };

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
    const typed = ZTyped.safeParse(item);
    if (!typed.success) return problemOf(typed.error, prefix);
    if (typed.data.type === 'message') {
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
    }
  }
  return { ok: true, events };
};
