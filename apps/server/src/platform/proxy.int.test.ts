import type { AddressInfo } from 'node:net';
import { startFakeProxy, type TFakeProxy } from '@prosa/fakes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { proxyDispatcher, proxySocketAgent, type TProxyRoute } from './proxy.js';

// The two ways WhatsApp traffic leaves through a connection's proxy, against a real forward proxy on loopback:
// the WebSocket (Baileys' socket takes a Node agent) and fetch (media uploads and downloads take a dispatcher),
// each through HTTP (CONNECT) and SOCKS5 proxies with a login.

let proxy: TFakeProxy;
let server: WebSocketServer;
let target = '';
const login = { username: 'prosa', password: 'senha-do-proxy' };

beforeAll(async () => {
  proxy = await startFakeProxy({ login });
  server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  server.on('connection', (ws) => ws.on('message', (data) => ws.send(`eco: ${String(data)}`)));
  await new Promise((resolve) => server.once('listening', resolve));
  target = `127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await proxy.close();
});

const echoThrough = (route: TProxyRoute) =>
  new Promise<string>((resolve, reject) => {
    const ws = new WebSocket(`ws://${target}/ws/chat`, { agent: proxySocketAgent(route) });
    ws.once('open', () => ws.send('olá'));
    ws.once('message', (data) => {
      resolve(String(data));
      ws.close();
    });
    ws.once('error', reject);
  });

describe('proxy agents', () => {
  it.each([
    ['http', () => proxy.httpUrl],
    ['socks5', () => proxy.socksUrl],
  ] as const)('a WebSocket goes through the %s proxy with its login', async (protocol, url) => {
    expect(await echoThrough({ url: url(), ...login })).toBe('eco: olá');
    expect(proxy.connections).toContainEqual({ protocol, target, username: 'prosa' });
  });

  it.each([
    ['http', () => proxy.httpUrl],
    ['socks5', () => proxy.socksUrl],
  ] as const)('fetch goes through the %s proxy; a wrong password is refused there', async (_protocol, url) => {
    const dispatcher = proxyDispatcher({ url: url(), ...login });
    const res = await fetch(`http://${target}/media`, { dispatcher } as unknown as RequestInit);
    // The WebSocket server answers plain HTTP with 426: the request went all the way through.
    expect(res.status).toBe(426);
    await dispatcher.close();
    await expect(echoThrough({ url: url(), username: 'prosa', password: 'errada' })).rejects.toThrow();
  });
});
