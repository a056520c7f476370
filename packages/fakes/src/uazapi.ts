import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import QRCode from 'qrcode';
import { createQrPosts } from './fake-webhooks.js';
import {
  chatOf,
  customerMessagePayload,
  demoUazapi,
  isBase64,
  isUrl,
  json,
  pairCode,
  publicInstance,
  qrPayload,
  readBody,
  sentMessageId,
  type TUazapiAckState,
  type TUazapiCustomerMessage,
  type TUazapiDelivery,
  type TUazapiInstance,
  type TUazapiRequest,
  type TUazapiSent,
  uazapiError,
  uazapiEvents,
  uazapiMediaTypes,
} from './uazapi-protocol.js';

export {
  demoUazapi,
  type TUazapiAckState,
  type TUazapiCustomerMessage,
  type TUazapiDelivery,
  type TUazapiRequest,
  type TUazapiSent,
  uazapiEnvelope,
} from './uazapi-protocol.js';

/**
 * A fake uazapiGO v2 server on loopback, speaking its documented protocol: the `admintoken` header for
 * `/instance/init`, each instance's own `token` header for everything else, `/instance/connect|status|disconnect`,
 * `DELETE /instance`, `/webhook` (simple mode, `excludeMessages` honoured), `/send/text|media`,
 * `/message/markread|presence|download` and uazapi's error body (`{ error }`).
 *
 * It also plays the phone and WhatsApp: `phone.scan` reads the QR (`connection` connected), `phone.message`
 * is a customer writing (`messages`), `phone.ack` the ticks (`messages_update`), `phone.drop` a session that
 * ends (`connection` disconnected), `phone.newQr` a rotated QR. Each is posted as uazapi does: one flat JSON
 * event `{ EventType, instanceName, owner, token, BaseUrl, ... }` to the webhook URL the instance has.
 */

/**
 * Starts the fake. Besides uazapi's paths it answers unauthenticated control paths, for tests in another
 * process and for the demo mode: `GET /_fake/instances`, `GET /_fake/sent`, and `POST /_fake/scan`,
 * `/_fake/inbound` (`{ number, name, text }`), `/_fake/ack` (`{ id, state }`), `/_fake/drop` (`{ reason }`),
 * `/_fake/qrcode`, each with an optional `instance` (its name; else the newest one).
 */
export const startFakeUazapi = async (options: { adminToken: string; port?: number }) => {
  const instances = new Map<string, TUazapiInstance>();
  const requests: TUazapiRequest[] = [];
  const deliveries: TUazapiDelivery[] = [];
  const qrPosts = createQrPosts();
  const outbox: TUazapiSent[] = [];
  let baseUrl = '';

  const instanceNamed = (name: string | undefined) => {
    const all = [...instances.values()];
    const instance = name ? all.findLast((item) => item.name === name) : all.at(-1);
    if (!instance) throw new Error(`no instance ${name ?? '(none created yet)'}`);
    return instance;
  };

  /** Whether the webhook's `excludeMessages` filters leave a message out. */
  const excluded = (filters: string[], message: { fromMe: boolean; isGroup: boolean; wasSentByApi: boolean }) =>
    filters.some(
      (filter) =>
        (filter === 'wasSentByApi' && message.wasSentByApi) ||
        (filter === 'wasNotSentByApi' && !message.wasSentByApi) ||
        (filter === 'fromMeYes' && message.fromMe) ||
        (filter === 'fromMeNo' && !message.fromMe) ||
        (filter === 'isGroupYes' && message.isGroup) ||
        (filter.toLowerCase() === 'isgroupno' && !message.isGroup),
    );

  /** Posts one event as uazapi does; the answer is kept (and returned) for assertions. */
  const emit = async (
    instance: TUazapiInstance,
    eventType: string,
    fields: Record<string, unknown>,
  ): Promise<TUazapiDelivery | null> => {
    const webhook = instance.webhook;
    if (!webhook?.enabled || !webhook.events.includes(eventType)) return null;
    const message = fields.message as { fromMe: boolean; isGroup: boolean; wasSentByApi: boolean } | undefined;
    if (eventType === 'messages' && message && excluded(webhook.excludeMessages, message)) return null;
    const url = webhook.addUrlEvents ? `${webhook.url}/${eventType}` : webhook.url;
    const body = {
      BaseUrl: baseUrl,
      EventType: eventType,
      ...fields,
      instanceName: instance.name,
      owner: instance.owner,
      token: instance.token,
    };
    let delivery: TUazapiDelivery;
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      delivery = { url, event: eventType, status: res.status, body: await res.text() };
    } catch (error) {
      // uazapi keeps a failed delivery in its error log and moves on; so does the fake.
      delivery = { url, event: eventType, status: 0, body: String(error) };
    }
    deliveries.push(delivery);
    return delivery;
  };

  /** A new QR for an instance that is pairing, posted as a `connection` event with status connecting. */
  const rotateQr = async (instance: TUazapiInstance) => {
    instance.qrcode = await QRCode.toDataURL(qrPayload(), { margin: 3, scale: 4, errorCorrectionLevel: 'H' });
    instance.status = 'connecting';
    qrPosts.track(instance, emit(instance, 'connection', { instance: publicInstance(instance) }));
    return instance.qrcode;
  };

  const stateOf = (instance: TUazapiInstance) => {
    const connected = instance.status === 'connected';
    const jid = connected ? { user: instance.owner, agent: 0, device: 0, server: 's.whatsapp.net' } : null;
    return { connected, loggedIn: connected, jid };
  };

  /** What a send answers: the message as uazapi stores it, with `messageid` (WhatsApp's id). */
  const accepted = (
    res: ServerResponse,
    instance: TUazapiInstance,
    route: string,
    body: Record<string, unknown>,
    message: { chatid: string; messageType: string; text: string; media: { bytes: Buffer; mimetype: string } | null },
  ) => {
    const messageid = sentMessageId();
    instance.messages.set(messageid, { chatid: message.chatid, fromMe: true, media: message.media });
    outbox.push({ route, instance: instance.name, body, id: messageid, at: Date.now() });
    const stored = {
      id: `${instance.owner}:${messageid}`,
      messageid,
      chatid: message.chatid,
      fromMe: true,
      isGroup: message.chatid.endsWith('@g.us'),
      messageType: message.messageType,
      messageTimestamp: Date.now(),
      text: message.text,
      quoted: typeof body.replyid === 'string' ? body.replyid : '',
      sender: `${instance.owner}@s.whatsapp.net`,
      senderName: instance.profileName,
      status: 'Pending',
      owner: instance.owner,
      wasSentByApi: true,
      track_source: typeof body.track_source === 'string' ? body.track_source : '',
      track_id: typeof body.track_id === 'string' ? body.track_id : '',
    };
    json(res, 200, { ...stored, response: { status: 'success', message: 'Message sent successfully' } });
    // Our own send comes back as a message event, unless the webhook excludes API sends.
    void emit(instance, 'messages', { message: stored, chat: { wa_chatid: message.chatid } });
  };

  const send = (instance: TUazapiInstance, route: string, body: Record<string, unknown>, res: ServerResponse) => {
    if (instance.status !== 'connected') return uazapiError(res, 401, 'No session');
    const chatid = typeof body.number === 'string' ? chatOf(body.number) : null;
    if (route === 'text') {
      if (!chatid || typeof body.text !== 'string' || !body.text)
        return uazapiError(res, 400, 'Missing number or text');
      return accepted(res, instance, route, body, {
        chatid,
        messageType: body.replyid ? 'ExtendedTextMessage' : 'Conversation',
        text: body.text,
        media: null,
      });
    }
    const type = uazapiMediaTypes.find((item) => item === body.type);
    const file = typeof body.file === 'string' ? body.file : '';
    if (!chatid) return uazapiError(res, 400, 'Missing number');
    if (!type || (!isBase64(file) && !isUrl(file))) return uazapiError(res, 400, 'Invalid media type or file format');
    const bytes = isBase64(file) ? Buffer.from(file, 'base64') : Buffer.alloc(0);
    const kind = type === 'ptt' || type === 'myaudio' ? 'audio' : type;
    return accepted(res, instance, route, body, {
      chatid,
      messageType: `${kind[0]?.toUpperCase()}${kind.slice(1)}Message`,
      text: typeof body.text === 'string' ? body.text : '',
      media: { bytes, mimetype: type === 'ptt' ? 'audio/ogg; codecs=opus' : 'application/octet-stream' },
    });
  };

  const route = async (req: IncomingMessage, res: ServerResponse, url: URL, body: unknown) => {
    const header = (name: string) =>
      typeof req.headers[name] === 'string' ? (req.headers[name] as string) : undefined;
    const token = header('token');
    const admintoken = header('admintoken');
    requests.push({ method: req.method ?? 'GET', path: url.pathname, body, token, admintoken });
    const input = (body ?? {}) as Record<string, unknown>;
    const key = `${req.method} ${url.pathname}`;

    if (key === 'POST /instance/init') {
      if (admintoken !== options.adminToken) return uazapiError(res, 401, 'Invalid AdminToken Header');
      if (typeof input.name !== 'string' || !input.name.trim()) return uazapiError(res, 400, 'Missing name');
      const created: TUazapiInstance = {
        id: `r${randomBytes(7).toString('hex')}`,
        name: input.name,
        token: randomUUID(),
        status: 'disconnected',
        qrcode: '',
        paircode: '',
        owner: '',
        profileName: '',
        lastDisconnect: '',
        lastDisconnectReason: '',
        webhook: null,
        messages: new Map(),
      };
      instances.set(created.token, created);
      return json(res, 200, {
        response: 'Instance created successfully',
        instance: publicInstance(created),
        connected: false,
        loggedIn: false,
        name: created.name,
        token: created.token,
        info: 'This instance will be automatically disconnected and deleted after 1 hour.',
      });
    }

    const instance = token ? instances.get(token) : undefined;
    if (!instance) return uazapiError(res, 401, 'Invalid token');

    switch (key) {
      case 'GET /instance/status':
        return json(res, 200, { instance: publicInstance(instance), status: stateOf(instance) });
      case 'POST /instance/connect': {
        if (instance.status === 'connected')
          return json(res, 200, { ...stateOf(instance), instance: publicInstance(instance) });
        const phone = typeof input.phone === 'string' ? input.phone : '';
        if (phone && !/^\d{10,15}$/.test(phone)) return uazapiError(res, 400, 'Invalid phone number');
        instance.paircode = phone ? pairCode() : '';
        await rotateQr(instance);
        return json(res, 200, { ...stateOf(instance), instance: publicInstance(instance) });
      }
      case 'POST /instance/disconnect': {
        instance.status = 'disconnected';
        instance.qrcode = '';
        instance.paircode = '';
        instance.lastDisconnect = new Date().toISOString();
        instance.lastDisconnectReason = 'manual disconnect';
        json(res, 200, {
          instance: publicInstance(instance),
          response: 'Disconnected',
          info: 'The device has been successfully disconnected from WhatsApp. A new QR code will be required for the next connection.',
        });
        void emit(instance, 'connection', { instance: publicInstance(instance) });
        return;
      }
      case 'DELETE /instance':
        instances.delete(instance.token);
        return json(res, 200, {
          response: 'Instance Deleted',
          info: 'O dispositivo foi desconectado com sucesso e a instância foi removida do banco de dados.',
        });
      case 'GET /webhook':
        return json(res, 200, instance.webhook ? [{ id: instance.id, ...instance.webhook }] : []);
      case 'POST /webhook': {
        if (typeof input.url !== 'string' || !isUrl(input.url)) return uazapiError(res, 400, 'Invalid url');
        const events = Array.isArray(input.events) ? input.events.map(String) : [];
        if (events.some((event) => !uazapiEvents.includes(event))) return uazapiError(res, 400, 'Invalid event');
        instance.webhook = {
          enabled: input.enabled !== false,
          url: input.url,
          events,
          excludeMessages: Array.isArray(input.excludeMessages) ? input.excludeMessages.map(String) : [],
          addUrlEvents: input.addUrlEvents === true,
        };
        return json(res, 200, [{ id: instance.id, instance_id: instance.id, ...instance.webhook }]);
      }
      case 'POST /send/text':
        return send(instance, 'text', input, res);
      case 'POST /send/media':
        return send(instance, 'media', input, res);
      case 'POST /message/markread': {
        const ids = input.id;
        if (!Array.isArray(ids) || ids.length === 0) return uazapiError(res, 400, 'Missing Id in Payload');
        if (instance.status !== 'connected') return uazapiError(res, 401, 'No session');
        return json(res, 200, {
          results: ids.map((id) =>
            instance.messages.has(String(id))
              ? { message_id: String(id), status: 'success' }
              : { message_id: String(id), status: 'error', error: 'Message not found' },
          ),
        });
      }
      case 'POST /message/presence': {
        if (typeof input.number !== 'string' || !['composing', 'recording', 'paused'].includes(String(input.presence)))
          return uazapiError(res, 400, 'Número inválido ou tipo de presença inválido');
        if (instance.status !== 'connected') return uazapiError(res, 401, 'No session');
        return json(res, 200, { response: 'Chat presence sent successfully' });
      }
      case 'POST /message/download': {
        const stored =
          typeof input.id === 'string' ? instance.messages.get(input.id.split(':').pop() ?? '') : undefined;
        if (!stored) return uazapiError(res, 404, 'Message not found');
        if (!stored.media) return uazapiError(res, 400, 'Unsupported media type or no media found in message');
        return json(res, 200, {
          mimetype: stored.media.mimetype,
          ...(input.return_base64 === true ? { base64Data: stored.media.bytes.toString('base64') } : {}),
          ...(input.return_link !== false ? { fileURL: `${baseUrl}/files/${randomBytes(8).toString('hex')}` } : {}),
        });
      }
      default:
        return uazapiError(res, 404, 'Not Found');
    }
  };

  /** The phone and WhatsApp: each call posts what uazapi would and resolves with our server's answer. */
  const phone = {
    /** The QR on the screen is read (or the pairing code typed): the session opens as this number. */
    scan: async (instanceName?: string, who = demoUazapi.phone) => {
      const instance = instanceNamed(instanceName);
      if (instance.status !== 'connecting') throw new Error(`${instance.name} shows no QR to scan`);
      instance.status = 'connected';
      instance.qrcode = '';
      instance.paircode = '';
      instance.owner = who.number;
      instance.profileName = who.profileName;
      return emit(instance, 'connection', { instance: publicInstance(instance) });
    },
    /** WhatsApp shows a new QR (the old one expired). */
    newQr: async (instanceName?: string) => {
      const instance = instanceNamed(instanceName);
      await qrPosts.settled(instance);
      return rotateQr(instance);
    },
    /** A customer's message (or, with `fromMe`, one typed on our phone): `messages`, media kept for download. */
    message: async (input: TUazapiCustomerMessage, instanceName?: string) => {
      const instance = instanceNamed(instanceName);
      const { message, chat, stored } = customerMessagePayload(input, instance.owner);
      instance.messages.set(message.messageid, stored);
      return emit(instance, 'messages', { message, chat, chatSource: 'updated' });
    },
    /** The ticks of one of our messages: `messages_update` with whatsmeow's receipt. */
    ack: async (input: { id: string; state: TUazapiAckState }, instanceName?: string) => {
      const instance = instanceNamed(instanceName);
      const chat = instance.messages.get(input.id)?.chatid ?? 'unknown@s.whatsapp.net';
      return emit(instance, 'messages_update', {
        type: 'ReadReceipt',
        state: input.state,
        event: {
          Chat: chat,
          Sender: input.state === 'ReadSelf' ? `${instance.owner}@s.whatsapp.net` : chat,
          IsFromMe: input.state === 'ReadSelf',
          IsGroup: false,
          MessageIDs: [input.id],
          Timestamp: Math.floor(Date.now() / 1000),
          Type: input.state,
        },
      });
    },
    /** The session ends (logged out on the phone, banned...): `connection` disconnected with uazapi's reason. */
    drop: async (reason = '401: logged out from another device', instanceName?: string) => {
      const instance = instanceNamed(instanceName);
      instance.status = 'disconnected';
      instance.lastDisconnect = new Date().toISOString();
      instance.lastDisconnectReason = reason;
      return emit(instance, 'connection', {
        instance: publicInstance(instance),
        ...(reason.startsWith('401') ? { type: 'LoggedOut' } : {}),
      });
    },
  };

  const control = async (req: IncomingMessage, res: ServerResponse, url: URL, body: unknown) => {
    const input = (body ?? {}) as Record<string, unknown>;
    const name = typeof input.instance === 'string' ? input.instance : undefined;
    const action = url.pathname.slice('/_fake/'.length);
    if (req.method === 'GET' && action === 'instances')
      return json(
        res,
        200,
        [...instances.values()].map((item) => ({
          name: item.name,
          status: item.status,
          webhookUrl: item.webhook?.url ?? null,
          number: item.owner || null,
        })),
      );
    if (req.method === 'GET' && action === 'sent') return json(res, 200, sent(url.searchParams.get('instance')));
    if (req.method !== 'POST') return json(res, 404, { error: 'unknown control path' });
    switch (action) {
      case 'scan':
        return json(res, 200, await phone.scan(name));
      case 'qrcode':
        return json(res, 200, { qrcode: await phone.newQr(name) });
      case 'inbound':
        return json(
          res,
          200,
          await phone.message(
            {
              number: String(input.number ?? ''),
              name: String(input.name ?? ''),
              text: String(input.text ?? ''),
              ...(typeof input.id === 'string' ? { id: input.id } : {}),
            },
            name,
          ),
        );
      case 'ack':
        return json(
          res,
          200,
          await phone.ack({ id: String(input.id), state: (input.state ?? 'Delivered') as TUazapiAckState }, name),
        );
      case 'drop':
        return json(res, 200, await phone.drop(typeof input.reason === 'string' ? input.reason : undefined, name));
      default:
        return json(res, 404, { error: 'unknown control path' });
    }
  };

  /** What our server sent that the server took (text, media), oldest first. */
  const sent = (instanceName?: string | null) =>
    outbox.filter((item) => !instanceName || item.instance === instanceName);

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const raw = await readBody(req);
      let body: unknown = null;
      if (raw.length > 0) {
        try {
          body = JSON.parse(raw.toString('utf8'));
        } catch {
          return uazapiError(res, 400, 'Invalid payload');
        }
      }
      if (url.pathname.startsWith('/_fake/')) return control(req, res, url, body);
      return route(req, res, url, body);
    })().catch((error: unknown) => {
      if (!res.headersSent) uazapiError(res, 500, String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    /** The server's URL, as an admin types it in the connection form. */
    baseUrl,
    adminToken: options.adminToken,
    requests,
    deliveries,
    phone,
    sent,
    /** The newest instance of that name as the server keeps it (status, token, webhook, QR), or undefined. */
    instance: (name: string) => [...instances.values()].findLast((item) => item.name === name),
    instances: () => [...instances.values()],
    /** The markread calls' ids, oldest first. */
    readReceipts: () =>
      requests.filter((r) => r.path === '/message/markread').flatMap((r) => (r.body as { id: string[] }).id),
    /** The presence calls, oldest first. */
    presences: () =>
      requests.filter((r) => r.path === '/message/presence').map((r) => r.body as { number: string; presence: string }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

export type TFakeUazapi = Awaited<ReturnType<typeof startFakeUazapi>>;
