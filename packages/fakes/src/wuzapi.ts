import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import QRCode from 'qrcode';
import { answerControl, startJsonFakeServer } from './fake-http.js';
import { createQrPosts, postWebhook } from './fake-webhooks.js';
import { controlCustomerText, linkedDeviceMessageId, nowSeconds, qrPayload } from './whatsapp-protocol.js';
import {
  demoWuzapi,
  goField,
  goFormEncode,
  hmacHex,
  linkingCode,
  messageEvent,
  parsePhone,
  receiptEvent,
  supportedEventTypes,
  type TWuzapiCustomerMessage,
  type TWuzapiDelivery,
  type TWuzapiRequest,
  type TWuzapiSentMessage,
  type TWuzapiUser,
  type TWuzapiWebhookStyle,
  wuzapiError,
  wuzapiOk,
} from './wuzapi-protocol.js';

// Every type of the protocol is the fake's API too (users, requests, sends, deliveries, webhook styles).
export type * from './wuzapi-protocol.js';
export {
  demoWuzapi,
  goFormEncode,
  hmacHex,
  messageEvent as wuzapiMessageEvent,
  receiptEvent as wuzapiReceiptEvent,
} from './wuzapi-protocol.js';

/** The data URL prefix each send route wants, as wuzapi checks it. */
const sendRoutes: Record<string, { field: string; prefix: string }> = {
  image: { field: 'Image', prefix: 'data:image/' },
  video: { field: 'Video', prefix: 'data:video/' },
  audio: { field: 'Audio', prefix: 'data:audio/' },
  document: { field: 'Document', prefix: 'data:' },
};

/**
 * A fake wuzapi server (asternic/wuzapi, the whatsmeow REST server) on loopback, speaking its protocol: the admin
 * routes under `/admin/users` (header `Authorization: <admin token>`), the user routes with the `Token` header
 * (`/webhook`, `/session/connect|status|qr|pairphone|logout|hmac/config`, `/chat/send/text|image|audio|video|
 * document`, `/chat/markread`, `/chat/presence`), its `{ code, data, success }` answers and errors, and its
 * webhooks: a form (`jsonData` + `token` + `instanceName`, or `userID` for newer releases) or JSON, signed with
 * `x-hmac-signature` once the user has an HMAC key.
 *
 * It also plays the phone and WhatsApp: `phone.scan` reads the QR (PairSuccess + Connected), `phone.message` is a
 * customer writing, `phone.receipt` the ticks, `phone.drop` a session that ends, `phone.newQr` a rotated QR.
 */
export const startFakeWuzapi = async (options: {
  adminToken: string;
  port?: number;
  webhook?: Partial<TWuzapiWebhookStyle>;
}) => {
  const users = new Map<string, TWuzapiUser>();
  const requests: TWuzapiRequest[] = [];
  const deliveries: TWuzapiDelivery[] = [];
  const qrPosts = createQrPosts();
  /** The files customers sent, by their WhatsApp link, for `/chat/download<kind>`. */
  const files = new Map<string, { bytes: Buffer; mimetype: string; mediaKey: string }>();
  const outbox: TWuzapiSentMessage[] = [];
  /** How webhooks are posted; tests switch it to play another release. */
  const webhookStyle: TWuzapiWebhookStyle = { format: 'form', sendsToken: true, ...options.webhook };

  const newestUser = () => [...users.values()].at(-1);
  const userWith = (token: string | undefined) => {
    const user = token ? users.get(token) : newestUser();
    if (!user) throw new Error(`no wuzapi user ${token ? 'with that token' : '(none created yet)'}`);
    return user;
  };

  /** Posts one event as wuzapi does, if the user subscribed to its type; the answer is kept for assertions. */
  const emit = async (user: TWuzapiUser, postmap: Record<string, unknown>): Promise<TWuzapiDelivery | null> => {
    const type = String(postmap.type);
    if (!user.webhook || !(user.events.includes(type) || user.events.includes('All'))) return null;
    const jsonData = JSON.stringify(postmap);
    const form = webhookStyle.format === 'form';
    const body = form
      ? goFormEncode({
          jsonData,
          instanceName: user.name,
          ...(webhookStyle.sendsToken ? { token: user.token } : { userID: user.id }),
        })
      : JSON.stringify({ ...postmap, instanceName: user.name, userID: user.id });
    const contentType = form ? 'application/x-www-form-urlencoded' : 'application/json';
    const answer = await postWebhook(user.webhook, body, {
      'content-type': contentType,
      ...(user.hmacKey ? { 'x-hmac-signature': hmacHex(user.hmacKey, body) } : {}),
    });
    const delivery: TWuzapiDelivery = { url: user.webhook, type, ...answer, contentType };
    deliveries.push(delivery);
    return delivery;
  };

  /** A new QR for a client that is not paired (whatsmeow rotates it; wuzapi renders it as a PNG data URL). */
  const rotateQr = async (user: TWuzapiUser) => {
    user.qr = await QRCode.toDataURL(qrPayload(), { margin: 3, scale: 4 });
    qrPosts.track(user, emit(user, { type: 'QR', event: 'code', qrCodeBase64: user.qr }));
    return user.qr;
  };

  const admin = async (req: IncomingMessage, res: ServerResponse, parts: string[], body: unknown) => {
    if (req.headers.authorization !== options.adminToken) return wuzapiError(res, 401, 'unauthorized');
    if (req.method === 'GET' && parts.length === 2)
      return wuzapiOk(
        res,
        [...users.values()].map((u) => ({
          id: u.id,
          name: u.name,
          token: u.token,
          webhook: u.webhook,
          jid: u.jid ?? '',
          qrcode: u.qr,
          connected: u.client?.connected === true,
          expiration: 0,
          events: u.events.join(','),
        })),
      );
    if (req.method === 'POST' && parts.length === 2) {
      const name = goField(body, 'name');
      const token = goField(body, 'token');
      const events = String(goField(body, 'events') ?? '');
      if (typeof name !== 'string' || !name || typeof token !== 'string' || !token)
        return wuzapiError(res, 400, 'missing name or token in payload');
      if (users.has(token)) return wuzapiError(res, 409, 'User with the same token already exists');
      const list = events ? events.split(',').map((e) => e.trim()) : [];
      const invalid = list.find((e) => !supportedEventTypes.includes(e));
      if (invalid) return wuzapiError(res, 400, `invalid event type: ${invalid}`);
      const user: TWuzapiUser = {
        id: randomBytes(16).toString('hex'),
        name,
        token,
        webhook: String(goField(body, 'webhook') ?? ''),
        events: list,
        hmacKey: null,
        client: null,
        loggedIn: false,
        jid: null,
        qr: '',
      };
      users.set(token, user);
      return wuzapiOk(res, { id: user.id, name, token, webhook: user.webhook, events });
    }
    if (req.method === 'DELETE' && parts.length === 3) {
      const user = [...users.values()].find((u) => u.id === parts[2]);
      if (!user) return wuzapiError(res, 404, 'user not found');
      users.delete(user.token);
      return wuzapiOk(res, { Details: 'User deleted successfully' });
    }
    return wuzapiError(res, 405, 'method not allowed');
  };

  /** The send routes: a client must exist and be logged in; the Phone and ContextInfo are checked as wuzapi does. */
  const send = (res: ServerResponse, user: TWuzapiUser, action: string, body: Record<string, unknown>) => {
    if (!user.client) return wuzapiError(res, 500, 'no session');
    const phone = goField(body, 'Phone');
    if (typeof phone !== 'string' || !phone) return wuzapiError(res, 400, 'missing Phone in Payload');
    const route = sendRoutes[action];
    const content = route ? goField(body, route.field) : goField(body, 'Body');
    if (typeof content !== 'string' || !content)
      return wuzapiError(res, 400, `missing ${route?.field ?? 'Body'} in Payload`);
    if (route && !content.startsWith(route.prefix))
      return wuzapiError(res, 400, `${route.field.toLowerCase()} data should start with "${route.prefix}...;base64,"`);
    if (action === 'document' && !goField(body, 'FileName'))
      return wuzapiError(res, 400, 'missing FileName in Payload');
    if (!parsePhone(phone)) return wuzapiError(res, 400, 'could not parse Phone');
    const context = goField(body, 'ContextInfo');
    const stanza = goField(context, 'StanzaID');
    const participant = goField(context, 'Participant');
    if (stanza && !participant) return wuzapiError(res, 400, 'missing Participant in ContextInfo');
    if (participant && !stanza) return wuzapiError(res, 400, 'missing StanzaID in ContextInfo');
    if (!user.loggedIn || !user.client.connected)
      return wuzapiError(res, 500, 'error sending message: websocket not connected');
    const given = goField(body, 'Id');
    const id = typeof given === 'string' && given ? given : linkedDeviceMessageId();
    outbox.push({ action, user: user.name, body, id, at: Date.now() });
    return wuzapiOk(res, { Details: 'Sent', Id: id, Timestamp: nowSeconds() });
  };

  const route = async (req: IncomingMessage, res: ServerResponse, url: URL, body: unknown) => {
    const parts = url.pathname.split('/').filter(Boolean);
    const token = typeof req.headers.token === 'string' ? req.headers.token : undefined;
    const authorization = typeof req.headers.authorization === 'string' ? req.headers.authorization : undefined;
    requests.push({ method: req.method ?? 'GET', path: url.pathname, body, token, authorization });
    if (parts[0] === 'admin' && parts[1] === 'users') return admin(req, res, parts, body);
    const user = token ? users.get(token) : undefined;
    if (!user) return wuzapiError(res, 401, 'unauthorized');
    const input = (body ?? {}) as Record<string, unknown>;
    const key = `${req.method} ${url.pathname}`;
    switch (key) {
      case 'POST /chat/downloadimage':
      case 'POST /chat/downloadvideo':
      case 'POST /chat/downloadaudio':
      case 'POST /chat/downloaddocument': {
        // wuzapi's required fields, then whatsmeow's download: an unknown link or a wrong key fails as a 500.
        const kind = url.pathname.slice('/chat/download'.length);
        for (const name of ['Url', 'MediaKey', 'Mimetype', 'FileSHA256', 'FileLength'])
          if (!goField(input, name)) return wuzapiError(res, 400, `missing ${name} in Payload`);
        if (!user.client || !user.loggedIn) return wuzapiError(res, 500, 'no session');
        const file = files.get(String(goField(input, 'Url')));
        if (!file || file.mediaKey !== goField(input, 'MediaKey'))
          return wuzapiError(res, 500, `Failed to download ${kind} failed to download media: 403 Forbidden`);
        const mimetype = String(goField(input, 'Mimetype'));
        return wuzapiOk(res, { Mimetype: mimetype, Data: `data:${mimetype};base64,${file.bytes.toString('base64')}` });
      }
      case 'POST /webhook': {
        const webhook = goField(input, 'webhookURL');
        if (typeof webhook !== 'string') return wuzapiError(res, 400, 'could not decode payload');
        user.webhook = webhook;
        return wuzapiOk(res, { webhook });
      }
      case 'GET /webhook':
        return wuzapiOk(res, { webhook: user.webhook, subscribe: user.events });
      case 'POST /session/hmac/config': {
        const hmacKey = goField(input, 'hmac_key');
        if (typeof hmacKey !== 'string' || hmacKey.length < 32)
          return wuzapiError(res, 400, 'HMAC key must be at least 32 characters long');
        user.hmacKey = hmacKey;
        return wuzapiOk(res, { Details: 'HMAC configuration saved successfully' });
      }
      case 'POST /session/connect': {
        if (user.client?.connected) return wuzapiError(res, 500, 'already connected');
        const subscribe = goField(input, 'Subscribe');
        if (Array.isArray(subscribe) && subscribe.length > 0)
          user.events = [...new Set(subscribe.map(String).filter((e) => supportedEventTypes.includes(e)))];
        user.client = { connected: true };
        // A paired device reconnects; a new one shows a QR code to read (made here before answering, where
        // wuzapi makes it moments later: the fake's callers need not wait for it).
        if (user.jid) user.loggedIn = true;
        else await rotateQr(user);
        wuzapiOk(res, {
          webhook: user.webhook,
          jid: user.jid ?? '',
          events: user.events.join(','),
          details: 'Connected!',
        });
        if (user.loggedIn) void emit(user, { type: 'Connected', event: {} });
        return;
      }
      case 'GET /session/status':
        if (!user.client) return wuzapiError(res, 500, 'no session');
        return wuzapiOk(res, {
          id: user.id,
          name: user.name,
          connected: user.client.connected,
          loggedIn: user.loggedIn,
          jid: user.jid ?? '',
          webhook: user.webhook,
          events: user.events.join(','),
          qrcode: user.qr,
          hmac_configured: user.hmacKey !== null,
        });
      case 'GET /session/qr':
        if (!user.client) return wuzapiError(res, 500, 'no session');
        if (!user.client.connected) return wuzapiError(res, 500, 'not connected');
        if (user.loggedIn) return wuzapiError(res, 500, 'already logged in');
        return wuzapiOk(res, { QRCode: user.qr });
      case 'POST /session/pairphone': {
        if (!user.client) return wuzapiError(res, 500, 'no session');
        const phone = goField(input, 'Phone');
        if (typeof phone !== 'string' || !phone) return wuzapiError(res, 400, 'missing Phone in Payload');
        if (user.loggedIn) return wuzapiError(res, 400, 'already paired');
        return wuzapiOk(res, { LinkingCode: linkingCode() });
      }
      case 'POST /session/logout': {
        if (!user.client) return wuzapiError(res, 500, 'no session');
        if (!user.loggedIn) return wuzapiError(res, 500, 'could not logout as it was not logged in');
        user.loggedIn = false;
        user.jid = null;
        user.client = null;
        wuzapiOk(res, { Details: 'Logged out' });
        // Newer releases tell the webhook before ending the client.
        void emit(user, { type: 'LoggedOut', event: {} });
        return;
      }
      case 'POST /chat/send/text':
      case 'POST /chat/send/image':
      case 'POST /chat/send/audio':
      case 'POST /chat/send/video':
      case 'POST /chat/send/document':
        return send(res, user, url.pathname.split('/').at(-1) ?? '', input);
      case 'POST /chat/markread': {
        if (!user.client) return wuzapiError(res, 500, 'no session');
        const ids = goField(input, 'Id');
        if (!Array.isArray(ids) || ids.length === 0) return wuzapiError(res, 400, 'missing Id in Payload');
        if (!goField(input, 'Chat') && !goField(input, 'ChatPhone'))
          return wuzapiError(res, 400, 'missing Chat in Payload');
        return wuzapiOk(res, { Details: 'Message(s) marked as read' });
      }
      case 'POST /chat/presence': {
        if (!user.client) return wuzapiError(res, 500, 'no session');
        const state = goField(input, 'State');
        if (state !== 'composing' && state !== 'paused') return wuzapiError(res, 400, 'invalid state');
        return wuzapiOk(res, { Details: 'Chat presence set successfuly' });
      }
      default:
        res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
        res.end('404 page not found\n');
    }
  };

  /** The phone and WhatsApp: each call posts what wuzapi would and resolves with our server's answer. */
  const phone = {
    /** The QR on the screen is read: the device pairs as this number, then connects. */
    scan: async (token?: string, who = demoWuzapi.phone) => {
      const user = userWith(token);
      if (!user.client || user.loggedIn) throw new Error(`${user.name} shows no QR to read`);
      user.loggedIn = true;
      user.jid = `${who.number}:12@s.whatsapp.net`;
      user.qr = '';
      await emit(user, { type: 'PairSuccess', event: { ID: user.jid, BusinessName: '', Platform: 'android' } });
      return emit(user, { type: 'Connected', event: {} });
    },
    /** whatsmeow shows a new QR (the old one expired). */
    newQr: async (token?: string) => {
      const user = userWith(token);
      await qrPosts.settled(user);
      return rotateQr(user);
    },
    /** Nobody read the QR codes in time: the client ends. */
    qrTimeout: async (token?: string) => {
      const user = userWith(token);
      user.client = null;
      user.qr = '';
      return emit(user, { type: 'QRTimeout', event: 'timeout' });
    },
    /** A customer's message (or, with `fromMe`, ours) arrives. */
    message: async (input: TWuzapiCustomerMessage, token?: string) => {
      const event = messageEvent(input);
      if (input.media) {
        const content = (event.event.Message as Record<string, { URL: string; mediaKey: string }>)[
          `${input.media.kind}Message`
        ];
        if (content) files.set(content.URL, { ...input.media, mediaKey: content.mediaKey });
      }
      return emit(userWith(token), event);
    },
    /** The ticks of our messages: `ReadReceipt` with wuzapi's state. */
    receipt: async (
      input: { ids: string[]; state: 'Delivered' | 'Read' | 'ReadSelf'; number?: string },
      token?: string,
    ) => emit(userWith(token), receiptEvent({ ...input, chat: `${input.number ?? '5511987650001'}@s.whatsapp.net` })),
    /** The session ends: logged out on the phone (`LoggedOut`) or the socket lost (`Disconnected`). */
    drop: async (type: 'LoggedOut' | 'Disconnected' | 'TemporaryBan' = 'LoggedOut', token?: string) => {
      const user = userWith(token);
      if (type === 'Disconnected') {
        if (user.client) user.client.connected = false;
      } else {
        user.loggedIn = false;
        user.jid = null;
        user.client = null;
      }
      return emit(user, { type, event: type === 'LoggedOut' ? { OnConnect: false, Reason: 401 } : {} });
    },
  };

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
    /** A user as the server keeps it, by name. */
    user: (name: string) => [...users.values()].find((u) => u.name === name),
    users: () => [...users.values()],
    /** The markread calls, oldest first. */
    readReceipts: () =>
      requests.filter((r) => r.path === '/chat/markread').map((r) => r.body as { Id: string[]; Chat: string }),
    close: server.close,
  };
};

export type TFakeWuzapi = Awaited<ReturnType<typeof startFakeWuzapi>>;
