import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { readBody, startFakeServer } from './fake-http.js';
import { graphJson as json, sendGraphError, graphVersion as version } from './graph-api.js';
import { interactiveProblem } from './meta-interactive.js';

/** A business-scoped user id: country code, a dot, optionally ENT. (parent id), then up to 128 letters and digits. */
const bsuidPattern = /^[A-Z]{2}\.(ENT\.)?[A-Za-z0-9]{1,128}$/;

/**
 * A fake WhatsApp Cloud API (Meta Graph API) on loopback, speaking the documented protocol: Bearer auth,
 * `POST /{version}/{phone-number-id}/messages` (messages and read receipts), `POST .../media` (multipart
 * upload), `GET /{version}/{media-id}` then the bytes URL (Bearer again), `GET /{version}/{phone-number-id}`,
 * `GET /{version}/{waba-id}/message_templates`, Graph's error envelope. It also plays Meta's side of the
 * webhook: signed deliveries (X-Hub-Signature-256) and the verify handshake.
 */
export type TFakeMetaNumber = {
  phoneNumberId: string;
  wabaId: string;
  accessToken: string;
  displayPhoneNumber: string;
};

/** The number the demo mode and the e2e suite use. */
export const demoMetaNumber: TFakeMetaNumber = {
  phoneNumberId: '110000000000001',
  wabaId: '220000000000002',
  accessToken: 'EAAdemo0000000000000000000000000000000000',
  displayPhoneNumber: '+55 11 4000-1000',
};

/** Templates of the demo account: one with placeholders, one waiting for Meta's approval. */
export const demoMetaTemplates = (): TMetaTemplate[] => [
  {
    name: 'pedido_enviado',
    language: 'pt_BR',
    status: 'APPROVED',
    category: 'UTILITY',
    components: [
      { type: 'HEADER', format: 'TEXT', text: 'Pedido {{1}}' },
      { type: 'BODY', text: 'Olá, {{1}}! Seu pedido saiu para entrega e chega {{2}}.' },
      { type: 'FOOTER', text: 'Loja Exemplo' },
    ],
  },
  {
    name: 'retomar_atendimento',
    language: 'pt_BR',
    status: 'APPROVED',
    category: 'UTILITY',
    components: [{ type: 'BODY', text: 'Olá, {{1}}! Podemos continuar o seu atendimento por aqui?' }],
  },
  {
    name: 'promocao_semana',
    language: 'pt_BR',
    status: 'PENDING',
    category: 'MARKETING',
    components: [{ type: 'BODY', text: 'Promoção da semana: {{1}}' }],
  },
];

export type TMetaRequest = { method: string; path: string; body: unknown; authorization: string | undefined };

export type TMetaTemplate = {
  name: string;
  language: string;
  status: 'APPROVED' | 'PENDING' | 'REJECTED';
  category: 'MARKETING' | 'UTILITY' | 'AUTHENTICATION';
  components: { type: string; text?: string; format?: string }[];
};

type TTemplateMessage = {
  name?: string;
  language?: { code?: string };
  components?: { type: string; parameters?: unknown[] }[];
};

/** Meta's checks of a template send: it exists approved in that language, with as many values as placeholders. */
const templateProblem = (templates: TMetaTemplate[], message: TTemplateMessage | undefined) => {
  const template = templates.find((t) => t.name === message?.name && t.language === message?.language?.code);
  if (template?.status !== 'APPROVED')
    return { code: 132001, message: '(#132001) Template name does not exist in the translation' };
  for (const type of ['header', 'body']) {
    const text = template.components.find((c) => c.type === type.toUpperCase())?.text ?? '';
    const expected = new Set([...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1])).size;
    const given = message?.components?.find((c) => c.type === type)?.parameters?.length ?? 0;
    if (expected !== given)
      return { code: 132000, message: '(#132000) Number of parameters does not match the expected number of params' };
  }
  return null;
};

/** The Cloud API's errors: an OAuthException unless told otherwise, as Meta answers most of them. */
const graphError = (res: ServerResponse, status: number, code: number, message: string, type = 'OAuthException') =>
  sendGraphError(res, status, { code, message, type });

/**
 * Starts the fake. Besides Meta's paths it answers two unauthenticated control paths, for tests in another
 * process and for the demo mode: `GET /_fake/sent` (what our server sent), `POST /_fake/inbound`
 * (`{ webhookUrl, appSecret, waId, name, text }`: a customer's text delivered signed to our webhook), and
 * `POST /_fake/revoke` / `/_fake/restore` (Meta stops / starts accepting the number's token).
 */
export const startFakeMetaCloud = async (number: TFakeMetaNumber, options: { port?: number } = {}) => {
  const requests: TMetaRequest[] = [];
  const media = new Map<string, { bytes: Buffer; mime: string }>();
  let held: { arrived: () => void; gate: Promise<void> } | null = null;
  const templates: TMetaTemplate[] = [];
  /** Failures to answer to the next sends, in order (Graph error code and HTTP status). */
  const failures: { status: number; code: number; message: string }[] = [];
  let baseUrl = '';
  /** The token Meta accepts now; revoking it plays an admin removing the system user's access. */
  let acceptedToken = number.accessToken;

  const server = await startFakeServer({
    port: options.port,
    onError: (res, error) => graphError(res, 500, 1, String(error)),
    handle: async (req, res, url) => {
      const raw = await readBody(req);
      const contentType = req.headers['content-type'] ?? '';
      let body: unknown = null;
      if (contentType.startsWith('application/json')) body = JSON.parse(raw.toString('utf8') || 'null');
      else if (contentType.startsWith('multipart/form-data')) {
        const form = await new Request('http://fake', {
          method: 'POST',
          headers: { 'content-type': contentType },
          body: raw,
        }).formData();
        body = form;
      }
      requests.push({
        method: req.method ?? 'GET',
        path: url.pathname,
        body,
        authorization: req.headers.authorization,
      });

      if (url.pathname === '/_fake/sent') return json(res, 200, sentMessages());
      if (url.pathname === '/_fake/inbound' && req.method === 'POST') {
        const input = body as { webhookUrl: string; appSecret: string; waId: string; name: string; text: string };
        const payload = metaWebhook.message(number, input, { type: 'text', text: { body: input.text } });
        return json(res, 200, await metaWebhook.deliver(input.webhookUrl, payload, { appSecret: input.appSecret }));
      }
      if (url.pathname === '/_fake/revoke' && req.method === 'POST') {
        fake.revokeToken();
        return json(res, 200, { revoked: true });
      }
      if (url.pathname === '/_fake/restore' && req.method === 'POST') {
        fake.restoreToken();
        return json(res, 200, { restored: true });
      }
      if (req.headers.authorization !== `Bearer ${acceptedToken}`)
        return graphError(res, 401, 190, 'Invalid OAuth access token - Cannot parse access token');

      const parts = url.pathname.split('/').filter(Boolean);
      if (parts[0] === 'media-bytes' && parts[1]) {
        const hold = held;
        if (hold) {
          held = null;
          hold.arrived();
          await hold.gate;
        }
        const file = media.get(parts[1]);
        if (!file) return graphError(res, 404, 100, 'Unsupported get request.', 'GraphMethodException');
        res.writeHead(200, { 'content-type': file.mime });
        return res.end(file.bytes);
      }
      if (parts[0] !== version) return graphError(res, 400, 2500, 'Unknown path components', 'GraphMethodException');
      const [, id, edge] = parts;

      if (req.method === 'POST' && id === number.phoneNumberId && edge === 'messages') {
        const message = body as Record<string, unknown> | null;
        if (message?.messaging_product !== 'whatsapp')
          return graphError(res, 400, 100, '(#100) The parameter messaging_product is required.');
        if (message.status === 'read') return json(res, 200, { success: true });
        const failure = failures.shift();
        if (failure) return graphError(res, failure.status, failure.code, failure.message);
        // A user is named by the number in `to`, by the business-scoped user id in `recipient`, or both.
        const to = typeof message.to === 'string' && /^\d{8,15}$/.test(message.to) ? message.to : null;
        const userId =
          typeof message.recipient === 'string' && bsuidPattern.test(message.recipient) ? message.recipient : null;
        if ((message.to !== undefined && !to) || (message.recipient !== undefined && !userId) || (!to && !userId))
          return graphError(res, 400, 100, '(#100) Invalid parameter');
        if (message.type === 'template') {
          const problem = templateProblem(templates, message.template as TTemplateMessage | undefined);
          if (problem) return graphError(res, 400, problem.code, problem.message);
        }
        if (message.type === 'interactive') {
          const problem = interactiveProblem(message.interactive as Parameters<typeof interactiveProblem>[0]);
          if (problem) return graphError(res, 400, 131009, `(#131009) Parameter value is not valid: ${problem}`);
        }
        return json(res, 200, {
          messaging_product: 'whatsapp',
          contacts: [
            to ? { input: to, wa_id: to, ...(userId ? { user_id: userId } : {}) } : { input: userId, user_id: userId },
          ],
          messages: [{ id: `wamid.${randomBytes(12).toString('hex')}` }],
        });
      }
      if (req.method === 'POST' && id === number.phoneNumberId && edge === 'media') {
        const form = body instanceof FormData ? body : null;
        const file = form?.get('file');
        if (form?.get('messaging_product') !== 'whatsapp' || !(file instanceof Blob))
          return graphError(res, 400, 100, '(#100) Param file must be a file with one of the following types');
        const mediaId = `${Date.now()}${Math.floor(Math.random() * 1e6)}`;
        media.set(mediaId, {
          bytes: Buffer.from(await file.arrayBuffer()),
          mime: String(form.get('type') ?? file.type),
        });
        return json(res, 200, { id: mediaId });
      }
      if (req.method === 'GET' && id === number.phoneNumberId && !edge)
        return json(res, 200, {
          id: number.phoneNumberId,
          display_phone_number: number.displayPhoneNumber,
          verified_name: 'Prosa Demo',
        });
      if (req.method === 'GET' && id === number.wabaId && edge === 'message_templates')
        return json(res, 200, {
          data: templates.map((template, index) => ({ id: String(9000 + index), ...template })),
          paging: { cursors: { before: 'MAZDZD', after: 'MjQZD' } },
        });
      if (req.method === 'GET' && id && media.has(id) && !edge) {
        const file = media.get(id) as { bytes: Buffer; mime: string };
        return json(res, 200, {
          messaging_product: 'whatsapp',
          url: `${baseUrl}/media-bytes/${id}`,
          mime_type: file.mime,
          sha256: createHash('sha256').update(file.bytes).digest('hex'),
          file_size: file.bytes.length,
          id,
        });
      }
      return graphError(res, 400, 100, `Unsupported ${req.method} request.`, 'GraphMethodException');
    },
  });
  baseUrl = server.baseUrl;
  const postedMessages = () =>
    requests
      .filter((r) => r.method === 'POST' && r.path.endsWith('/messages'))
      .map((r) => r.body as Record<string, unknown>);
  const sentMessages = () => postedMessages().filter((b) => b.status !== 'read');

  const fake = {
    /** What to set META_GRAPH_URL to. */
    graphUrl: `${baseUrl}/${version}`,
    number,
    requests,
    templates,
    /** The base URL (control paths live under `/_fake`). */
    baseUrl,
    /** The messages our server sent (read receipts excluded), in order. */
    sentMessages,
    readReceipts: () => postedMessages().filter((b) => b.status === 'read'),
    /** Bytes a customer "sent": the id goes in an inbound webhook, our server downloads it. */
    addInboundMedia: (bytes: Buffer, mime: string) => {
      const mediaId = `in${randomBytes(6).toString('hex')}`;
      media.set(mediaId, { bytes, mime });
      return mediaId;
    },
    uploadedMedia: (mediaId: string) => media.get(mediaId),
    /**
     * Holds the next media download until `release` (a slow CDN): `arrived` resolves once the download is
     * asked for, so a test can deliver what Meta sends meanwhile.
     */
    holdNextMediaDownload: () => {
      let arrived = () => {};
      let release = () => {};
      const reached = new Promise<void>((resolve) => {
        arrived = resolve;
      });
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      held = { arrived, gate };
      return { arrived: reached, release };
    },
    /** Meta stops accepting the number's token (an admin revoked the system user's access), or starts again. */
    revokeToken: () => {
      acceptedToken = randomBytes(16).toString('hex');
    },
    restoreToken: () => {
      acceptedToken = number.accessToken;
    },
    failNextSend: (failure: { status: number; code: number; message: string }) => failures.push(failure),
    close: server.close,
  };
  return fake;
};

export type TFakeMetaCloud = Awaited<ReturnType<typeof startFakeMetaCloud>>;

/** Meta's side of the webhook: builds the documented envelopes and posts them signed. */
export const metaWebhook = {
  sign: (appSecret: string, raw: string) => `sha256=${createHmac('sha256', appSecret).update(raw).digest('hex')}`,

  envelope: (
    number: Pick<TFakeMetaNumber, 'phoneNumberId' | 'wabaId' | 'displayPhoneNumber'>,
    value: Record<string, unknown>,
  ) => ({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: number.wabaId,
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: number.displayPhoneNumber, phone_number_id: number.phoneNumberId },
              ...value,
            },
          },
        ],
      },
    ],
  }),

  /** A customer's message: `message` is the type-specific part (`{ type: 'text', text: { body } }`, ...). */
  message: (
    number: Pick<TFakeMetaNumber, 'phoneNumberId' | 'wabaId' | 'displayPhoneNumber'>,
    customer: { waId: string; name: string },
    message: Record<string, unknown> & { type: string },
    id = `wamid.${randomBytes(12).toString('hex')}`,
    timestamp = Math.floor(Date.now() / 1000),
  ) =>
    metaWebhook.envelope(number, {
      contacts: [{ profile: { name: customer.name }, wa_id: customer.waId }],
      messages: [{ from: customer.waId, id, timestamp: String(timestamp), ...message }],
    }),

  status: (
    number: Pick<TFakeMetaNumber, 'phoneNumberId' | 'wabaId' | 'displayPhoneNumber'>,
    status: { id: string; status: 'sent' | 'delivered' | 'read' | 'failed'; recipientId: string; errorCode?: number },
  ) =>
    metaWebhook.envelope(number, {
      statuses: [
        {
          id: status.id,
          status: status.status,
          timestamp: String(Math.floor(Date.now() / 1000)),
          recipient_id: status.recipientId,
          ...(status.errorCode
            ? {
                errors: [
                  { code: status.errorCode, title: 'Message failed to send', message: 'Message failed to send' },
                ],
              }
            : {}),
        },
      ],
    }),

  /** Posts a payload as Meta does: JSON, signed with the app secret (or with `signature` when given). */
  deliver: async (url: string, payload: unknown, options: { appSecret: string; signature?: string | null }) => {
    const raw = JSON.stringify(payload);
    const signature = options.signature === undefined ? metaWebhook.sign(options.appSecret, raw) : options.signature;
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(signature ? { 'x-hub-signature-256': signature } : {}) },
      body: raw,
    });
    return { status: res.status, body: await res.text() };
  },

  /** Meta's verify handshake: GET with hub.mode, hub.verify_token and hub.challenge. */
  verify: async (url: string, verifyToken: string, challenge = randomBytes(8).toString('hex')) => {
    const query = new URLSearchParams({
      'hub.mode': 'subscribe',
      'hub.verify_token': verifyToken,
      'hub.challenge': challenge,
    });
    const res = await fetch(`${url}?${query}`);
    return { status: res.status, body: await res.text(), challenge };
  },
};
