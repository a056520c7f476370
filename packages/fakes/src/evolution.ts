import { randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { connect } from 'node:net';
import QRCode from 'qrcode';
import {
  allEvents,
  customerMessageData,
  demoEvolution,
  evolutionError,
  isBase64,
  jidOf,
  mediaTypes,
  type TCustomerMessage,
  type TEvolutionAck,
  type TEvolutionDelivery,
  type TEvolutionProxy,
  type TEvolutionRequest,
  type TEvolutionSent,
  type TEvolutionWebhook,
  type TInstance,
  type TStoredMessage,
} from './evolution-protocol.js';
import { answerControl, isUrl, json, startJsonFakeServer } from './fake-http.js';
import { createQrPosts, postJsonWebhook } from './fake-webhooks.js';
import {
  controlCustomerText,
  linkedDeviceMessageId,
  nowSeconds,
  pairingCode,
  qrPayload,
  whatsappMediaUrl,
} from './whatsapp-protocol.js';

export {
  customerMessageData,
  demoEvolution,
  evolutionEnvelope,
  type TCustomerMessage,
  type TEvolutionAck,
  type TEvolutionDelivery,
  type TEvolutionRequest,
  type TEvolutionSent,
  type TEvolutionWebhook,
} from './evolution-protocol.js';

/**
 * A fake Evolution API v2 gateway (EvolutionAPI/evolution-api, the Baileys-based REST server) on loopback,
 * speaking its documented protocol: the `apikey` header (the global key, or an instance's own token), the
 * instance routes (`/instance/create`, `connect`, `connectionState`, `logout`, `delete`), `/webhook/set`,
 * `/proxy/set` and `/proxy/find` (a proxy that accepts no connection is refused as "Invalid proxy"), the
 * send routes (`/message/sendText|sendMedia|sendWhatsAppAudio|sendReaction`), `/chat/markMessageAsRead` and
 * `/chat/getBase64FromMediaMessage`, Evolution's error body (`{ status, error, response: { message } }`) and
 * its guards' order (an unknown instance is a 404 before the key is looked at).
 *
 * It also plays the phone and WhatsApp: `phone.scan` reads the QR (`connection.update` open), `phone.message`
 * is a customer writing (`messages.upsert`, text or media), `phone.ack` the ticks (`messages.update`),
 * `phone.drop` a session that ends (`connection.update` close), `phone.newQr` a rotated QR
 * (`qrcode.updated`). Each is posted as Evolution does: the envelope `{ event, instance, data, destination,
 * date_time, sender, server_url, apikey }` to the webhook URL the server registered, with the headers it
 * registered.
 */

/**
 * Starts the fake. Besides Evolution's paths it answers unauthenticated control paths, for tests in another
 * process and for the demo mode: `GET /_fake/instances`, `GET /_fake/sent`, and `POST /_fake/scan`,
 * `/_fake/inbound` (`{ number, name, text }`), `/_fake/ack` (`{ id, status }`), `/_fake/drop`
 * (`{ statusReason }`), `/_fake/qrcode`, each with an optional `instance` (else the newest one).
 */
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

export const startFakeEvolution = async (options: { apiKey: string; port?: number }) => {
  const instances = new Map<string, TInstance>();
  const requests: TEvolutionRequest[] = [];
  const deliveries: TEvolutionDelivery[] = [];
  const qrPosts = createQrPosts();
  const outbox: TEvolutionSent[] = [];
  let baseUrl = '';

  const newestInstance = () => [...instances.values()].at(-1);
  const instanceNamed = (name: string | undefined) => {
    const instance = name ? instances.get(name) : newestInstance();
    if (!instance) throw new Error(`no instance ${name ?? '(none created yet)'}`);
    return instance;
  };

  /** Posts one event as Evolution does; the answer is kept (and returned) for assertions. */
  const emit = async (instance: TInstance, event: string, data: unknown): Promise<TEvolutionDelivery | null> => {
    const webhook = instance.webhook;
    const upper = event.replace(/[.-]/g, '_').toUpperCase();
    if (!webhook?.enabled || !webhook.events.includes(upper)) return null;
    const url = webhook.byEvents ? `${webhook.url}/${upper.replace(/_/g, '-').toLowerCase()}` : webhook.url;
    const envelope = {
      event,
      instance: instance.name,
      data,
      destination: webhook.url,
      date_time: new Date().toISOString(),
      sender: instance.wuid ?? undefined,
      server_url: baseUrl,
      apikey: instance.hash,
    };
    const delivery = { url, event, ...(await postJsonWebhook(url, envelope, webhook.headers)) };
    deliveries.push(delivery);
    return delivery;
  };

  /** A new QR for an instance that is pairing (Baileys rotates it; Evolution renders it as a PNG data URL). */
  const rotateQr = async (instance: TInstance) => {
    const code = qrPayload();
    const base64 = await QRCode.toDataURL(code, { margin: 3, scale: 4, errorCorrectionLevel: 'H' });
    instance.qr = { code, base64, count: (instance.qr?.count ?? 0) + 1 };
    instance.state = 'connecting';
    qrPosts.track(
      instance,
      emit(instance, 'qrcode.updated', { qrcode: { instance: instance.name, pairingCode: null, code, base64 } }),
    );
    return { pairingCode: null, code, base64, count: instance.qr.count };
  };

  const qrOf = (instance: TInstance) => ({
    pairingCode: null,
    code: instance.qr?.code,
    base64: instance.qr?.base64,
    count: instance.qr?.count ?? 0,
  });

  /** What a send answers: the message as Evolution stores it (prepareMessage), status PENDING. */
  const recordSent = (
    instance: TInstance,
    jid: string,
    messageType: string,
    message: Record<string, unknown>,
    media: TStoredMessage['media'] = null,
  ) => {
    const key = { remoteJid: jid, fromMe: true, id: linkedDeviceMessageId() };
    instance.messages.set(key.id, { key, message, messageType, media });
    return {
      key,
      pushName: 'Você',
      status: 'PENDING',
      message,
      contextInfo: (message[messageType] as { contextInfo?: unknown } | undefined)?.contextInfo ?? null,
      messageType,
      messageTimestamp: nowSeconds(),
      instanceId: instance.instanceId,
      source: 'unknown',
    };
  };

  const quotedContext = (instance: TInstance, quoted: unknown) => {
    const id = (quoted as { key?: { id?: unknown } } | undefined)?.key?.id;
    if (typeof id !== 'string') return undefined;
    const original = instance.messages.get(id);
    return {
      stanzaId: id,
      participant: original?.key.fromMe ? (instance.wuid ?? undefined) : original?.key.remoteJid,
      quotedMessage: original?.message ?? (quoted as { message?: unknown }).message ?? { conversation: '' },
    };
  };

  type TSendBody = Record<string, unknown> & { number?: unknown; quoted?: unknown };

  /** The send routes of one open instance; a closed session or a number not on WhatsApp fails as Evolution does. */
  const send = (instance: TInstance, action: string, body: TSendBody, res: ServerResponse) => {
    const accepted = (raw: ReturnType<typeof recordSent>) => {
      outbox.push({ action, instance: instance.name, body, id: raw.key.id, at: Date.now() });
      return json(res, 201, raw);
    };
    if (action === 'sendReaction') {
      const key = body.key as { remoteJid?: unknown; id?: unknown } | undefined;
      if (typeof key?.id !== 'string' || typeof key.remoteJid !== 'string' || typeof body.reaction !== 'string')
        return evolutionError(res, 400, ['key and reaction are required']);
      if (instance.state !== 'open') return evolutionError(res, 400, ['Error: Connection Closed']);
      return accepted(
        recordSent(instance, key.remoteJid, 'reactionMessage', {
          reactionMessage: { key: body.key, text: body.reaction },
        }),
      );
    }
    const jid = typeof body.number === 'string' ? jidOf(body.number) : null;
    if (typeof body.number !== 'string' || !body.number) return evolutionError(res, 400, ['number is required']);
    if (instance.state !== 'open') return evolutionError(res, 400, ['Error: Connection Closed']);
    if (!jid)
      return evolutionError(res, 400, [{ exists: false, jid: `${body.number}@s.whatsapp.net`, number: body.number }]);
    const contextInfo = quotedContext(instance, body.quoted);
    if (action === 'sendText') {
      if (typeof body.text !== 'string' || !body.text) return evolutionError(res, 400, ['text is required']);
      const message = contextInfo
        ? { extendedTextMessage: { text: body.text, contextInfo } }
        : { conversation: body.text };
      return accepted(recordSent(instance, jid, contextInfo ? 'extendedTextMessage' : 'conversation', message));
    }
    if (action === 'sendMedia') {
      const mediatype = mediaTypes.find((type) => type === body.mediatype);
      const media = typeof body.media === 'string' ? body.media : '';
      if (!mediatype) return evolutionError(res, 400, ['mediatype must be one of image, video, audio, document, ptv']);
      if (!isBase64(media) && !isUrl(media)) return evolutionError(res, 400, ['Owned media must be a url or base64']);
      const bytes = isBase64(media) ? Buffer.from(media, 'base64') : Buffer.alloc(0);
      const mimetype = typeof body.mimetype === 'string' ? body.mimetype : 'application/octet-stream';
      const fileName = typeof body.fileName === 'string' ? body.fileName : null;
      const caption = typeof body.caption === 'string' ? body.caption : null;
      const type = `${mediatype}Message`;
      const content = {
        url: whatsappMediaUrl(),
        mimetype,
        fileLength: String(bytes.length),
        ...(caption ? { caption } : {}),
        ...(mediatype === 'document' ? { fileName: fileName ?? 'arquivo', title: fileName ?? 'arquivo' } : {}),
        ...(contextInfo ? { contextInfo } : {}),
      };
      return accepted(recordSent(instance, jid, type, { [type]: content }, { bytes, mimetype, fileName, caption }));
    }
    if (action === 'sendWhatsAppAudio') {
      const audio = typeof body.audio === 'string' ? body.audio : '';
      if (!isBase64(audio) && !isUrl(audio)) return evolutionError(res, 400, ['Owned media must be a url or base64']);
      const bytes = isBase64(audio) ? Buffer.from(audio, 'base64') : Buffer.alloc(0);
      // Evolution converts every voice note to ogg/opus before sending it as a recorded one (ptt).
      const content = {
        url: whatsappMediaUrl(),
        mimetype: 'audio/ogg; codecs=opus',
        fileLength: String(bytes.length),
        seconds: 1,
        ptt: true,
        ...(contextInfo ? { contextInfo } : {}),
      };
      return accepted(
        recordSent(
          instance,
          jid,
          'audioMessage',
          { audioMessage: content },
          {
            bytes,
            mimetype: content.mimetype,
            fileName: null,
            caption: null,
          },
        ),
      );
    }
    return evolutionError(res, 404, [`Cannot POST /message/${action}/${instance.name}`]);
  };

  const route = async (req: IncomingMessage, res: ServerResponse, url: URL, body: unknown) => {
    const parts = url.pathname.split('/').filter(Boolean).map(decodeURIComponent);
    const [group, action, name] = parts;
    const apikey = typeof req.headers.apikey === 'string' ? req.headers.apikey : undefined;
    requests.push({ method: req.method ?? 'GET', path: url.pathname, instance: name ?? null, body, apikey });
    const input = (body ?? {}) as Record<string, unknown>;

    // Evolution's guards, in its order: the instance must exist, a create must not reuse a name, then the key.
    const isCreate = group === 'instance' && action === 'create';
    if (!isCreate && !name) return evolutionError(res, 400, ['"instanceName" not provided.']);
    const instance = name ? instances.get(name) : undefined;
    if (!isCreate && !instance) return evolutionError(res, 404, [`The "${name}" instance does not exist`]);
    if (isCreate && typeof input.instanceName === 'string' && instances.has(input.instanceName))
      return evolutionError(res, 403, [`This name "${input.instanceName}" is already in use.`]);
    if (!apikey) return evolutionError(res, 401, 'Unauthorized');
    if (apikey !== options.apiKey && apikey !== instance?.hash) return evolutionError(res, 401, 'Unauthorized');

    if (isCreate && req.method === 'POST') {
      const instanceName = input.instanceName;
      if (typeof instanceName !== 'string' || !/^[\w.-]{1,100}$/.test(instanceName))
        return evolutionError(res, 400, ['instanceName is required']);
      // A per-instance token is the global key's stand-in for this instance only.
      if (input.token === options.apiKey) return evolutionError(res, 400, ['Token already exists']);
      const created: TInstance = {
        name: instanceName,
        instanceId: randomUUID(),
        hash: typeof input.token === 'string' && input.token ? input.token : randomUUID().toUpperCase(),
        integration: typeof input.integration === 'string' ? input.integration : 'WHATSAPP-BAILEYS',
        state: 'close',
        qr: null,
        wuid: null,
        profileName: null,
        webhook: null,
        proxy: null,
        messages: new Map(),
      };
      instances.set(instanceName, created);
      const qrcode = input.qrcode === true ? await rotateQr(created) : undefined;
      return json(res, 201, {
        instance: {
          instanceName,
          instanceId: created.instanceId,
          integration: created.integration,
          webhookWaBusiness: null,
          accessTokenWaBusiness: '',
          status: 'created',
        },
        hash: created.hash,
        webhook: {},
        websocket: {},
        rabbitmq: {},
        sqs: {},
        settings: {
          rejectCall: false,
          msgCall: '',
          groupsIgnore: false,
          alwaysOnline: false,
          readMessages: false,
          readStatus: false,
          syncFullHistory: false,
        },
        ...(qrcode ? { qrcode } : {}),
      });
    }
    if (!instance) return evolutionError(res, 404, [`The "${name}" instance does not exist`]);

    const key = `${req.method} ${group}/${action}`;
    switch (key) {
      case 'GET instance/connect': {
        if (instance.state === 'open') return json(res, 200, { instance: { instanceName: name, state: 'open' } });
        // `?number=` asks for a pairing code for that phone besides the QR (Baileys' requestPairingCode).
        const number = url.searchParams.get('number');
        if (number) {
          const qr = instance.state === 'connecting' ? qrOf(instance) : await rotateQr(instance);
          return json(res, 200, { ...qr, pairingCode: pairingCode() });
        }
        if (instance.state === 'connecting') return json(res, 200, qrOf(instance));
        return json(res, 200, await rotateQr(instance));
      }
      case 'GET instance/connectionState':
        return json(res, 200, { instance: { instanceName: name, state: instance.state } });
      case 'DELETE instance/logout': {
        if (instance.state === 'close')
          return evolutionError(res, 400, [`The "${instance.name}" instance is not connected`]);
        instance.state = 'close';
        instance.qr = null;
        json(res, 200, { status: 'SUCCESS', error: false, response: { message: 'Instance logged out' } });
        // Baileys ends the socket as logged out (401): Evolution tells the webhook.
        void emit(instance, 'connection.update', { instance: instance.name, state: 'close', statusReason: 401 });
        return;
      }
      case 'DELETE instance/delete': {
        if (instance.state === 'open')
          return evolutionError(res, 400, [`The "${instance.name}" instance needs to be disconnected`]);
        instances.delete(instance.name);
        return json(res, 200, { status: 'SUCCESS', error: false, response: { message: 'Instance deleted' } });
      }
      case 'POST webhook/set': {
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
      }
      case 'POST proxy/set': {
        // Evolution clears the fields of a disabled proxy, and tries an enabled one before keeping it.
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
      }
      case 'GET proxy/find':
        return json(res, 200, instance.proxy);
      case 'POST message/sendText':
      case 'POST message/sendMedia':
      case 'POST message/sendWhatsAppAudio':
      case 'POST message/sendReaction':
        return send(instance, action ?? '', input, res);
      case 'POST chat/markMessageAsRead': {
        const read = input.readMessages;
        if (!Array.isArray(read) || read.some((item) => typeof (item as { id?: unknown })?.id !== 'string'))
          return evolutionError(res, 400, ['readMessages must be an array of message keys']);
        if (instance.state !== 'open') return evolutionError(res, 400, ['Error: Connection Closed']);
        return json(res, 201, { message: 'Read messages', read: 'success' });
      }
      case 'POST chat/getBase64FromMediaMessage': {
        const id = (input.message as { key?: { id?: unknown } } | undefined)?.key?.id;
        const stored = typeof id === 'string' ? instance.messages.get(id) : undefined;
        if (!stored?.media) return evolutionError(res, 400, ['Message not found']);
        const content = stored.message[stored.messageType] as Record<string, unknown>;
        return json(res, 201, {
          mediaType: stored.messageType,
          fileName: stored.media.fileName,
          caption: stored.media.caption,
          size: { fileLength: { low: stored.media.bytes.length, high: 0, unsigned: true }, height: 0, width: 0 },
          mimetype: stored.media.mimetype ?? content?.mimetype,
          base64: stored.media.bytes.toString('base64'),
          buffer: null,
        });
      }
      default:
        return evolutionError(res, 404, [`Cannot ${req.method} ${url.pathname}`]);
    }
  };

  /** The phone and WhatsApp: each call posts what Evolution would and resolves with our server's answer. */
  const phone = {
    /** The QR on the screen is read: the session opens as this number. */
    scan: async (instanceName?: string, who = demoEvolution.phone) => {
      const instance = instanceNamed(instanceName);
      if (instance.state !== 'connecting' || !instance.qr) throw new Error(`${instance.name} shows no QR to scan`);
      instance.state = 'open';
      instance.qr = null;
      instance.wuid = `${who.number}@s.whatsapp.net`;
      instance.profileName = who.profileName;
      return emit(instance, 'connection.update', {
        instance: instance.name,
        wuid: instance.wuid,
        profileName: who.profileName,
        profilePictureUrl: null,
        state: 'open',
        statusReason: 200,
      });
    },
    /** Baileys shows a new QR (the old one expired). */
    newQr: async (instanceName?: string) => {
      const instance = instanceNamed(instanceName);
      await qrPosts.settled(instance);
      await rotateQr(instance);
      return instance.qr;
    },
    /** A customer's message (or, with `fromMe`, ours) arrives: `messages.upsert`, media bytes kept for download. */
    message: async (input: TCustomerMessage, instanceName?: string) => {
      const instance = instanceNamed(instanceName);
      const { stored, data } = customerMessageData(input, {
        instanceId: instance.instanceId,
        wuid: instance.wuid,
        // With the webhook's base64 option on, Evolution puts the file's bytes in the message itself.
        withBase64: instance.webhook?.base64 === true,
      });
      instance.messages.set(stored.key.id, stored);
      return emit(instance, 'messages.upsert', data);
    },
    /** The ticks of one of our messages: `messages.update` with Evolution's status names. */
    ack: async (input: { id: string; status: TEvolutionAck }, instanceName?: string) => {
      const instance = instanceNamed(instanceName);
      const remoteJid = instance.messages.get(input.id)?.key.remoteJid ?? 'unknown@s.whatsapp.net';
      return emit(instance, 'messages.update', {
        messageId: randomBytes(12).toString('hex'),
        keyId: input.id,
        remoteJid,
        fromMe: true,
        participant: remoteJid,
        status: input.status,
        instanceId: instance.instanceId,
      });
    },
    /** The session ends (logged out on the phone: 401, banned: 403...): `connection.update` close. */
    drop: async (statusReason = 401, instanceName?: string) => {
      const instance = instanceNamed(instanceName);
      instance.state = 'close';
      return emit(instance, 'connection.update', { instance: instance.name, state: 'close', statusReason });
    },
  };

  const control = (req: IncomingMessage, res: ServerResponse, url: URL, body: unknown) => {
    const input = (body ?? {}) as Record<string, unknown>;
    const name = typeof input.instance === 'string' ? input.instance : undefined;
    return answerControl(req, res, url, {
      get: {
        instances: () =>
          [...instances.values()].map((instance) => ({
            name: instance.name,
            state: instance.state,
            webhookUrl: instance.webhook?.url ?? null,
            number: instance.wuid?.split('@')[0] ?? null,
          })),
        sent: () => sent(url.searchParams.get('instance')),
      },
      post: {
        scan: () => phone.scan(name),
        qrcode: () => phone.newQr(name),
        inbound: () => phone.message(controlCustomerText(input), name),
        ack: () => phone.ack({ id: String(input.id), status: input.status as TEvolutionAck }, name),
        drop: () => phone.drop(Number(input.statusReason ?? 401), name),
      },
    });
  };

  /** What our server sent that the gateway took (text, media, voice notes, reactions), oldest first. */
  const sent = (instanceName?: string | null) =>
    outbox.filter((item) => !instanceName || item.instance === instanceName);

  const server = await startJsonFakeServer({
    port: options.port,
    onInvalidJson: (res) => evolutionError(res, 400, ['Unexpected token in JSON']),
    onError: (res, error) => evolutionError(res, 500, String(error)),
    handle: (req, res, url, body) =>
      url.pathname.startsWith('/_fake/') ? control(req, res, url, body) : route(req, res, url, body),
  });
  baseUrl = server.baseUrl;

  return {
    /** The gateway's URL, as an admin types it in the connection form. */
    baseUrl,
    apiKey: options.apiKey,
    requests,
    deliveries,
    phone,
    sent,
    /** An instance as the gateway keeps it (state, webhook, QR), or undefined. */
    instance: (name: string) => instances.get(name),
    instances: () => [...instances.values()],
    /** The markMessageAsRead calls, oldest first. */
    readReceipts: () =>
      requests
        .filter((r) => r.path.startsWith('/chat/markMessageAsRead/'))
        .map((r) => r.body as { readMessages: { remoteJid: string; fromMe: boolean; id: string }[] }),
    close: server.close,
  };
};

export type TFakeEvolution = Awaited<ReturnType<typeof startFakeEvolution>>;
