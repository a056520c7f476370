import { describe, expect, it } from 'vitest';
import type { TDb } from '../../platform/db/client.js';
import { forgetListCounts, openListCounts } from './list-counts.js';

const fakeDb = () => ({}) as TDb;

describe('kept list totals', () => {
  it('answer a later request of the same shape, per tenant', () => {
    const db = fakeDb();
    openListCounts(db, 1, 0).keep('agent', 7);
    expect(openListCounts(db, 1, 10).known('agent')).toBe(7);
    expect(openListCounts(db, 1, 10).known('admin')).toBeUndefined();
    expect(openListCounts(db, 2, 10).known('agent')).toBeUndefined();
  });

  it('never keep a total counted before a change that came during the request', () => {
    const db = fakeDb();
    const slow = openListCounts(db, 1, 0);
    forgetListCounts(db, 1);
    slow.keep('agent', 7);
    expect(openListCounts(db, 1, 10).known('agent')).toBeUndefined();
  });

  it('are dropped by a change and expire after 30 seconds', () => {
    const db = fakeDb();
    openListCounts(db, 1, 0).keep('agent', 7);
    const before = openListCounts(db, 1, 5);
    forgetListCounts(db, 1);
    expect(before.known('agent')).toBeUndefined();
    openListCounts(db, 1, 0).keep('agent', 8);
    expect(openListCounts(db, 1, 29_999).known('agent')).toBe(8);
    expect(openListCounts(db, 1, 30_000).known('agent')).toBeUndefined();
  });
});
