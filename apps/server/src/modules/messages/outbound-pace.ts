import type { TDb } from '../../platform/db/client.js';
import { JobDeferred } from '../../platform/jobs/job-errors.js';
import { bookSlot, findSlotAheadMs } from './outbound.repository.js';

/** A paced send waits for its slot up to this long; a connection booked further ahead is tried again later. */
const MAX_PACE_WAIT_MS = 10_000;

/**
 * The pause between two sends of one paced connection (unofficial WhatsApp channels): a random gap in
 * `pace`, kept on the connection row so several instances share one pace. Sends of one paced connection run
 * one at a time (their jobs share a group), so a slot is rarely booked far ahead.
 */
export const createPacer = (db: TDb, pace: { minMs: number; maxMs: number } = { minMs: 0, maxMs: 0 }) => {
  const sleepers = new Set<() => void>();
  let stopping = false;

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const wake = () => {
        clearTimeout(timeout);
        sleepers.delete(wake);
        resolve();
      };
      const timeout = setTimeout(wake, ms);
      sleepers.add(wake);
    });

  return {
    /**
     * Takes the connection's next slot and waits for it. Throws JobDeferred (the send runs again later, the
     * attempt not counted) when the slot is further ahead than a wait allows, or when the server is stopping.
     */
    async waitForSlot(connectionId: number): Promise<void> {
      const aheadMs = await findSlotAheadMs(db, connectionId);
      if (aheadMs > MAX_PACE_WAIT_MS) throw new JobDeferred(new Date(Date.now() + aheadMs));
      const gapMs = Math.round(pace.minMs + Math.random() * (pace.maxMs - pace.minMs));
      const waitMs = Math.max(0, (await bookSlot(db, connectionId, gapMs)) - gapMs);
      if (waitMs > 0 && !stopping) await sleep(waitMs);
      if (stopping) throw new JobDeferred(new Date());
    },
    /** Ends the waits at once (their sends go back to the queue). */
    stop(): void {
      stopping = true;
      for (const wake of [...sleepers]) wake();
    },
  };
};
export type TPacer = ReturnType<typeof createPacer>;
