import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.js';

/** A built web app as the build leaves it: hashed assets with their brotli and gzip copies beside them. */
const writeWebBuild = (dir: string) => {
  const script = `export const greeting = ${JSON.stringify('Olá! '.repeat(400))};\n`;
  mkdirSync(path.join(dir, 'assets'), { recursive: true });
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><div id="q-app"></div>');
  writeFileSync(path.join(dir, 'sw.js'), 'self.skipWaiting();');
  writeFileSync(path.join(dir, 'assets', 'index-Ab12Cd34.js'), script);
  writeFileSync(path.join(dir, 'assets', 'index-Ab12Cd34.js.br'), brotliCompressSync(script));
  writeFileSync(path.join(dir, 'assets', 'index-Ab12Cd34.js.gz'), gzipSync(script));
  return script;
};

describe('the web app is served pre-compressed and cached by what can change', () => {
  let t: TestApp;
  let dir: string;
  let script: string;
  const get = (url: string, headers: Record<string, string>) => t.prosa.app.inject({ method: 'GET', url, headers });

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'prosa-web-'));
    script = writeWebBuild(dir);
    t = await startTestApp({ webDist: dir });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('sends the brotli copy of a hashed asset to a browser that accepts brotli, cached for a year', async () => {
    const res = await get('/assets/index-Ab12Cd34.js', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(script);
  });

  it('sends the gzip copy where brotli is not accepted, and the file itself where nothing is', async () => {
    const gzipped = await get('/assets/index-Ab12Cd34.js', { 'accept-encoding': 'gzip' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(script);
    const plain = await get('/assets/index-Ab12Cd34.js', {});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('never serves a compressed copy by its own name', async () => {
    const res = await get('/assets/index-Ab12Cd34.js.br', { 'accept-encoding': 'br' });
    expect(res.statusCode).toBe(404);
  });

  it('has the browser ask again for index.html and the service worker', async () => {
    const page = await get('/login', { accept: 'text/html', 'accept-encoding': 'br' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('q-app');
    expect(page.headers['cache-control']).toBe('no-cache');
    const index = await get('/index.html', { accept: 'text/html' });
    expect(index.headers['cache-control']).toBe('no-cache');
    const worker = await get('/sw.js', {});
    expect(worker.headers['cache-control']).toBe('no-cache');
  });
});
