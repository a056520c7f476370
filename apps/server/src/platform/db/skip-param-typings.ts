import type { TDb } from './client.js';

/**
 * Drizzle works out a type hint for every parameter of every statement it builds (its dialect's
 * `prepareTyping`: up to ten class checks, each walking a prototype chain), which only its AWS Data API driver
 * reads: the node-postgres and PGlite drivers drop it. A multi-row insert of an inbound batch has hundreds of
 * parameters, and those checks were 9 % of the server's CPU at 1,000 msgs/s on PostgreSQL (docs/benchmarks.md).
 * Drizzle skips the hints when its dialect has no `prepareTyping`, so ours has none.
 */
export const skipParamTypings = (db: TDb): void => {
  (db as unknown as { dialect: { prepareTyping?: unknown } }).dialect.prepareTyping = undefined;
};
