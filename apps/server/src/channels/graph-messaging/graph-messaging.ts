import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LRUCache } from 'lru-cache';
import { z } from 'zod';
import { AppError } from '../../platform/errors.js';
import { groupBy } from '../../platform/group-by.js';
import type { TSecrets } from '../../platform/secrets.js';
import type { TServices } from '../../platform/services.js';
import type { TChannelHost } from '../host/channel-host.js';
import type { TConnectionRow } from '../types.js';
import { metaVerifyChallenge, readSignedMetaWebhook, ZMetaVerifyQuery } from '../waba/waba.js';
import { createGraphMessagingAdapter, graphMessagingCredentials } from './graph-messaging-adapter.js';
import { createGraphMessagingClient } from './graph-messaging-api.js';
import {
  instagramChannel,
  messengerChannel,
  readGraphMessagingConfig,
  type TGraphChannel,
} from './graph-messaging-config.js';
import { createGraphMessagingInbound } from './graph-messaging-inbound.js';
import { parseGraphMessagingWebhook } from './graph-messaging-webhook.js';

/**
 * Instagram Direct and Facebook Messenger through Meta's Graph API (Messenger Platform): one adapter each,
 * and their webhooks (`GET /instagramhooks/:token` and `/messengerhooks/:token` for Meta's verify handshake,
 * `POST` for messages, reactions, deliveries and reads, signed with the app secret).
 */
export const setupGraphMessaging = (
  services: TServices,
  secrets: TSecrets,
  host: TChannelHost,
): FastifyPluginAsyncZod => {
  const clientOf = (connection: TConnectionRow) =>
    createGraphMessagingClient(services.config.metaGraphUrl, graphMessagingCredentials(secrets, connection));
  const channels = [instagramChannel, messengerChannel].map((channel) => {
    services.channels.register(createGraphMessagingAdapter(services, secrets, channel));
    return { channel, apply: createGraphMessagingInbound(services, host, channel, clientOf) };
  });

  // Meta may post several times a second per account: a second's reuse of the connection spares a query.
  const recent = new LRUCache<string, TConnectionRow>({ max: 10_000, ttl: 1_000 });
  /** The connection a webhook URL names, of this channel; a stranger's token is refused before anything else. */
  const findHooked = async (channel: TGraphChannel, token: string) => {
    const key = `${channel.kind}:${token}`;
    const hit = recent.get(key);
    if (hit) return hit;
    // NOTE: the token in the URL names the connection (and so the tenant) before any tenant is known.
    const connection = await host.connectionByToken(token);
    if (connection?.type !== channel.kind) throw new AppError('ERR_INVALID_TOKEN');
    recent.set(key, connection);
    return connection;
  };
  const appSecretOf = (connection: TConnectionRow) => {
    try {
      return graphMessagingCredentials(secrets, connection).appSecret;
    } catch {
      return null;
    }
  };

  return async (app) => {
    // Meta signs the exact bytes it sent: this plugin's JSON bodies stay raw until the signature is checked.
    app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
    const tags = ['channels'];
    const ZToken = z.object({ token: z.string().min(10).max(64) });

    for (const { channel, apply } of channels) {
      app.get(
        `/${channel.hookPath}/:token`,
        { schema: { tags, params: ZToken, querystring: ZMetaVerifyQuery } },
        async (req, reply) => {
          const connection = await findHooked(channel, req.params.token);
          const challenge = metaVerifyChallenge(req.query, readGraphMessagingConfig(connection).verifyToken);
          if (!challenge) return reply.status(403).send({ error: 'ERR_INVALID_TOKEN' });
          return reply.type('text/plain').send(challenge);
        },
      );

      app.post(`/${channel.hookPath}/:token`, { schema: { tags, params: ZToken } }, async (req, reply) => {
        const connection = await findHooked(channel, req.params.token);
        const payload = readSignedMetaWebhook(req.body, req.headers['x-hub-signature-256'], appSecretOf(connection));
        // One Meta app may serve several accounts: only this connection's account is its business.
        const accountId = readGraphMessagingConfig(connection).accountId;
        const events = parseGraphMessagingWebhook(payload, channel.object).filter(
          (event) => event.accountId === accountId,
        );
        // Different customers' events go on together; each customer's keep their order (a read after its message).
        await Promise.all(
          [...groupBy(events, (event) => event.customerId).values()].map(async (ofOne) => {
            for (const event of ofOne) await apply(connection, event);
          }),
        );
        return reply.status(200).send('EVENT_RECEIVED');
      });
    }
  };
};
