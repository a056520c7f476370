import { randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { answerControl, isUrl, json, sendBytes, startJsonFakeServer } from './fake-http.js';
import { atOrigin, postJsonWebhook } from './fake-webhooks.js';

/** The demo's account and channel (type them in Prosa's NotificaMe Hub form). */
export const demoHub = {
  apiToken: 'demo-hub-api-token-123',
  channel: { token: 'demo-hub-whatsapp-channel', channel: 'whatsapp' },
};

export type THubChannel = { token: string; channel: string };
export type THubSubscription = { id: string; channelToken: string; url: string; createdAt: string };
/** One message the Hub took from Prosa, and what the Hub got when it fetched its file (if any). */
export type THubSent = {
  id: string;
  channel: string;
  from: string;
  to: string;
  contents: Record<string, unknown>[];
  file: { status: number; bytes: Buffer | null } | null;
};
export type THubRequest = { method: string; path: string; apiToken: string | null; body: unknown; status: number };
export type THubDelivery = { url: string; type: string; status: number; body: string };
export type THubFile = { bytes: Buffer; mimeType: string; fileName?: string; caption?: string };

const hubError = (res: ServerResponse, status: number, code: string, message: string) =>
  json(res, status, { code, message });

/**
 * A fake NotificaMe Hub on loopback, speaking the API as its integrations use it (`X-Api-Token` on every call):
 * `POST /channels/{channel}/messages { from: <channel token>, to, contents: [{type:"text",text} |
 * {type:"file",fileMimeType,fileUrl,fileCaption?}] }` answers the message with its `id` (and the fake fetches a
 * file's URL, as the Hub would); `POST /subscriptions { criteria: { channel }, webhook: { url } }` answers
 * `{ id, ... }`; `DELETE /subscriptions/{id}` is 204 (404 when unknown). A wrong token is 401, an unknown
 * channel token 400.
 *
 * It also plays the customers: `customer.message` posts a `MESSAGE` (files served by the fake) and
 * `customer.status` a `MESSAGE_STATUS` to every subscription of the channel, in the Zenvia-like shapes Prosa
 * assumes. `webhookOrigin` sends posts and file fetches to another host than the URL's (tests subscribe
 * `https://prosa.test/...` and serve on loopback).
 */
export const startFakeHub = async (
  options: { apiToken: string; channels?: THubChannel[]; port?: number; webhookOrigin?: string } = {
    apiToken: demoHub.apiToken,
  },
) => {
  let apiToken = options.apiToken;
  let webhookOrigin = options.webhookOrigin ?? null;
  const channels = new Map((options.channels ?? [demoHub.channel]).map((item) => [item.token, item]));
  const subscriptions = new Map<string, THubSubscription>();
  const requests: THubRequest[] = [];
  const deliveries: THubDelivery[] = [];
  const outbox: THubSent[] = [];
  const files = new Map<string, THubFile>();
  const failures: number[] = [];
  let baseUrl = '';

  /** Posts one event to every subscription of a channel; the answers are kept (and returned). */
  const emit = async (channelToken: string, payload: Record<string, unknown>) => {
    const results: THubDelivery[] = [];
    for (const subscription of subscriptions.values()) {
      if (subscription.channelToken !== channelToken) continue;
      const url = atOrigin(subscription.url, webhookOrigin);
      const answer = await postJsonWebhook(url, { ...payload, subscriptionId: subscription.id });
      const delivery: THubDelivery = { url, type: String(payload.type), ...answer };
      deliveries.push(delivery);
      results.push(delivery);
    }
    return results;
  };

  const fetchFile = async (url: string) => {
    try {
      const res = await fetch(atOrigin(url, webhookOrigin));
      return { status: res.status, bytes: res.ok ? Buffer.from(await res.arrayBuffer()) : null };
    } catch {
      return { status: 0, bytes: null };
    }
  };

  const validContent = (content: unknown) => {
    const item = (content ?? {}) as Record<string, unknown>;
    if (item.type === 'text') return typeof item.text === 'string' && item.text.length > 0;
    if (item.type === 'file') return isUrl(item.fileUrl) && typeof item.fileMimeType === 'string';
    return false;
  };

  const route = async (req: IncomingMessage, res: ServerResponse, url: URL, body: unknown) => {
    const header = req.headers['x-api-token'];
    const given = typeof header === 'string' ? header : null;
    const method = req.method ?? 'GET';
    const answer = (status: number, code: string, message: string) => {
      requests.push({ method, path: url.pathname, apiToken: given, body, status });
      return hubError(res, status, code, message);
    };
    const ok = (status: number, payload: unknown) => {
      requests.push({ method, path: url.pathname, apiToken: given, body, status });
      if (status === 204) {
        res.writeHead(204);
        return res.end();
      }
      return json(res, status, payload);
    };
    if (given !== apiToken) return answer(401, 'UNAUTHORIZED', 'Invalid X-Api-Token');
    const input = (body ?? {}) as Record<string, unknown>;

    const send = /^\/v1\/channels\/([^/]+)\/messages$/.exec(url.pathname);
    if (method === 'POST' && send) {
      const failure = failures.shift();
      if (failure) return answer(failure, 'UNAVAILABLE', 'Service unavailable');
      const channel = channels.get(String(input.from));
      if (!channel || channel.channel !== send[1]) return answer(400, 'VALIDATION_ERROR', 'Unknown channel (from)');
      if (typeof input.to !== 'string' || !input.to) return answer(400, 'VALIDATION_ERROR', 'to is required');
      const contents = Array.isArray(input.contents) ? input.contents : [];
      if (contents.length === 0 || !contents.every(validContent))
        return answer(400, 'VALIDATION_ERROR', 'contents must be text or file items');
      const file = contents.find((item) => (item as { type?: unknown }).type === 'file') as
        | { fileUrl: string }
        | undefined;
      const sent: THubSent = {
        id: randomUUID(),
        channel: channel.channel,
        from: channel.token,
        to: input.to,
        contents: contents as Record<string, unknown>[],
        file: file ? await fetchFile(file.fileUrl) : null,
      };
      outbox.push(sent);
      return ok(200, { ...sent, file: undefined, direction: 'OUT', timestamp: new Date().toISOString() });
    }
    if (url.pathname === '/v1/subscriptions' && method === 'POST') {
      const criteria = (input.criteria ?? {}) as Record<string, unknown>;
      const webhook = (input.webhook ?? {}) as Record<string, unknown>;
      if (!channels.has(String(criteria.channel))) return answer(400, 'VALIDATION_ERROR', 'Unknown channel');
      if (!isUrl(webhook.url)) return answer(400, 'VALIDATION_ERROR', 'webhook.url is required');
      const subscription = {
        id: randomUUID(),
        channelToken: String(criteria.channel),
        url: webhook.url,
        createdAt: new Date().toISOString(),
      };
      subscriptions.set(subscription.id, subscription);
      return ok(200, { id: subscription.id, criteria, webhook, status: 'ACTIVE', createdAt: subscription.createdAt });
    }
    if (url.pathname === '/v1/subscriptions' && method === 'GET') return ok(200, [...subscriptions.values()]);
    const one = /^\/v1\/subscriptions\/([^/]+)$/.exec(url.pathname);
    if (one && method === 'DELETE') {
      if (!subscriptions.delete(decodeURIComponent(one[1] ?? ''))) return answer(404, 'NOT_FOUND', 'No subscription');
      return ok(204, null);
    }
    return answer(404, 'NOT_FOUND', `Cannot ${method} ${url.pathname}`);
  };

  /** The customers: each call posts what the Hub would and resolves with our server's answers. */
  const customer = {
    /** A customer writes on a channel: `MESSAGE`, direction IN, a text and/or a file served by the fake. */
    message: async (input: {
      from: string;
      text?: string;
      file?: THubFile;
      name?: string;
      id?: string;
      channelToken?: string;
      direction?: 'IN' | 'OUT';
    }) => {
      const channel = channels.get(input.channelToken ?? [...channels.keys()][0] ?? '');
      if (!channel) throw new Error('no such channel');
      const contents: Record<string, unknown>[] = [];
      if (input.text) contents.push({ type: 'text', text: input.text });
      if (input.file) {
        const name = `${randomBytes(12).toString('hex')}`;
        files.set(name, input.file);
        contents.push({
          type: 'file',
          fileUrl: `${baseUrl}/files/${name}`,
          fileMimeType: input.file.mimeType,
          ...(input.file.fileName ? { fileName: input.file.fileName } : {}),
          ...(input.file.caption ? { fileCaption: input.file.caption } : {}),
        });
      }
      const direction = input.direction ?? 'IN';
      return emit(channel.token, {
        type: 'MESSAGE',
        id: randomUUID(),
        timestamp: new Date().toISOString(),
        channel: channel.channel,
        direction,
        message: {
          id: input.id ?? randomUUID(),
          from: direction === 'IN' ? input.from : channel.token,
          to: direction === 'IN' ? channel.token : input.from,
          direction,
          channel: channel.channel,
          contents,
          ...(input.name ? { visitor: { name: input.name } } : {}),
        },
      });
    },
    /** What became of one of our messages: `MESSAGE_STATUS` with the Hub's code. */
    status: async (messageId: string, code: string, error?: { code: number; message: string }) => {
      const sent = outbox.find((item) => item.id === messageId);
      const channelToken = sent?.from ?? [...channels.keys()][0] ?? '';
      return emit(channelToken, {
        type: 'MESSAGE_STATUS',
        id: randomUUID(),
        timestamp: new Date().toISOString(),
        channel: sent?.channel ?? channels.get(channelToken)?.channel,
        messageId,
        messageStatus: {
          timestamp: new Date().toISOString(),
          code,
          description: code.toLowerCase(),
          ...(error ? { error } : {}),
        },
      });
    },
    /** Anything posted as is to the channel's subscriptions. */
    raw: (payload: Record<string, unknown>, channelToken?: string) =>
      emit(channelToken ?? [...channels.keys()][0] ?? '', payload),
  };

  const control = (req: IncomingMessage, res: ServerResponse, url: URL, body: unknown) => {
    const input = (body ?? {}) as Record<string, unknown>;
    return answerControl(req, res, url, {
      get: { sent: () => outbox, subscriptions: () => [...subscriptions.values()] },
      post: {
        inbound: () =>
          customer.message({
            from: String(input.from ?? ''),
            text: String(input.text ?? ''),
            ...(typeof input.name === 'string' ? { name: input.name } : {}),
            ...(typeof input.channelToken === 'string' ? { channelToken: input.channelToken } : {}),
          }),
        status: () => customer.status(String(input.id ?? outbox.at(-1)?.id ?? ''), String(input.code ?? 'READ')),
      },
    });
  };

  const server = await startJsonFakeServer({
    port: options.port,
    onInvalidJson: (res) => hubError(res, 400, 'VALIDATION_ERROR', 'Invalid JSON'),
    onError: (res, error) => hubError(res, 500, 'INTERNAL', String(error)),
    handle: (req, res, url, body) => {
      if (url.pathname.startsWith('/_fake/')) return control(req, res, url, body);
      if (req.method === 'GET' && url.pathname.startsWith('/files/')) {
        const file = files.get(url.pathname.slice('/files/'.length));
        if (!file) return hubError(res, 404, 'NOT_FOUND', 'No file');
        return sendBytes(res, file.bytes, file.mimeType);
      }
      return route(req, res, url, body);
    },
  });
  baseUrl = server.baseUrl;

  return {
    /** The Hub's API root as Prosa takes it (HUB_API_URL). */
    apiUrl: `${baseUrl}/v1`,
    baseUrl,
    requests,
    deliveries,
    customer,
    /** What our server sent that the Hub took, oldest first. */
    sent: () => [...outbox],
    subscriptions: () => [...subscriptions.values()],
    addChannel: (channel: THubChannel) => {
      channels.set(channel.token, channel);
    },
    /** A new API token: the old one is refused from now on (a token revoked in the Hub's panel). */
    setApiToken: (next: string) => {
      apiToken = next;
    },
    /** The next sends answer these statuses, in order, instead of sending. */
    failNext: (...statuses: number[]) => {
      failures.push(...statuses);
    },
    /** Posts webhooks (and fetches files) at this origin instead of the URL's (same path). */
    setWebhookOrigin: (origin: string | null) => {
      webhookOrigin = origin;
    },
    close: server.close,
  };
};

export type TFakeHub = Awaited<ReturnType<typeof startFakeHub>>;
