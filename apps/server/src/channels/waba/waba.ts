import { createHmac, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import type { TWabaConfig } from '@prosa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LRUCache } from 'lru-cache';
import { z } from 'zod';
import { AppError } from '../../platform/errors.js';
import { groupBy } from '../../platform/group-by.js';
import { cleanInput } from '../../platform/input-guard.js';
import type { TSecrets } from '../../platform/secrets.js';
import type { TServices } from '../../platform/services.js';
import type { TChannelHost } from '../host/channel-host.js';
import type { TGatewayMessage } from '../host/gateway-events.js';
import { readOutboundFile } from '../shared/outbound-media.js';
import { isSameSecret } from '../shared/same-secret.js';
import { ChannelSendError, type TChannelAdapter, type TConnectionRow, type TOutboundMessage } from '../types.js';
import { createGraphClient, GraphError, type TWabaCredentials, wabaLimitReason } from './graph-api.js';
import { graphInteractive } from './graph-interactive.js';
import { graphMediaKind, graphTemplate, toMessageTemplate } from './graph-shapes.js';
import { parseWabaWebhook, type TWabaEvent } from './waba-webhook.js';

/** What a Cloud API connection keeps in `config`: ids in clear, credentials sealed. */
type TStoredWabaConfig = {
  phoneNumberId: string;
  wabaId: string;
  accessToken: string;
  appSecret: string;
  verifyToken: string;
};

const readStored = (connection: Pick<TConnectionRow, 'config'>): Partial<TStoredWabaConfig> =>
  connection.config as Partial<TStoredWabaConfig>;

/**
 * The settings of a new or edited Cloud API connection as stored: the credentials sealed, a verify token
 * made once. Fields left out of an edit keep their stored value.
 */
export const sealWabaConfig = (
  secrets: TSecrets,
  input: Partial<TWabaConfig>,
  previous: Record<string, unknown> = {},
): TStoredWabaConfig => {
  const before = previous as Partial<TStoredWabaConfig>;
  const merged = {
    phoneNumberId: input.phoneNumberId ?? before.phoneNumberId,
    wabaId: input.wabaId ?? before.wabaId,
    accessToken: input.accessToken ? secrets.seal(input.accessToken) : before.accessToken,
    appSecret: input.appSecret ? secrets.seal(input.appSecret) : before.appSecret,
    verifyToken: before.verifyToken ?? randomBytes(18).toString('base64url'),
  };
  for (const [field, value] of Object.entries(merged))
    if (!value) throw new AppError('ERR_VALIDATION', { field: `config.${field}` });
  return merged as TStoredWabaConfig;
};

/** What an admin sees of a Cloud API connection: ids, the webhook to configure at Meta, "set" flags. */
export const wabaPublicSettings = (connection: TConnectionRow, publicUrl: string) => {
  const stored = readStored(connection);
  return {
    phoneNumberId: stored.phoneNumberId ?? null,
    wabaId: stored.wabaId ?? null,
    verifyToken: stored.verifyToken ?? null,
    webhookUrl: connection.token ? `${publicUrl}/wabahooks/${connection.token}` : null,
    accessToken: Boolean(stored.accessToken),
    appSecret: Boolean(stored.appSecret),
  };
};

/** Meta's signature of a webhook body: `sha256=<hex HMAC-SHA256(app secret, raw body)>`. */
export const wabaSignature = (appSecret: string, raw: Buffer | string) =>
  `sha256=${createHmac('sha256', appSecret).update(raw).digest('hex')}`;

const signatureMatches = (appSecret: string, raw: Buffer, header: string | undefined) =>
  isSameSecret(header, wabaSignature(appSecret, raw));

/** The query of Meta's verify handshake (a GET on the webhook URL when an admin saves it in the Meta app). */
export const ZMetaVerifyQuery = z.object({
  'hub.mode': z.string().optional(),
  'hub.verify_token': z.string().optional(),
  'hub.challenge': z.string().max(200).optional(),
});

/** The challenge to answer Meta's handshake with, or null when it does not name the verify token we made. */
export const metaVerifyChallenge = (query: z.infer<typeof ZMetaVerifyQuery>, expected: string | undefined) =>
  query['hub.mode'] === 'subscribe' && expected && query['hub.verify_token'] === expected && query['hub.challenge']
    ? query['hub.challenge']
    : null;

/**
 * A Meta webhook's payload, once its X-Hub-Signature-256 is proven over the raw bytes (a missing secret,
 * header or match is 401; a signed body that is not JSON is 400). Its route keeps JSON bodies raw.
 */
export const readSignedMetaWebhook = (
  body: unknown,
  header: string | string[] | undefined,
  appSecret: string | null,
) => {
  const raw = Buffer.isBuffer(body) ? body : Buffer.alloc(0);
  if (!appSecret || !signatureMatches(appSecret, raw, typeof header === 'string' ? header : undefined))
    throw new AppError('ERR_WABA_SIGNATURE');
  try {
    // Cleaned once parsed: the signature covers the bytes as sent, the database stores what it can.
    return cleanInput(JSON.parse(raw.toString('utf8')) as unknown);
  } catch {
    throw new AppError('ERR_VALIDATION', { field: 'body', detail: 'not JSON' });
  }
};

/** Meta's failure codes of a status webhook, as catalogue codes. */
const statusReason = (code: number | null) =>
  code === 131047
    ? 'ERR_WABA_OUTSIDE_WINDOW'
    : code === 131026
      ? 'ERR_WAPP_INVALID_CONTACT'
      : (wabaLimitReason(code) ?? 'ERR_SENDING_WAPP_MSG');

/**
 * WhatsApp Cloud API (Meta): the adapter (send, read receipts, a credentials check) and the webhook
 * (`GET /wabahooks/:token` for Meta's verify handshake, `POST` for messages and statuses, signed).
 */
export const setupWaba = (services: TServices, secrets: TSecrets, host: TChannelHost): FastifyPluginAsyncZod => {
  const baseUrl = services.config.metaGraphUrl;

  const credentialsOf = (connection: TConnectionRow): TWabaCredentials & { appSecret: string } => {
    const stored = readStored(connection);
    const accessToken = stored.accessToken ? secrets.open(stored.accessToken) : null;
    const appSecret = stored.appSecret ? secrets.open(stored.appSecret) : null;
    if (!stored.phoneNumberId || !stored.wabaId || !accessToken || !appSecret)
      throw new ChannelSendError('ERR_WAPP_NOT_INITIALIZED', false);
    return { phoneNumberId: stored.phoneNumberId, wabaId: stored.wabaId, accessToken, appSecret };
  };
  const clientOf = (connection: TConnectionRow) => createGraphClient(baseUrl, credentialsOf(connection));

  const sendOne = async (message: TOutboundMessage) => {
    const client = clientOf(message.connection);
    // A customer known only by the business-scoped user id (a WhatsApp username, no number shared) is named
    // in `recipient`; a number goes in `to`.
    const to =
      message.to.kind === 'bsuid' ? { recipient: message.to.value } : { to: message.to.value.replace(/\D/g, '') };
    const context = message.quotedExternalId ? { context: { message_id: message.quotedExternalId } } : {};
    if (message.template)
      return client.sendMessage({ ...to, type: 'template', template: graphTemplate(message.template) });
    if (message.mediaUrl?.startsWith('/media/')) {
      const file = await readOutboundFile(services.storage, message.mediaUrl);
      const mime = file.meta?.mime ?? 'application/octet-stream';
      const name = message.mediaName ?? file.meta?.name ?? 'arquivo';
      const uploaded = await client.uploadMedia(file.bytes, mime, name);
      const kind = graphMediaKind(message.mediaType);
      const caption = message.body && kind !== 'audio' && kind !== 'sticker' ? { caption: message.body } : {};
      const filename = kind === 'document' ? { filename: name } : {};
      return client.sendMessage({
        ...to,
        type: kind,
        [kind]: { id: uploaded.id, ...caption, ...filename },
        ...context,
      });
    }
    const interactive = message.choices ? graphInteractive(message.choices) : null;
    if (interactive) return client.sendMessage({ ...to, type: 'interactive', interactive, ...context });
    return client.sendMessage({ ...to, type: 'text', text: { body: message.body, preview_url: true }, ...context });
  };

  const adapter: TChannelAdapter = {
    kind: 'waba',
    addressKinds: ['phone', 'bsuid'],
    // The Cloud API takes no idempotency key: a send cut by a crash is marked failed, never repeated blindly.
    idempotent: false,
    serviceWindowHours: 24,
    prepareConfig: (input, previous) => sealWabaConfig(secrets, input as Partial<TWabaConfig>, previous),
    publicSettings: wabaPublicSettings,
    send: async (message) => {
      if (message.connection.status !== 'CONNECTED') throw new ChannelSendError('ERR_WAPP_NOT_INITIALIZED', false);
      try {
        const res = await sendOne(message);
        const id = res.messages[0]?.id;
        if (!id) throw new ChannelSendError('ERR_SENDING_WAPP_MSG', true);
        return { externalId: id, status: 'sent' };
      } catch (error) {
        throw error instanceof GraphError ? error.toSendError() : error;
      }
    },
    templates: async (connection) => {
      try {
        return (await clientOf(connection).listTemplates()).map(toMessageTemplate);
      } catch (error) {
        throw error instanceof GraphError
          ? new AppError(error.reason === 'ERR_WABA_TOKEN_INVALID' ? error.reason : 'ERR_WABA_TEMPLATES')
          : error;
      }
    },
    markRead: async (target, externalIds) => {
      const client = clientOf(target.connection);
      // Marking the newest as read marks the earlier ones too.
      const last = externalIds.at(-1);
      if (last) await client.markRead(last);
    },
    check: async (connection) => {
      try {
        const client = clientOf(connection);
        const phone = await client.phoneNumber();
        return { status: 'CONNECTED', number: phone.display_phone_number ?? null, error: null };
      } catch (error) {
        const reason =
          error instanceof GraphError
            ? error.reason
            : error instanceof ChannelSendError
              ? error.reason
              : 'ERR_WAPP_NOT_INITIALIZED';
        return { status: 'DISCONNECTED', number: null, error: reason };
      }
    },
  };
  services.channels.register(adapter);

  // Meta may post several times a second per number: a second's reuse of the connection spares a query.
  const recent = new LRUCache<string, TConnectionRow>({ max: 10_000, ttl: 1_000 });
  const findWaba = async (token: string) => {
    const hit = recent.get(token);
    if (hit) return hit;
    // NOTE: the token in the URL names the connection (and so the tenant) before any tenant is known.
    const connection = await host.connectionByToken(token);
    if (connection?.type !== 'waba') throw new AppError('ERR_NO_WAPP_FOUND');
    recent.set(token, connection);
    return connection;
  };

  // Customers' messages being stored by this instance, by connection and id: what refers to one waits for it
  // here, at once. A message stored elsewhere or delivered later is waited for by the host (a durable job).
  const inFlight = new Map<string, Promise<unknown>>();

  /** One event of a verified webhook into our pipelines. */
  const apply = async (connection: TConnectionRow, event: TWabaEvent) => {
    if (event.kind === 'status') {
      await host.deliver(connection, {
        type: 'status',
        externalId: event.externalId,
        status: event.status,
        reason: event.status === 'failed' ? statusReason(event.error?.code ?? null) : undefined,
      });
      return;
    }
    if (event.kind === 'reaction' || event.kind === 'edit' || event.kind === 'revoke') {
      // The message it is about may still be on its way in (its file downloading, from another delivery).
      await inFlight.get(`${connection.id}:${event.targetExternalId}`);
      await host.deliver(
        connection,
        event.kind === 'reaction'
          ? { type: 'reaction', targetExternalId: event.targetExternalId, emoji: event.emoji }
          : event.kind === 'edit'
            ? { type: 'edit', targetExternalId: event.targetExternalId, body: event.body, at: event.at }
            : { type: 'revoke', targetExternalId: event.targetExternalId, at: event.at },
      );
      return;
    }
    const key = `${connection.id}:${event.externalId}`;
    const storing = receive(connection, event).finally(() => inFlight.delete(key));
    inFlight.set(
      key,
      storing.catch(() => undefined),
    );
    await storing;
  };

  /** A customer's message (its file fetched from Meta first) into our pipelines. */
  const receive = async (connection: TConnectionRow, event: Extract<TWabaEvent, { kind: 'message' }>) => {
    const inbound: TGatewayMessage = {
      externalId: event.externalId,
      from: {
        // A user known only by the business-scoped id gets a contact keyed by it; once a delivery carries
        // both the number and that id, the number joins the same contact.
        ...(event.waId
          ? { kind: 'phone', value: event.waId, ...(event.userId ? { bsuid: event.userId } : {}) }
          : { kind: 'bsuid', value: event.userId ?? '' }),
        ...(event.name ? { name: event.name, pushname: event.name } : {}),
      },
      body: event.body,
      mediaType: event.mediaType,
      timestamp: event.timestamp,
      quotedExternalId: event.quotedExternalId,
      dataJson: event.raw,
    };
    if (event.media) {
      try {
        const { bytes, mime } = await clientOf(connection).downloadMedia(event.media.id);
        const ext = (event.media.filename?.split('.').pop() ?? mime.split('/')[1] ?? 'bin')
          .replace(/[^a-z0-9]/gi, '')
          .slice(0, 8);
        const name = event.media.filename ?? `${event.mediaType}.${ext || 'bin'}`;
        const stored = await services.storage.put(connection.tenantId, ext || 'bin', Readable.from(bytes), {
          name,
          mime,
        });
        Object.assign(inbound, { mediaUrl: `/media/${stored.key}`, mediaName: name, mediaMime: mime });
      } catch (err) {
        // The message is kept without its file (the id stays in dataJson): never lost for a failed download.
        services.log.warn({ err, externalId: event.externalId }, 'waba media download failed');
        Object.assign(inbound, { mediaName: event.media.filename, mediaMime: event.media.mime });
      }
    }
    await host.deliver(connection, { type: 'message', message: inbound });
    if (event.newWaId)
      await host.deliver(connection, {
        type: 'number-change',
        noticeExternalId: event.externalId,
        number: event.newWaId,
      });
  };

  return async (app) => {
    // Meta signs the exact bytes it sent: this plugin's JSON bodies stay raw until the signature is checked.
    app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
    const tags = ['channels'];
    const ZToken = z.object({ token: z.string().min(10).max(64) });

    app.get(
      '/wabahooks/:token',
      {
        schema: {
          tags,
          params: ZToken,
          querystring: ZMetaVerifyQuery,
        },
      },
      async (req, reply) => {
        const connection = await findWaba(req.params.token);
        const challenge = metaVerifyChallenge(req.query, readStored(connection).verifyToken);
        if (!challenge) return reply.status(403).send({ error: 'ERR_INVALID_TOKEN' });
        return reply.type('text/plain').send(challenge);
      },
    );

    app.post('/wabahooks/:token', { schema: { tags, params: ZToken } }, async (req, reply) => {
      const connection = await findWaba(req.params.token);
      let appSecret: string | null;
      try {
        appSecret = credentialsOf(connection).appSecret;
      } catch {
        appSecret = null;
      }
      const payload = readSignedMetaWebhook(req.body, req.headers['x-hub-signature-256'], appSecret);
      const phoneNumberId = readStored(connection).phoneNumberId;
      const events = parseWabaWebhook(payload).filter((event) => event.phoneNumberId === phoneNumberId);
      // Different customers' messages go to the inbound batcher together; each customer's keep their order.
      // Statuses come after, so a status never overtakes the message it is about.
      const fromCustomers = events.filter((event) => event.kind !== 'status');
      await Promise.all(
        [...groupBy(fromCustomers, (event) => event.waId ?? event.userId).values()].map(async (ofOne) => {
          for (const event of ofOne) await apply(connection, event);
        }),
      );
      for (const event of events) if (event.kind === 'status') await apply(connection, event);
      return reply.status(200).send('EVENT_RECEIVED');
    });
  };
};
