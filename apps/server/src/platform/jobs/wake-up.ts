/**
 * How the job runner's poll loop sleeps: until its poll interval ends, until it is nudged (a job was enqueued
 * or a slot freed on this instance), or until a job this instance knows of falls due (a delayed job it
 * enqueued, a retry, a deferral). A nudge that comes while the loop is busy fetching is kept for its next
 * sleep, so none is lost. The poll interval then only bounds what this instance cannot know: jobs other
 * instances enqueued, and jobs written by transactions without a commit hook.
 */
export const createWakeUp = () => {
  let wake: (() => void) | undefined;
  let nudged = false;
  let dueTimer: ReturnType<typeof setTimeout> | undefined;
  let dueAt = Number.POSITIVE_INFINITY;

  const nudge = () => {
    if (wake) wake();
    else nudged = true;
  };

  return {
    nudge,
    /** Wakes the loop at `at` (only the earliest such time is kept; the poll finds the later ones). */
    nudgeAt(at: Date): void {
      const ms = at.getTime();
      if (ms >= dueAt) return;
      clearTimeout(dueTimer);
      dueAt = ms;
      // A few milliseconds past: the database's clock decides what is due.
      dueTimer = setTimeout(
        () => {
          dueAt = Number.POSITIVE_INFINITY;
          dueTimer = undefined;
          nudge();
        },
        Math.max(0, ms - Date.now()) + 5,
      );
      dueTimer.unref?.();
    },
    /** Sleeps up to `ms`, or not at all if nudged since the last sleep. */
    sleep(ms: number): Promise<void> {
      if (nudged) {
        nudged = false;
        return Promise.resolve();
      }
      return new Promise<void>((resolve) => {
        const timer = setTimeout(done, ms);
        function done() {
          clearTimeout(timer);
          wake = undefined;
          resolve();
        }
        wake = done;
      });
    },
    stop(): void {
      clearTimeout(dueTimer);
      dueTimer = undefined;
      dueAt = Number.POSITIVE_INFINITY;
      nudge();
    },
  };
};
