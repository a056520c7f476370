import { isTenantTx } from './tenant-tx.js';

const answers = new WeakMap<object, Map<string, Promise<unknown>>>();

/**
 * A read done once per transaction: `load`'s answer is kept for the rest of `tx` under `key`. The inbound path
 * publishes one event per message of a batch in one transaction, and every listener asks whether each concerns
 * it: the tenant-wide facts behind those questions (settings, the tenant's row, whether any assistant or
 * auto-reply exists, a connection's flow) are read for the first message only. Only for facts the transaction
 * itself does not change; a failed read is not kept. Outside a `withTenant` transaction (the bare database, which
 * lives as long as the server) nothing is kept.
 */
export const onceInTx = <T>(tx: object, key: string, load: () => Promise<T>): Promise<T> => {
  if (!isTenantTx(tx)) return load();
  let kept = answers.get(tx);
  if (!kept) {
    kept = new Map();
    answers.set(tx, kept);
  }
  const known = kept.get(key);
  if (known) return known as Promise<T>;
  const loading = load();
  kept.set(key, loading);
  loading.catch(() => kept.delete(key));
  return loading;
};
