import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { connect } from 'node:net';
import {
  allEvents,
  evolutionError,
  type TEvolutionProxy,
  type TEvolutionSettings,
  type TEvolutionWebhook,
  type TInstance,
} from './evolution-protocol.js';
import { isUrl, json } from './fake-http.js';

// The fake Evolution gateway's per-instance settings: the webhook it posts to, the proxy it goes out through and
// its behaviour settings (calls, groups, read receipts).

/** Evolution's proxy test, as far as loopback goes: something must accept a connection at the proxy's address. */
const proxyAnswers = (proxy: TEvolutionProxy) =>
  new Promise<boolean>((resolve) => {
    const port = Number(proxy.port);
    if (!proxy.host || !Number.isInteger(port) || !['http', 'https', 'socks4', 'socks5'].includes(proxy.protocol))
      return resolve(false);
    const socket = connect({ host: proxy.host, port, timeout: 2_000 });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });

/** POST /webhook/set: where and which events to post (all of them when enabled without a list). */
export const setWebhook = (instance: TInstance, input: Record<string, unknown>, res: ServerResponse) => {
  const webhook = input.webhook as Partial<TEvolutionWebhook> | undefined;
  if (!webhook || typeof webhook.url !== 'string' || !isUrl(webhook.url))
    return evolutionError(res, 400, ['Invalid "url" property']);
  const enabled = webhook.enabled === true;
  const events = Array.isArray(webhook.events) ? webhook.events.map(String) : [];
  instance.webhook = {
    enabled,
    url: webhook.url,
    events: enabled ? (events.length > 0 ? events : allEvents) : [],
    byEvents: webhook.byEvents === true,
    base64: webhook.base64 === true,
    headers: (webhook.headers ?? {}) as Record<string, string>,
  };
  const now = new Date().toISOString();
  return json(res, 201, {
    id: randomUUID(),
    url: instance.webhook.url,
    headers: instance.webhook.headers,
    enabled,
    events: instance.webhook.events,
    webhookByEvents: instance.webhook.byEvents,
    webhookBase64: instance.webhook.base64,
    createdAt: now,
    updatedAt: now,
    instanceId: instance.instanceId,
  });
};

/** POST /proxy/set: Evolution clears the fields of a disabled proxy, and tries an enabled one before keeping it. */
export const setProxy = async (instance: TInstance, input: Record<string, unknown>, res: ServerResponse) => {
  const field = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');
  const enabled = input.enabled === true;
  const proxy = enabled
    ? {
        enabled,
        host: field(input.host),
        port: field(input.port),
        protocol: field(input.protocol),
        username: field(input.username),
        password: field(input.password),
      }
    : { enabled, host: '', port: '', protocol: '', username: '', password: '' };
  if (enabled && !(await proxyAnswers(proxy))) return evolutionError(res, 400, ['Invalid proxy']);
  instance.proxy = proxy;
  return json(res, 201, { ...proxy, id: randomUUID(), instanceId: instance.instanceId });
};

/** The behaviour settings in a create's or `/settings/set`'s body: each flag on only when sent as true. */
export const settingsOf = (input: Record<string, unknown>): TEvolutionSettings => ({
  rejectCall: input.rejectCall === true,
  msgCall: typeof input.msgCall === 'string' ? input.msgCall : '',
  groupsIgnore: input.groupsIgnore === true,
  alwaysOnline: input.alwaysOnline === true,
  readMessages: input.readMessages === true,
  readStatus: input.readStatus === true,
  syncFullHistory: input.syncFullHistory === true,
});

const requiredSettings = [
  'rejectCall',
  'groupsIgnore',
  'alwaysOnline',
  'readMessages',
  'readStatus',
  'syncFullHistory',
];

/** POST /settings/set: every flag is required (Evolution's settingsSchema); answers the instance and the settings. */
export const setSettings = (instance: TInstance, input: Record<string, unknown>, res: ServerResponse) => {
  const missing = requiredSettings.filter((field) => typeof input[field] !== 'boolean');
  if (missing.length > 0)
    return evolutionError(
      res,
      400,
      missing.map((field) => `instance requires property "${field}"`),
    );
  instance.settings = settingsOf(input);
  return json(res, 201, { settings: { instanceName: instance.name, settings: instance.settings } });
};
