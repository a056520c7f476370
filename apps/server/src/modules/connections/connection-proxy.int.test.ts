import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  createFakeBaileys,
  startFakeEvolution,
  startFakeProxy,
  startFakeSmtp,
  type TFakeBaileys,
  type TFakeEvolution,
  type TFakeProxy,
  type TFakeSmtp,
} from '@prosa/fakes';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFieldError, expectNotFoundFor, expectSealed } from '../../../test/channel-checks.js';
import { findConnectionRow, freePort, startPublicTestApp, type TTenantFixture } from '../../../test/channels.js';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { eventually } from '../../../test/sockets.js';
import { sessionLeases, tenants } from '../../platform/db/schema.js';

// The proxy a WhatsApp number goes out through, end to end: stored per connection (password sealed, never shown),
// put to use at once (Baileys remakes its socket through it without a new QR, and an instance that does not run
// the socket passes the change on through the database; Evolution is told, and a proxy it refuses leaves the
// previous one in place), and tried before saving through a real forward proxy (HTTP and SOCKS5, with a login).

let base: TestApp;
let t: TestApp;
let fx: TTenantFixture;
let other: TTenantFixture;
let smtp: TFakeSmtp;
let proxy: TFakeProxy;
let evo: TFakeEvolution;
let baileys: TFakeBaileys;
let baseBaileys: TFakeBaileys;
let whatsApp: Server;
let baileysId = 0;
let evolutionId = 0;
let webchatId = 0;

const login = { username: 'prosa', password: `pw-${randomBytes(6).toString('hex')}` };
const apiKey = `evo-${randomBytes(12).toString('hex')}`;
const whatsAppHost = () => `127.0.0.1:${(whatsApp.address() as AddressInfo).port}`;
const proxyPath = (id: number) => `/whatsapp/${id}/proxy`;
const socketProxy = () => baileys.latest().options.proxy ?? null;

beforeAll(async () => {
  smtp = await startFakeSmtp();
  proxy = await startFakeProxy({ login });
  evo = await startFakeEvolution({ apiKey });
  // "WhatsApp Web" as a proxy test reaches it: any HTTP answer proves the way through.
  whatsApp = createServer((_req, res) => res.writeHead(200).end());
  await new Promise<void>((resolve) => whatsApp.listen(0, '127.0.0.1', resolve));
  baseBaileys = createFakeBaileys({ autoOpen: false });
  baileys = createFakeBaileys({ autoOpen: false });
  const config = { smtpUrl: smtp.url, proxyCheckUrl: `http://${whatsAppHost()}/` };
  base = await startTestApp(config, { baileysSocket: baseBaileys.factory });
  t = await startPublicTestApp(config, { shareDatabaseWith: base, baileysSocket: baileys.factory });
  fx = await t.createTenantFixture('Proxy');
  other = await t.createTenantFixture('Vizinha');
  await base.db.update(tenants).set({ maxConnections: 5 }).where(eq(tenants.id, fx.tenantId));
  const create = async (body: Record<string, unknown>) => {
    const res = await t.request('POST', '/whatsapp', {
      token: fx.tokens.admin,
      body: { queueId: fx.queue.id, ...body },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return Number(res.body.id);
  };
  baileysId = await create({ name: 'WhatsApp QR', type: 'baileys' });
  evolutionId = await create({
    name: 'WhatsApp Evolution',
    type: 'evolution',
    config: { gatewayUrl: evo.baseUrl, apiKey },
  });
  webchatId = await create({ name: 'Site', type: 'webchat' });
});
afterAll(async () => {
  await t.close();
  await base.close();
  await smtp.close();
  await evo.close();
  await proxy.close();
  whatsApp.close();
});

describe('connection proxy', () => {
  it('is for admins of the tenant only, names the bad field, and is refused by channels that use none', async () => {
    const body = { url: proxy.httpUrl, ...login };
    expect((await t.request('PUT', proxyPath(baileysId), { body })).status).toBe(401);
    expect((await t.request('PUT', proxyPath(baileysId), { token: fx.tokens.agent, body })).status).toBe(403);
    expect((await t.request('POST', `${proxyPath(baileysId)}/test`, { token: fx.tokens.agent, body })).status).toBe(
      403,
    );
    await expectNotFoundFor(t, other.tokens.admin, [
      ['PUT', proxyPath(baileysId), body],
      ['POST', `${proxyPath(baileysId)}/test`, body],
    ]);
    for (const url of [
      'ftp://127.0.0.1:21',
      'http://127.0.0.1',
      'http://u:p@127.0.0.1:3128',
      'socks4://h:1',
      'http://h:1/x',
      'nada',
    ])
      expectFieldError(await t.request('PUT', proxyPath(baileysId), { token: fx.tokens.admin, body: { url } }), 'url');
    expectFieldError(
      await t.request('PUT', proxyPath(baileysId), {
        token: fx.tokens.admin,
        body: { url: proxy.httpUrl, username: 3 },
      }),
      'username',
    );
    const webchat = await t.request('PUT', proxyPath(webchatId), { token: fx.tokens.admin, body });
    expect([webchat.status, webchat.body.error]).toEqual([400, 'ERR_PROXY_NOT_SUPPORTED']);
    // Nothing was stored by any of these.
    expect((await findConnectionRow(t, baileysId))?.proxy).toBeNull();
  });

  it('tries a typed proxy through HTTP and SOCKS5 before saving: OK with its latency, or why not', async () => {
    const test = (body: Record<string, unknown>) =>
      t.request('POST', `${proxyPath(baileysId)}/test`, { token: fx.tokens.admin, body });
    const http = await test({ url: proxy.httpUrl, ...login });
    expect(http.status, JSON.stringify(http.body)).toBe(200);
    expect(http.body).toMatchObject({ ok: true, error: null });
    expect(http.body.latencyMs).toEqual(expect.any(Number));
    expect(proxy.connections).toContainEqual({ protocol: 'http', target: whatsAppHost(), username: 'prosa' });
    const socks = await test({ url: proxy.socksUrl, ...login });
    expect(socks.body).toMatchObject({ ok: true, error: null });
    expect(proxy.connections).toContainEqual({ protocol: 'socks5', target: whatsAppHost(), username: 'prosa' });
    expect((await test({ url: proxy.httpUrl, username: 'prosa', password: 'errada' })).body).toEqual({
      ok: false,
      latencyMs: null,
      error: 'ERR_PROXY_AUTH',
    });
    expect((await test({ url: proxy.socksUrl, username: 'prosa', password: 'errada' })).body.error).toBe(
      'ERR_PROXY_AUTH',
    );
    const closed = await freePort();
    expect((await test({ url: `http://127.0.0.1:${closed}`, ...login })).body.error).toBe('ERR_PROXY_UNREACHABLE');
    // Nothing typed and nothing stored: nothing to try.
    expectFieldError(await test({}), 'url');
    expect((await findConnectionRow(t, baileysId))?.proxy).toBeNull();
  });

  it('Baileys: saving remakes the socket through the proxy (same pairing, same lease); the password stays sealed', async () => {
    const before = baileys.sockets.length;
    const res = await t.request('PUT', proxyPath(baileysId), {
      token: fx.tokens.admin,
      body: { url: `${proxy.httpUrl}/`, ...login },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.proxy).toEqual({ url: proxy.httpUrl, username: 'prosa', passwordSet: true });
    expect(baileys.sockets.length).toBe(before + 1);
    expect(socketProxy()).toEqual({ url: proxy.httpUrl, ...login });
    const row = await findConnectionRow(t, baileysId);
    expectSealed([res.body, row], [login.password]);
    const leases = await base.db.select().from(sessionLeases).where(eq(sessionLeases.connectionId, baileysId));
    expect(leases).toHaveLength(1);
    // Agents see the connection, not its proxy.
    const seen = await t.request('GET', `/whatsapp/${baileysId}`, { token: fx.tokens.agent });
    expect(seen.body.proxy).toBeNull();
    // The stored proxy is what a test without a url tries (its password included).
    const stored = await t.request('POST', `${proxyPath(baileysId)}/test`, { token: fx.tokens.admin, body: {} });
    expect(stored.body).toMatchObject({ ok: true });
  });

  it('a change made through another instance reaches the socket at its next heartbeat', async () => {
    const before = baileys.sockets.length;
    const res = await base.request('PUT', proxyPath(baileysId), {
      token: fx.tokens.admin,
      body: { url: proxy.socksUrl, username: 'prosa' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // Same username, no password typed: the stored one stays.
    expect(res.body.proxy).toEqual({ url: proxy.socksUrl, username: 'prosa', passwordSet: true });
    await eventually(() => expect(socketProxy()).toEqual({ url: proxy.socksUrl, ...login }), 15_000);
    expect(baileys.sockets.length).toBe(before + 1);
    expect(baseBaileys.sockets).toHaveLength(0);
  });

  it('another username without a password clears it; url null goes direct again', async () => {
    const renamed = await t.request('PUT', proxyPath(baileysId), {
      token: fx.tokens.admin,
      body: { url: proxy.socksUrl, username: 'outro' },
    });
    expect(renamed.body.proxy).toEqual({ url: proxy.socksUrl, username: 'outro', passwordSet: false });
    // A scheme's default port is kept as written, so the address reads back as it was saved.
    const defaultPort = await t.request('PUT', proxyPath(baileysId), {
      token: fx.tokens.admin,
      body: { url: 'http://proxy.exemplo.com.br:80', username: null },
    });
    expect(defaultPort.body.proxy).toEqual({
      url: 'http://proxy.exemplo.com.br:80',
      username: null,
      passwordSet: false,
    });
    const direct = await t.request('PUT', proxyPath(baileysId), { token: fx.tokens.admin, body: { url: null } });
    expect(direct.status).toBe(200);
    expect(direct.body.proxy).toBeNull();
    expect(socketProxy()).toBeNull();
    expect((await findConnectionRow(t, baileysId))?.proxy).toBeNull();
  });

  it('Evolution: the gateway is told; a proxy it refuses leaves the previous one in place on both sides', async () => {
    const instance = () => [...evo.instances()].at(-1);
    const [host, port] = proxy.httpUrl.replace('http://', '').split(':');
    const res = await t.request('PUT', proxyPath(evolutionId), {
      token: fx.tokens.admin,
      body: { url: proxy.httpUrl, ...login },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const applied = { enabled: true, host, port, protocol: 'http', ...login };
    expect(instance()?.proxy).toEqual(applied);
    const closed = await freePort();
    const refused = await t.request('PUT', proxyPath(evolutionId), {
      token: fx.tokens.admin,
      body: { url: `socks5://127.0.0.1:${closed}`, username: null, password: null },
    });
    expect([refused.status, refused.body.error]).toEqual([400, 'ERR_PROXY_REJECTED']);
    expect((await findConnectionRow(t, evolutionId))?.proxy?.url).toBe(proxy.httpUrl);
    expect(instance()?.proxy).toEqual(applied);
    // An instance made again on the gateway (deleted there) goes out through the proxy from its first QR.
    const name = String(instance()?.name);
    const removed = await fetch(`${evo.baseUrl}/instance/delete/${name}`, {
      method: 'DELETE',
      headers: { apikey: apiKey },
    });
    expect(removed.status).toBe(200);
    const restarted = await t.request('POST', `/whatsappsession/${evolutionId}`, { token: fx.tokens.admin });
    expect(restarted.body.status).toBe('qrcode');
    expect(instance()?.proxy).toEqual(applied);
    const off = await t.request('PUT', proxyPath(evolutionId), { token: fx.tokens.admin, body: { url: null } });
    expect(off.body.proxy).toBeNull();
    expect(instance()?.proxy).toMatchObject({ enabled: false, host: '' });
  });
});
