import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createWakeUp } from './wake-up.js';

describe('the job runner wake-up', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2030-01-01T12:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  /** Whether the sleep ended within `ms` of the fake clock. */
  const endsWithin = async (sleep: Promise<void>, ms: number) => {
    let ended = false;
    void sleep.then(() => {
      ended = true;
    });
    await vi.advanceTimersByTimeAsync(ms);
    return ended;
  };

  it('sleeps the poll interval when nothing happens', async () => {
    const wakeUp = createWakeUp();
    const sleep = wakeUp.sleep(1_000);
    expect(await endsWithin(sleep, 999)).toBe(false);
    expect(await endsWithin(sleep, 1)).toBe(true);
  });

  it('a nudge ends the sleep at once, and one that comes while awake skips the next sleep', async () => {
    const wakeUp = createWakeUp();
    const sleep = wakeUp.sleep(1_000);
    wakeUp.nudge();
    expect(await endsWithin(sleep, 0)).toBe(true);
    wakeUp.nudge();
    expect(await endsWithin(wakeUp.sleep(1_000), 0)).toBe(true);
    expect(await endsWithin(wakeUp.sleep(1_000), 0)).toBe(false);
  });

  it('wakes when a job falls due, the earliest first, long before the poll', async () => {
    const wakeUp = createWakeUp();
    wakeUp.nudgeAt(new Date(Date.now() + 300));
    wakeUp.nudgeAt(new Date(Date.now() + 100));
    wakeUp.nudgeAt(new Date(Date.now() + 200));
    const sleep = wakeUp.sleep(60_000);
    expect(await endsWithin(sleep, 90)).toBe(false);
    expect(await endsWithin(sleep, 20)).toBe(true);
    // Only the earliest time is kept: the later ones are left to the poll.
    expect(await endsWithin(wakeUp.sleep(60_000), 1_000)).toBe(false);
  });

  it('a time already past wakes at once; stop forgets what was due and ends the sleep', async () => {
    const wakeUp = createWakeUp();
    wakeUp.nudgeAt(new Date(Date.now() - 5_000));
    expect(await endsWithin(wakeUp.sleep(60_000), 10)).toBe(true);
    wakeUp.nudgeAt(new Date(Date.now() + 100));
    const sleep = wakeUp.sleep(60_000);
    wakeUp.stop();
    expect(await endsWithin(sleep, 0)).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });
});
