import type { IncomingMessage, ServerResponse } from 'node:http';
import { answerControl, startJsonFakeServer } from './fake-http.js';
import { newGroup } from './whatsapp-groups.js';
import { controlCustomerText } from './whatsapp-protocol.js';
import { answerAdmin } from './wuzapi-admin.js';
import { downloadFile, markRead, sendFromUser, setChatPresence } from './wuzapi-chat.js';
import { answerGroupRoute } from './wuzapi-groups.js';
import { createWuzapiPhone } from './wuzapi-phone.js';
import { type TWuzapiWebhookStyle, wuzapiError, wuzapiOk } from './wuzapi-protocol.js';
import {
  connectSession,
  logoutSession,
  pairPhone,
  sessionQr,
  sessionStatus,
  setHmacKey,
  setWebhook,
} from './wuzapi-session.js';
import { createWuzapiState } from './wuzapi-state.js';

// Every type of the protocol is the fake's API too (users, requests, sends, deliveries, webhook styles).
export type * from './wuzapi-protocol.js';
export {
  demoWuzapi,
  goFormEncode,
  hmacHex,
  messageEvent as wuzapiMessageEvent,
  receiptEvent as wuzapiReceiptEvent,
} from './wuzapi-protocol.js';

/**
 * A fake wuzapi server (asternic/wuzapi, the whatsmeow REST server) on loopback, speaking its protocol: the admin
 * routes under `/admin/users` (header `Authorization: <admin token>`), the user routes with the `Token` header
 * (`/webhook`, `/session/connect|status|qr|pairphone|logout|hmac/config`, `/chat/send/text|image|audio|video|
 * document`, `/chat/markread`, `/chat/presence`), its `{ code, data, success }` answers and errors, and its
 * webhooks: a form (`jsonData` + `token` + `instanceName`, or `userID` for newer releases) or JSON, signed with
 * `x-hmac-signature` once the user has an HMAC key.
 *
 * It also plays the phone and WhatsApp: `phone.scan` reads the QR (PairSuccess + Connected), `phone.message` is a
 * customer writing (in a group too), `phone.receipt` the ticks, `phone.drop` a session that ends, `phone.newQr` a
 * rotated QR, `phone.groupChange` members joining or leaving a group (`GroupInfo`; `addGroup` puts a group in
 * WhatsApp first). The group routes (`/group/list|info|create|name|topic|announce|photo|updateparticipants`) are
 * in wuzapi-groups.ts.
 */
export const startFakeWuzapi = async (options: {
  adminToken: string;
  port?: number;
  webhook?: Partial<TWuzapiWebhookStyle>;
}) => {
  const state = createWuzapiState(options.adminToken, options.webhook);
  const { users, requests, deliveries, outbox, webhookStyle } = state;

  const route = async (req: IncomingMessage, res: ServerResponse, url: URL, body: unknown) => {
    const parts = url.pathname.split('/').filter(Boolean);
    const token = typeof req.headers.token === 'string' ? req.headers.token : undefined;
    const authorization = typeof req.headers.authorization === 'string' ? req.headers.authorization : undefined;
    requests.push({ method: req.method ?? 'GET', path: url.pathname, body, token, authorization });
    if (parts[0] === 'admin' && parts[1] === 'users') return answerAdmin(state, req, res, parts, body);
    const user = token ? users.get(token) : undefined;
    if (!user) return wuzapiError(res, 401, 'unauthorized');
    const input = (body ?? {}) as Record<string, unknown>;
    const key = `${req.method} ${url.pathname}`;
    if (url.pathname.startsWith('/group/')) return answerGroupRoute(state, user, key, url, input, res);
    switch (key) {
      case 'POST /chat/downloadimage':
      case 'POST /chat/downloadvideo':
      case 'POST /chat/downloadaudio':
      case 'POST /chat/downloaddocument':
        return downloadFile(state, user, url.pathname.slice('/chat/download'.length), input, res);
      case 'POST /webhook':
        return setWebhook(user, input, res);
      case 'GET /webhook':
        return wuzapiOk(res, { webhook: user.webhook, subscribe: user.events });
      case 'POST /session/hmac/config':
        return setHmacKey(user, input, res);
      case 'POST /session/connect':
        return connectSession(state, user, input, res);
      case 'GET /session/status':
        return sessionStatus(user, res);
      case 'GET /session/qr':
        return sessionQr(user, res);
      case 'POST /session/pairphone':
        return pairPhone(user, input, res);
      case 'POST /session/logout':
        return logoutSession(state, user, res);
      case 'POST /chat/send/text':
      case 'POST /chat/send/image':
      case 'POST /chat/send/audio':
      case 'POST /chat/send/video':
      case 'POST /chat/send/document':
        return sendFromUser(state, res, user, url.pathname.split('/').at(-1) ?? '', input);
      case 'POST /chat/markread':
        return markRead(user, input, res);
      case 'POST /chat/presence':
        return setChatPresence(user, input, res);
      case 'POST /call/reject':
        if (!user.client) return wuzapiError(res, 500, 'no session');
        if (!input.Phone) return wuzapiError(res, 400, 'missing Phone in Payload');
        if (!input.ID) return wuzapiError(res, 400, 'missing ID in Payload');
        return wuzapiOk(res, { Details: 'Call rejected successfully' });
      default:
        res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
        res.end('404 page not found\n');
    }
  };

  const phone = createWuzapiPhone(state);

  const control = (req: IncomingMessage, res: ServerResponse, url: URL, body: unknown) => {
    const input = (body ?? {}) as Record<string, unknown>;
    const token = typeof input.token === 'string' ? input.token : undefined;
    return answerControl(req, res, url, {
      get: {
        users: () =>
          [...users.values()].map((u) => ({
            name: u.name,
            loggedIn: u.loggedIn,
            webhook: u.webhook,
            number: u.jid?.split(':')[0] ?? null,
          })),
        sent: () => outbox,
      },
      post: {
        scan: () => phone.scan(token),
        qrcode: async () => ({ qrcode: await phone.newQr(token) }),
        inbound: () => phone.message(controlCustomerText(input), token),
        receipt: () => {
          const ids = Array.isArray(input.ids) ? input.ids.map(String) : [String(input.id)];
          const state = input.state === 'Delivered' ? 'Delivered' : 'Read';
          return phone.receipt({ ids, state }, token);
        },
        drop: () => phone.drop(input.type === 'Disconnected' ? 'Disconnected' : 'LoggedOut', token),
      },
    });
  };

  const server = await startJsonFakeServer({
    port: options.port,
    onInvalidJson: (res) => wuzapiError(res, 400, 'could not decode Payload'),
    onError: (res, error) => wuzapiError(res, 500, String(error)),
    handle: (req, res, url, body) =>
      url.pathname.startsWith('/_fake/') ? control(req, res, url, body) : route(req, res, url, body),
  });
  const baseUrl = server.baseUrl;

  return {
    /** The server's URL, as an admin types it in the connection form. */
    baseUrl,
    adminToken: options.adminToken,
    requests,
    deliveries,
    webhookStyle,
    phone,
    /** What our server sent that wuzapi took (text, files), oldest first; of one user (by name) if given. */
    sent: (userName?: string) => outbox.filter((item) => !userName || item.user === userName),
    /** A group in WhatsApp, with its members (our number among them as the test says). */
    addGroup: (group: Parameters<typeof newGroup>[0]) => state.groups.set(group.id, newGroup(group)),
    /** A group as WhatsApp holds it now. */
    group: (jid: string) => state.groups.get(jid),
    /** A user as the server keeps it, by name. */
    user: (name: string) => [...users.values()].find((u) => u.name === name),
    users: () => [...users.values()],
    /** The calls our server refused (`POST /call/reject`), oldest first. */
    rejectedCalls: () =>
      requests.filter((r) => r.path === '/call/reject').map((r) => r.body as { Phone: string; ID: string }),
    /** The markread calls, oldest first. */
    readReceipts: () =>
      requests.filter((r) => r.path === '/chat/markread').map((r) => r.body as { Id: string[]; Chat: string }),
    close: server.close,
  };
};

export type TFakeWuzapi = Awaited<ReturnType<typeof startFakeWuzapi>>;
