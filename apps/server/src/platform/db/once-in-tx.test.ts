import { describe, expect, it } from 'vitest';
import type { TDb } from './client.js';
import { onceInTx } from './once-in-tx.js';
import { withTenant } from './tenant-tx.js';

/** A database whose transactions do nothing: enough for withTenant to open a tenant transaction around `work`. */
const db = { transaction: async (work: (tx: object) => Promise<unknown>) => work({ execute: async () => undefined }) };
const inTx = <T>(work: (tx: object) => Promise<T>) => withTenant(db as unknown as TDb, 1, work as never) as Promise<T>;

describe('onceInTx', () => {
  it('reads once per transaction and key, and reads again after a failure', async () => {
    let reads = 0;
    const load = async () => ++reads;
    await inTx(async (tx) => {
      expect(await Promise.all([onceInTx(tx, 'a', load), onceInTx(tx, 'a', load)])).toEqual([1, 1]);
      expect(await onceInTx(tx, 'b', load)).toBe(2);
      await expect(onceInTx(tx, 'c', () => Promise.reject(new Error('gone')))).rejects.toThrow('gone');
      expect(await onceInTx(tx, 'c', load)).toBe(3);
    });
    // Another transaction reads again.
    expect(await inTx((tx) => onceInTx(tx, 'a', load))).toBe(4);
  });

  it('keeps nothing outside a tenant transaction (the bare database lives as long as the server)', async () => {
    let reads = 0;
    const bare = {};
    await onceInTx(bare, 'a', async () => ++reads);
    expect(await onceInTx(bare, 'a', async () => ++reads)).toBe(2);
  });
});
