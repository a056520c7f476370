import { describe, expect, it } from 'vitest';
import { BucketSums, hourOf, type TTicketFacts } from './ticket-facts.js';

const at = (iso: string) => new Date(iso);
const facts = (changes: Partial<TTicketFacts> = {}): TTicketFacts => ({
  ticketId: 1,
  status: 'closed',
  channel: 'webchat',
  connectionId: 3,
  queueId: 2,
  userId: 7,
  contactId: 9,
  reasonId: null,
  isGroup: false,
  createdAt: at('2026-11-20T10:15:00Z'),
  acceptedAt: at('2026-11-20T10:20:00Z'),
  firstResponseAt: at('2026-11-20T11:05:00Z'),
  closedAt: at('2026-11-20T12:30:00Z'),
  waitSeconds: 300,
  firstResponseSeconds: 3000,
  firstResponseBusinessSeconds: 2000,
  resolutionSeconds: 8100,
  pauseSeconds: 60,
  transfers: 1,
  messagesIn: 3,
  messagesOut: 2,
  rating: 4,
  tagIds: [],
  ...changes,
});
const hours = [{ hour: at('2026-11-20T10:00:00Z'), messagesIn: 3, messagesOut: 2 }];

describe('BucketSums', () => {
  it('counts each figure in the hour it happened, in the ticket’s queue, agent, connection and channel', () => {
    const sums = new BucketSums();
    sums.add(facts(), hours);
    const rows = sums.changed();
    expect(rows.map((r) => r.hour.toISOString())).toEqual([
      '2026-11-20T10:00:00.000Z',
      '2026-11-20T11:00:00.000Z',
      '2026-11-20T12:00:00.000Z',
    ]);
    expect(rows[0]).toMatchObject({
      ticketsCreated: 1,
      ticketsAccepted: 1,
      waitSeconds: 300,
      messagesIn: 3,
      queueId: 2,
    });
    expect(rows[1]).toMatchObject({
      firstResponses: 1,
      firstResponseSeconds: 3000,
      firstResponseBusinessSeconds: 2000,
    });
    expect(rows[2]).toMatchObject({
      ticketsClosed: 1,
      resolutionSeconds: 8100,
      transfers: 1,
      ratings: 1,
      ratingSum: 4,
    });
  });

  it('takes an old contribution out: a ticket moved to another queue leaves nothing behind in the first', () => {
    const sums = new BucketSums();
    sums.add(facts(), hours, -1);
    sums.add(facts({ queueId: null, status: 'open', closedAt: null }), hours);
    const rows = sums.changed();
    expect(rows.every((r) => (r.queueId === 2 ? r.ticketsCreated <= 0 : r.queueId === 0))).toBe(true);
    expect(rows.filter((r) => r.queueId === 0).reduce((n, r) => n + r.ticketsCreated, 0)).toBe(1);
    expect(rows.some((r) => r.queueId === 0 && r.ticketsClosed !== 0)).toBe(false);
  });

  it('adds nothing for a contribution taken out and put back', () => {
    const sums = new BucketSums();
    sums.add(facts(), hours, -1);
    sums.add(facts(), hours);
    expect(sums.changed()).toEqual([]);
    expect(hourOf(at('2026-11-20T10:59:59.999Z')).toISOString()).toBe('2026-11-20T10:00:00.000Z');
  });
});
