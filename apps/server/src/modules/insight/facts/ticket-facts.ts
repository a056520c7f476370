// A ticket's figures and what they add to the hourly sums (docs/reports.md). Pure: the listener and the rebuild
// both turn facts into contributions here, so the hourly table is always the sum of the tickets' facts.

/** What the raw tables say about one ticket (see facts.repository.ts for how each is read). */
export type TTicketFacts = {
  ticketId: number;
  status: string;
  channel: string;
  connectionId: number | null;
  queueId: number | null;
  userId: number | null;
  contactId: number;
  reasonId: number | null;
  isGroup: boolean;
  createdAt: Date;
  acceptedAt: Date | null;
  firstResponseAt: Date | null;
  closedAt: Date | null;
  waitSeconds: number | null;
  firstResponseSeconds: number | null;
  firstResponseBusinessSeconds: number | null;
  resolutionSeconds: number | null;
  pauseSeconds: number;
  transfers: number;
  messagesIn: number;
  messagesOut: number;
  rating: number | null;
  tagIds: number[];
};

/** A ticket's messages in one hour (the channel's date). */
export type THourMessages = { hour: Date; messagesIn: number; messagesOut: number };

export const bucketMeasures = [
  'ticketsCreated',
  'ticketsAccepted',
  'waitSeconds',
  'firstResponses',
  'firstResponseSeconds',
  'firstResponseBusinessSeconds',
  'ticketsClosed',
  'resolutionSeconds',
  'pauseSeconds',
  'transfers',
  'ratings',
  'ratingSum',
  'messagesIn',
  'messagesOut',
] as const;
export type TBucketMeasure = (typeof bucketMeasures)[number];

/** One row of `insight_hourly`: where (hour and dimensions, 0 for none) and how much. */
export type TBucket = {
  hour: Date;
  queueId: number;
  userId: number;
  connectionId: number;
  channel: string;
} & Record<TBucketMeasure, number>;

/** The ticket's message counts are the sums of its hours. */
export const withMessageCounts = (facts: TTicketFacts, hours: readonly THourMessages[]): TTicketFacts => {
  facts.messagesIn = hours.reduce((n, h) => n + h.messagesIn, 0);
  facts.messagesOut = hours.reduce((n, h) => n + h.messagesOut, 0);
  return facts;
};

const HOUR_MS = 3_600_000;
export const hourOf = (at: Date): Date => new Date(Math.floor(at.getTime() / HOUR_MS) * HOUR_MS);

const keyOf = (bucket: Omit<TBucket, TBucketMeasure>): string =>
  `${bucket.hour.toISOString()}|${bucket.queueId}|${bucket.userId}|${bucket.connectionId}|${bucket.channel}`;

const emptyMeasures = (): Record<TBucketMeasure, number> =>
  Object.fromEntries(bucketMeasures.map((m) => [m, 0])) as Record<TBucketMeasure, number>;

/** Sums of buckets by their key; `add` with a negative sign takes a contribution back out. */
export class BucketSums {
  readonly rows = new Map<string, TBucket>();

  add(facts: TTicketFacts, hours: readonly THourMessages[], sign: 1 | -1 = 1): void {
    const where = {
      queueId: facts.queueId ?? 0,
      userId: facts.userId ?? 0,
      connectionId: facts.connectionId ?? 0,
      channel: facts.channel,
    };
    const put = (at: Date, measures: Partial<Record<TBucketMeasure, number>>) => {
      const place = { hour: hourOf(at), ...where };
      const key = keyOf(place);
      const row = this.rows.get(key) ?? { ...place, ...emptyMeasures() };
      for (const [measure, value] of Object.entries(measures) as [TBucketMeasure, number][]) {
        row[measure] += sign * value;
      }
      this.rows.set(key, row);
    };
    put(facts.createdAt, { ticketsCreated: 1 });
    if (facts.acceptedAt) put(facts.acceptedAt, { ticketsAccepted: 1, waitSeconds: facts.waitSeconds ?? 0 });
    if (facts.firstResponseAt) {
      put(facts.firstResponseAt, {
        firstResponses: 1,
        firstResponseSeconds: facts.firstResponseSeconds ?? 0,
        firstResponseBusinessSeconds: facts.firstResponseBusinessSeconds ?? 0,
      });
    }
    if (facts.status === 'closed' && facts.closedAt) {
      put(facts.closedAt, {
        ticketsClosed: 1,
        resolutionSeconds: facts.resolutionSeconds ?? 0,
        pauseSeconds: facts.pauseSeconds,
        transfers: facts.transfers,
        ...(facts.rating === null ? {} : { ratings: 1, ratingSum: facts.rating }),
      });
    }
    for (const hour of hours) put(hour.hour, { messagesIn: hour.messagesIn, messagesOut: hour.messagesOut });
  }

  /** The rows that change anything, in key order (two writers lock shared rows in the same order). */
  changed(): TBucket[] {
    return [...this.rows.entries()]
      .filter(([, row]) => bucketMeasures.some((m) => row[m] !== 0))
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([, row]) => row);
  }
}
