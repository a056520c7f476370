import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig, parseTrustProxy } from './config.js';
import { createHttp } from './http.js';

// Behind a reverse proxy every request arrives from the proxy; per-IP limits (login, web chat sessions) must
// see the client the proxy names, and only when the operator says the proxy is there.
const apps: { close: () => Promise<unknown> }[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

const clientIpSeen = async (trustProxy: string, forwardedFor: string) => {
  const app = await createHttp(loadConfig({ TRUST_PROXY: trustProxy }), false);
  apps.push(app);
  app.get('/probe-ip', async (req) => ({ ip: req.ip }));
  const res = await app.inject({ url: '/probe-ip', headers: { 'x-forwarded-for': forwardedFor } });
  return (res.json() as { ip: string }).ip;
};

describe('TRUST_PROXY', () => {
  it('reads none, all or a list of addresses, and refuses a hop count', async () => {
    expect(parseTrustProxy('')).toBe(false);
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('TRUE')).toBe(true);
    expect(await clientIpSeen('uniquelocal', '203.0.113.7')).toBe('127.0.0.1');
    expect(() => loadConfig({ TRUST_PROXY: '1' })).toThrow(/TRUST_PROXY: name the proxies/);
    expect(parseTrustProxy('10.0.0.0/8, 127.0.0.1')).toEqual(['10.0.0.0/8', '127.0.0.1']);
  });

  it('ignores X-Forwarded-For unless a proxy is trusted', async () => {
    expect(await clientIpSeen('', '203.0.113.7')).toBe('127.0.0.1');
    expect(await clientIpSeen('true', '203.0.113.7')).toBe('203.0.113.7');
    expect(await clientIpSeen('10.0.0.0/8', '203.0.113.7')).toBe('127.0.0.1');
    expect(await clientIpSeen('127.0.0.1', '198.51.100.2, 203.0.113.7')).toBe('203.0.113.7');
  });
});
