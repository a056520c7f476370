import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('GET /webchat.js', () => {
  it('serves the embed script as JavaScript, loadable from other sites, without a session', async () => {
    const res = await t.prosa.app.inject({ method: 'GET', url: '/webchat.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/javascript; charset=utf-8/);
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(res.body).toContain("getAttribute('data-token')");
    expect(res.body).toContain("'/webchat/' + encodeURIComponent(token)");
    // It runs on unknown pages: no markup parsing.
    expect(res.body).not.toContain('innerHTML');
    expect(() => new Function(res.body)).not.toThrow();
  });

  it('lets any site frame the visitor page, and only that page', async () => {
    const visitor = await t.prosa.app.inject({ method: 'GET', url: '/webchat/some-token-123' });
    expect(visitor.headers['x-frame-options']).toBeUndefined();
    expect(String(visitor.headers['content-security-policy'])).toContain('frame-ancestors *');

    const staff = await t.prosa.app.inject({ method: 'GET', url: '/whatsapp' });
    expect(staff.statusCode).toBe(401);
    expect(staff.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(String(staff.headers['content-security-policy'])).toContain("frame-ancestors 'self'");
  });
});
