import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import QRCode from 'qrcode';
import { isUrl, json, sendBytes, startJsonFakeServer } from './fake-http.js';
import { atOrigin, postJsonWebhook } from './fake-webhooks.js';
import { createSendRefusals, pairingCode, qrPayload } from './whatsapp-protocol.js';
import { answerZapiControl } from './zapi-control.js';
import { createZapiGroups } from './zapi-groups.js';
import {
  demoZapi,
  isFile,
  isPhone,
  receivedCallback,
  type TZapiAck,
  type TZapiCustomerMessage,
  type TZapiDelivery,
  type TZapiInstance,
  type TZapiRequest,
  type TZapiSent,
  type TZapiWebhookKind,
  whatsappId,
  zaapId,
  zapiError,
  zapiWebhookKinds,
} from './zapi-protocol.js';

export type { TZapiGroup, TZapiRevoked } from './zapi-group-protocol.js';
export {
  demoZapi,
  receivedCallback as zapiReceivedCallback,
  type TZapiAck,
  type TZapiCustomerMessage,
  type TZapiDelivery,
  type TZapiRequest,
  type TZapiSent,
} from './zapi-protocol.js';

/**
 * A fake Z-API (the hosted WhatsApp gateway) on loopback, speaking its documented protocol: every call under
 * `/instances/{id}/token/{token}/<method>` with the account's `Client-Token` header; an unknown instance or
 * token is a 404, a missing or wrong Client-Token a 400 / 403 "... not allowed". It answers `status`, `device`,
 * `qr-code/image`, `phone-code/{phone}`, `disconnect`, `update-every-webhooks` and the single `update-webhook-*`
 * routes (https URLs only, as Z-API, unless `allowHttpWebhooks`), `send-text|image|audio|video`,
 * `send-document/{ext}` (answering `{ zaapId, messageId, id }`), `read-message`, and the group routes
 * (`groups`, `light-group-metadata`, `create-group`, `update-group-*`, `add|remove-participant`, `add|remove-admin`,
 * `DELETE messages`: zapi-group-routes.ts) over WhatsApp's groups (`addGroup`).
 *
 * It also plays the phone and WhatsApp: `phone.scan` pairs (`ConnectedCallback`), `phone.message` is a customer
 * writing (`ReceivedCallback`; files served from the fake's own storage, as Z-API's links), `phone.ack` the ticks
 * (`MessageStatusCallback`), `phone.drop` a session that ends (`DisconnectedCallback`), `phone.groupChange` members
 * joining or leaving a group (a `ReceivedCallback` notification). Each is posted, flat, to
 * the webhook URL registered for its kind; `webhookOrigin` sends them to another host than the registered one
 * (tests register `https://prosa.test/...` and serve on loopback).
 */
export const startFakeZapi = async (
  options: {
    clientToken: string;
    instances?: { id: string; token: string }[];
    port?: number;
    allowHttpWebhooks?: boolean;
    webhookOrigin?: string;
  } = { clientToken: demoZapi.clientToken },
) => {
  const instances = new Map<string, TZapiInstance>();
  const requests: TZapiRequest[] = [];
  const deliveries: TZapiDelivery[] = [];
  const outbox: TZapiSent[] = [];
  const files = new Map<string, { bytes: Buffer; mimeType: string }>();
  /** Chats (by Z-API's `phone`) whose next send WhatsApp refuses. */
  const refusals = createSendRefusals();
  let webhookOrigin = options.webhookOrigin ?? null;
  let baseUrl = '';

  /** A new instance, as made in Z-API's panel: its id and token to type in Prosa's form. */
  const addInstance = (id = randomBytes(16).toString('hex').toUpperCase(), token = randomBytes(12).toString('hex')) => {
    instances.set(id, {
      id,
      token,
      state: 'disconnected',
      qr: null,
      pairingPhone: null,
      phone: null,
      name: null,
      webhooks: {},
      notifySentByMe: false,
      messages: new Map(),
    });
    return { instanceId: id, instanceToken: token };
  };
  for (const instance of options.instances ?? [{ id: demoZapi.instanceId, token: demoZapi.instanceToken }])
    addInstance(instance.id, instance.token);

  const instanceOf = (id?: string) => {
    const instance = id ? instances.get(id) : [...instances.values()].at(-1);
    if (!instance) throw new Error(`no instance ${id ?? '(none)'}`);
    return instance;
  };

  /** Posts one event as Z-API does; the answer is kept (and returned) for assertions. */
  const emit = async (instance: TZapiInstance, kind: TZapiWebhookKind, payload: Record<string, unknown>) => {
    const registered = instance.webhooks[kind];
    if (!registered) return null;
    const url = atOrigin(registered, webhookOrigin);
    const delivery: TZapiDelivery = { url, type: String(payload.type), ...(await postJsonWebhook(url, payload)) };
    deliveries.push(delivery);
    return delivery;
  };

  const groups = createZapiGroups(emit);

  const showQr = async (instance: TZapiInstance) => {
    instance.qr = await QRCode.toDataURL(qrPayload(), { margin: 3, scale: 4, errorCorrectionLevel: 'H' });
    instance.state = 'qrcode';
    return instance.qr;
  };

  const setWebhook = (
    instance: TZapiInstance,
    kinds: readonly TZapiWebhookKind[],
    value: unknown,
    res: ServerResponse,
  ) => {
    if (typeof value !== 'string' || !isUrl(value)) return zapiError(res, 400, 'value is required', 'Invalid URL');
    if (!value.startsWith('https://') && !options.allowHttpWebhooks)
      return zapiError(res, 400, 'Webhook must be HTTPS', 'Z-API does not accept webhooks that are not HTTPS');
    for (const kind of kinds) instance.webhooks[kind] = value;
    return json(res, 200, { value: true });
  };

  const send = (instance: TZapiInstance, method: string, body: Record<string, unknown>, res: ServerResponse) => {
    if (!isPhone(body.phone)) return zapiError(res, 400, 'phone is required', 'Invalid phone');
    const field = method.startsWith('send-document/') ? 'document' : method.slice('send-'.length);
    if (method === 'send-text') {
      if (typeof body.message !== 'string' || !body.message) return zapiError(res, 400, 'message is required');
    } else if (!['image', 'audio', 'video', 'document'].includes(field)) {
      return zapiError(res, 404, 'NOT_FOUND', 'Unable to find matching target resource method');
    } else if (!isFile(body[field])) {
      return zapiError(res, 400, `${field} is required`, 'Send a link or a base64 data URL');
    }
    if (instance.state !== 'connected')
      return zapiError(res, 400, 'Instance not connected', 'You need to connect the instance to send messages');
    // NOTE: Z-API documents no error for a send WhatsApp refused; the fake answers a 400 with WhatsApp's word.
    if (refusals.refuses(String(body.phone))) return zapiError(res, 400, 'not-acceptable');
    const sent = { messageId: whatsappId(), zaapId: zaapId() };
    instance.messages.set(sent.messageId, { phone: body.phone, fromMe: true });
    outbox.push({ method, instanceId: instance.id, body, ...sent, at: Date.now() });
    json(res, 200, { zaapId: sent.zaapId, messageId: sent.messageId, id: sent.messageId });
    // Z-API tells the delivery webhook it handed the message to WhatsApp.
    void emit(instance, 'delivery', { phone: body.phone, ...sent, type: 'DeliveryCallback', instanceId: instance.id });
  };

  const route = async (req: IncomingMessage, res: ServerResponse, url: URL, body: unknown) => {
    const match = /^\/instances\/([^/]+)\/token\/([^/]+)\/(.+)$/.exec(url.pathname);
    const header = req.headers['client-token'];
    const clientToken = typeof header === 'string' ? header : undefined;
    const id = match ? decodeURIComponent(match[1] ?? '') : null;
    requests.push({ method: req.method ?? 'GET', path: url.pathname, instanceId: id, body, clientToken });
    if (!match) return zapiError(res, 404, 'NOT_FOUND', 'Unable to find matching target resource method');
    const instance = instances.get(id ?? '');
    if (!instance || instance.token !== decodeURIComponent(match[2] ?? ''))
      return zapiError(res, 404, 'Instance not found');
    if (!clientToken) return zapiError(res, 400, 'null not allowed');
    if (clientToken !== options.clientToken) return zapiError(res, 403, `${clientToken} not allowed`);
    const method = match[3] ?? '';
    const input = (body ?? {}) as Record<string, unknown>;

    switch (`${req.method} ${method.startsWith('send-document/') ? 'send-document' : method.split('/')[0]}`) {
      case 'GET status':
        return json(
          res,
          200,
          instance.state === 'connected'
            ? { connected: true, error: null, smartphoneConnected: true }
            : { connected: false, error: 'You are not connected.', smartphoneConnected: false },
        );
      case 'GET device':
        if (instance.state !== 'connected') return zapiError(res, 400, 'Instance not connected');
        return json(res, 200, {
          phone: instance.phone,
          imgUrl: null,
          name: instance.name,
          device: { sessionName: 'Z-API', device_model: 'Z-API' },
          originalDevice: 'android',
          sessionId: 1,
          isBusiness: false,
        });
      case 'GET qr-code':
        if (instance.state === 'connected') return json(res, 200, { connected: true });
        if (method === 'qr-code/image') return json(res, 200, { value: await showQr(instance) });
        res.writeHead(200, { 'content-type': 'image/png' });
        return res.end(Buffer.from((await showQr(instance)).split(',')[1] ?? '', 'base64'));
      case 'GET phone-code': {
        if (instance.state === 'connected') return zapiError(res, 409, 'Instance already connected');
        const phone = decodeURIComponent(method.slice('phone-code/'.length));
        if (!/^\d{10,15}$/.test(phone)) return zapiError(res, 400, 'phone is required', 'Invalid phone');
        instance.pairingPhone = phone;
        instance.state = 'qrcode';
        return json(res, 200, { code: pairingCode() });
      }
      case 'GET disconnect':
      case 'GET restart': {
        const wasConnected = instance.state === 'connected';
        json(res, 200, { value: true });
        if (method === 'disconnect') {
          instance.state = 'disconnected';
          instance.qr = null;
          if (wasConnected)
            void emit(instance, 'disconnected', {
              momment: Date.now(),
              error: 'Device has been disconnected',
              disconnected: true,
              type: 'DisconnectedCallback',
              instanceId: instance.id,
            });
        }
        return;
      }
      case 'PUT update-every-webhooks':
        if (typeof input.notifySentByMe === 'boolean') instance.notifySentByMe = input.notifySentByMe;
        return setWebhook(instance, zapiWebhookKinds, input.value, res);
      case 'PUT update-webhook-received':
      case 'PUT update-webhook-received-delivery':
      case 'PUT update-webhook-delivery':
      case 'PUT update-webhook-message-status':
      case 'PUT update-webhook-connected':
      case 'PUT update-webhook-disconnected':
      case 'PUT update-webhook-chat-presence': {
        const kind = method.slice('update-webhook-'.length);
        if (kind === 'received-delivery') instance.notifySentByMe = true;
        const kinds = zapiWebhookKinds.filter((item) => item === kind || `${item}-delivery` === kind);
        return setWebhook(instance, kinds, input.value, res);
      }
      case 'POST send-text':
      case 'POST send-image':
      case 'POST send-audio':
      case 'POST send-video':
      case 'POST send-document':
        return send(instance, method, input, res);
      case 'POST read-message':
        if (!isPhone(input.phone) || typeof input.messageId !== 'string')
          return zapiError(res, 400, 'phone and messageId are required');
        if (instance.state !== 'connected') return zapiError(res, 400, 'Instance not connected');
        res.writeHead(204);
        return res.end();
      default:
        if (await groups.answer(instance, { method: req.method ?? 'GET', path: method, url, input }, res)) return;
        return zapiError(res, 405, 'METHOD_NOT_ALLOWED', `Cannot ${req.method} ${method}`);
    }
  };

  /** The phone and WhatsApp: each call posts what Z-API would and resolves with our server's answer. */
  const phone = {
    /** The QR on the screen is read (or the pairing code typed): the number is connected. */
    scan: async (instanceId?: string, who = demoZapi.phone) => {
      const instance = instanceOf(instanceId);
      if (instance.state !== 'qrcode') throw new Error(`${instance.id} shows no QR code or pairing code`);
      Object.assign(instance, { state: 'connected', qr: null, pairingPhone: null, phone: who.number, name: who.name });
      return emit(instance, 'connected', {
        type: 'ConnectedCallback',
        connected: true,
        momment: Date.now(),
        instanceId: instance.id,
        phone: who.number,
        isBusiness: false,
      });
    },
    /** A customer's message arrives (or, with `fromMe`, ours): `ReceivedCallback`, files in the fake's storage. */
    message: async (input: TZapiCustomerMessage, instanceId?: string) => {
      const instance = instanceOf(instanceId);
      let media: { url: string } | null = null;
      if (input.media) {
        const name = `${randomBytes(12).toString('hex')}.${input.media.mimeType.split('/')[1]?.split(';')[0] ?? 'bin'}`;
        files.set(name, { bytes: input.media.bytes, mimeType: input.media.mimeType });
        media = { url: `${baseUrl}/storage/${instance.id}/${name}` };
      }
      // A group's messages carry its subject as the chat's name.
      const chatName = input.chatName ?? (input.groupId ? groups.subjectOf(input.groupId) : undefined);
      const payload = receivedCallback({ ...input, chatName }, instance, media);
      instance.messages.set(String(payload.messageId), { phone: input.phone, fromMe: input.fromMe === true });
      return emit(instance, 'received', payload);
    },
    /** The ticks of our messages: `MessageStatusCallback` with Z-API's status names. */
    ack: async (input: { ids: string[]; status: TZapiAck }, instanceId?: string) => {
      const instance = instanceOf(instanceId);
      return emit(instance, 'message-status', {
        instanceId: instance.id,
        status: input.status,
        ids: input.ids,
        momment: Date.now(),
        phoneDevice: 0,
        phone: instance.messages.get(input.ids[0] ?? '')?.phone ?? '',
        isGroup: false,
        type: 'MessageStatusCallback',
      });
    },
    /**
     * Members join or leave a group, or are promoted or demoted, by `author` (a JID) or themselves (joined by
     * link, left): WhatsApp's members change, then the group's notification (GROUP_PARTICIPANT_ADD, _INVITE,
     * _REMOVE, _LEAVE, _PROMOTE, _DEMOTE) is posted.
     */
    groupChange: (
      input: { groupId: string; members: { id: string }[]; action: 'add' | 'remove' | 'promote' | 'demote' },
      author: string | null = null,
      instanceId?: string,
    ) => groups.groupChange(instanceOf(instanceId), input, author),
    /** The session ends (logged out on the phone, the phone offline too long): `DisconnectedCallback`. */
    drop: async (error = 'Device has been disconnected', instanceId?: string) => {
      const instance = instanceOf(instanceId);
      instance.state = 'disconnected';
      return emit(instance, 'disconnected', {
        momment: Date.now(),
        error,
        disconnected: true,
        type: 'DisconnectedCallback',
        instanceId: instance.id,
      });
    },
  };

  /** What our server sent that Z-API took, oldest first. */
  const sent = (instanceId?: string | null) => outbox.filter((item) => !instanceId || item.instanceId === instanceId);

  const server = await startJsonFakeServer({
    port: options.port,
    onInvalidJson: (res) => zapiError(res, 400, 'Invalid JSON'),
    onError: (res, error) => zapiError(res, 500, String(error)),
    handle: (req, res, url, body) => {
      if (url.pathname.startsWith('/_fake/'))
        return answerZapiControl({ instances: () => [...instances.values()], sent, phone }, req, res, url, body);
      if (req.method === 'GET' && url.pathname.startsWith('/storage/')) {
        const file = files.get(url.pathname.split('/').pop() ?? '');
        if (!file) return zapiError(res, 404, 'NOT_FOUND');
        return sendBytes(res, file.bytes, file.mimeType);
      }
      return route(req, res, url, body);
    },
  });
  baseUrl = server.baseUrl;

  return {
    /** Z-API's root as Prosa takes it (ZAPI_API_URL). */
    baseUrl,
    clientToken: options.clientToken,
    requests,
    deliveries,
    phone,
    sent,
    addInstance,
    /** An instance as Z-API keeps it (state, webhooks, QR), or undefined. */
    instance: (id: string) => instances.get(id),
    /** Posts webhooks to this origin instead of the registered URL's (same path). */
    setWebhookOrigin: (origin: string | null) => {
      webhookOrigin = origin;
    },
    /** A group in WhatsApp, with its members (our number among them as the test says). */
    addGroup: groups.addGroup,
    /** A group as WhatsApp holds it now. */
    group: groups.group,
    /** WhatsApp refuses the next send to this chat (Z-API's `phone`: a number, or `…-group`). */
    refuseNextSend: refusals.refuseNext,
    /** Messages deleted for everyone (`DELETE /messages`), with their group member as WhatsApp knows them. */
    revoked: groups.revoked,
    /** The read-message calls, oldest first. */
    readReceipts: () =>
      requests
        .filter((r) => r.path.endsWith('/read-message'))
        .map((r) => r.body as { phone: string; messageId: string }),
    close: server.close,
  };
};

export type TFakeZapi = Awaited<ReturnType<typeof startFakeZapi>>;
