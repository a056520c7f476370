import { describe, expect, it, vi } from 'vitest';
import { createShutdown } from './shutdown.js';

const silent = () => ({ warn: vi.fn() }) as never as Parameters<typeof createShutdown>[0];

describe('shutdown', () => {
  it('runs the steps in order, once, and tells which one is running and what it waits on', async () => {
    const order: string[] = [];
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const shutdown = createShutdown(silent(), [
      { name: 'http', run: () => order.push('http') },
      { name: 'jobs', run: () => held.then(() => order.push('jobs')), waitingOn: () => ['messages.send'] },
      { name: 'database', run: () => order.push('database') },
    ]);
    const first = shutdown.close();
    const second = shutdown.close();
    await vi.waitFor(() => expect(shutdown.progress()).toMatchObject({ step: 'jobs', waitingOn: ['messages.send'] }));
    release();
    await Promise.all([first, second]);
    expect(order).toEqual(['http', 'jobs', 'database']);
    expect(shutdown.progress()).toBeNull();
  });

  it('logs a step slower than its limit, naming it', async () => {
    vi.useFakeTimers();
    try {
      const log = silent();
      let release: () => void = () => undefined;
      const shutdown = createShutdown(
        log,
        [{ name: 'background', run: () => new Promise<void>((resolve) => (release = resolve)), waitingOn: () => 2 }],
        1_000,
      );
      const closing = shutdown.close();
      await vi.advanceTimersByTimeAsync(1_001);
      expect(log.warn).toHaveBeenCalledWith(
        { shutdown: { step: 'background', ms: expect.any(Number), waitingOn: 2 } },
        'shutdown: a step is slow',
      );
      release();
      await closing;
    } finally {
      vi.useRealTimers();
    }
  });
});
