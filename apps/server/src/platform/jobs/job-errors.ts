/**
 * Thrown by a handler when the job cannot run now, or not on this instance: it runs again at `at` (by any
 * instance, or by another one first when `elsewhere`), and the attempt does not count as a failure.
 */
export class JobDeferred extends Error {
  constructor(
    readonly at: Date,
    readonly elsewhere = false,
  ) {
    super(`deferred until ${at.toISOString()}`);
    this.name = 'JobDeferred';
  }
}

/** Thrown by a handler when trying again cannot help: the job fails for good with this reason, retries left or not. */
export class JobGiveUp extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'JobGiveUp';
  }
}
