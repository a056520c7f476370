import type { Agent } from 'node:http';
import type { TProxyTestResult } from '@prosa/contracts';
import { HttpsProxyAgent } from 'https-proxy-agent';
import { SocksProxyAgent } from 'socks-proxy-agent';
import { type Dispatcher, ProxyAgent, Socks5ProxyAgent } from 'undici';
import type { TStoredProxy } from './db/schema.js';
import type { TSecrets } from './secrets.js';

/** A connection's proxy ready to use: `protocol://host:port` and the login in clear. */
export type TProxyRoute = { url: string; username: string | null; password: string | null };

/** The proxy of a connection row, its password opened; null when it has none (or it cannot be opened). */
export const openProxy = (secrets: TSecrets, stored: TStoredProxy | null | undefined): TProxyRoute | null => {
  if (!stored?.url) return null;
  return { url: stored.url, username: stored.username, password: stored.password && secrets.open(stored.password) };
};

/** Identifies a stored proxy (address, login and sealed password): a change means sockets must be remade. */
export const proxyFingerprint = (stored: TStoredProxy | null | undefined) =>
  stored?.url ? JSON.stringify([stored.url, stored.username, stored.password]) : '';

/** The proxy's URL with its login in it, as the socket agents take it. */
const withLogin = (route: TProxyRoute) => {
  const url = new URL(route.url);
  if (route.username) url.username = route.username;
  if (route.password) url.password = route.password;
  return url;
};

/** The proxy's protocol, host and port, its port spelled out even when it is the scheme's default. */
export const proxyParts = (route: TProxyRoute) => {
  const url = new URL(route.url);
  const protocol = url.protocol.replace(':', '');
  const port = url.port || (protocol === 'https' ? '443' : '80');
  return { protocol, host: url.hostname, port };
};

const isSocks = (route: TProxyRoute) => route.url.startsWith('socks5:');

/** A Node agent for sockets (WebSocket, https) through the proxy: CONNECT for http(s) proxies, or SOCKS5. */
export const proxySocketAgent = (route: TProxyRoute): Agent =>
  isSocks(route) ? new SocksProxyAgent(withLogin(route)) : new HttpsProxyAgent(withLogin(route));

/** A fetch dispatcher through the proxy (fetch takes undici dispatchers, not Node agents). */
export const proxyDispatcher = (route: TProxyRoute): Dispatcher => {
  if (isSocks(route)) return new Socks5ProxyAgent(withLogin(route).href);
  const token = route.username
    ? `Basic ${Buffer.from(`${route.username}:${route.password ?? ''}`).toString('base64')}`
    : undefined;
  return new ProxyAgent({ uri: route.url, ...(token ? { token } : {}) });
};

/** Why a request through the proxy failed, as a catalogue code. */
const proxyFailure = (error: unknown): string => {
  if (error instanceof DOMException && error.name === 'TimeoutError') return 'ERR_PROXY_TIMEOUT';
  const messages: string[] = [];
  for (let cause: unknown = error; cause instanceof Error && messages.length < 5; cause = cause.cause)
    messages.push(`${cause.message} ${(cause as { code?: string }).code ?? ''}`);
  const text = messages.join(' | ');
  if (/\b407\b|authentication failed|auth/i.test(text)) return 'ERR_PROXY_AUTH';
  if (/ECONNREFUSED|ENOTFOUND|EHOSTUNREACH|EAI_AGAIN|ECONNRESET|socket hang up|closed/i.test(text))
    return 'ERR_PROXY_UNREACHABLE';
  if (/timeout/i.test(text)) return 'ERR_PROXY_TIMEOUT';
  return 'ERR_PROXY_TARGET';
};

/**
 * Tries the proxy the way WhatsApp traffic would use it: a request to `target` (WhatsApp Web's address)
 * through it. Any HTTP answer from the target proves the path; none says why (refused, login, timeout).
 */
export const testProxy = async (route: TProxyRoute, target: string, timeoutMs: number): Promise<TProxyTestResult> => {
  const dispatcher = proxyDispatcher(route);
  const started = performance.now();
  try {
    const res = await fetch(target, {
      method: 'HEAD',
      signal: AbortSignal.timeout(timeoutMs),
      dispatcher,
    } as RequestInit & { dispatcher: Dispatcher });
    await res.body?.cancel();
    return { ok: true, latencyMs: Math.round(performance.now() - started), error: null };
  } catch (error) {
    return { ok: false, latencyMs: null, error: proxyFailure(error) };
  } finally {
    void dispatcher.close().catch(() => undefined);
  }
};
