import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';
import { createHttp } from './http.js';

type TLine = { level: number; msg: string };
const levels = { debug: 20, error: 50 } as const;

const apps: { close: () => Promise<unknown> }[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

/** A server at LOG_LEVEL `level` that answers, refuses and fails once each; what it logged. */
const logOfThreeRequests = async (level: string): Promise<TLine[]> => {
  const lines: TLine[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)) as TLine);
      done();
    },
  });
  const app = await createHttp(loadConfig({ LOG_LEVEL: level }), { stream });
  apps.push(app);
  app.get('/fine', async () => ({ ok: true }));
  app.get('/broken', async () => {
    throw new Error('database went away');
  });
  await app.inject({ url: '/fine' });
  await app.inject({ url: '/missing' });
  await app.inject({ url: '/broken' });
  return lines;
};

describe('request logs', () => {
  it('stay out of the default info log, which keeps the errors', async () => {
    const lines = await logOfThreeRequests('info');
    expect(lines.filter((l) => /request/.test(l.msg))).toEqual([]);
    expect(lines.some((l) => l.level === levels.error)).toBe(true);
  });

  it('come back at LOG_LEVEL=debug', async () => {
    const lines = await logOfThreeRequests('debug');
    const completed = lines.filter((l) => l.msg === 'request completed');
    expect(completed).toHaveLength(3);
    expect(completed.every((l) => l.level === levels.debug)).toBe(true);
  });
});
