import { timingSafeEqual } from 'node:crypto';
import type { TSmsConfig } from '@prosa/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { findConnectionByToken } from '../../modules/connections/connections.repository.js';
import { applyAck } from '../../modules/messages/apply-ack.js';
import { receiveMessage } from '../../modules/messages/receive-batch.js';
import { AppError } from '../../platform/errors.js';
import type { TSecrets } from '../../platform/secrets.js';
import type { TServices } from '../../platform/services.js';
import { ChannelSendError, type TChannelAdapter, type TConnectionRow } from '../types.js';
import { readSmsConfig, sealSmsConfig, smsNumberOf, smsWebhookUrl } from './sms-config.js';
import { postSms, SmsGatewayError } from './sms-gateway.js';
import { parseSmsWebhook, type TSmsEvent } from './sms-webhook.js';

/**
 * SMS through an HTTP gateway that speaks our small JSON protocol (a provider's API behind a relay, or a
 * provider configured to call us): the adapter (text only; the gateway splits long texts and drops a repeated
 * `reference`, so sends are idempotent) and the webhook (`POST /smshooks/:token/:secret`: the admin pastes the
 * URL into the gateway by hand, so the secret rides in it, compared in constant time).
 */
export const setupSms = (services: TServices, secrets: TSecrets): FastifyPluginAsyncZod => {
  const secretOf = (connection: TConnectionRow) => {
    const sealed = readSmsConfig(connection).webhookSecret;
    return sealed ? secrets.open(sealed) : null;
  };
  const gatewayOf = (connection: TConnectionRow) => {
    const stored = readSmsConfig(connection);
    const token = stored.smsApiToken ? secrets.open(stored.smsApiToken) : null;
    if (!stored.smsSendUrl || !stored.smsFrom || !token) throw new ChannelSendError('ERR_WAPP_NOT_INITIALIZED', false);
    return { url: stored.smsSendUrl, token, from: stored.smsFrom };
  };

  const adapter: TChannelAdapter = {
    kind: 'sms',
    addressKinds: ['phone'],
    // The protocol makes the gateway drop a `reference` it has already taken: a send cut by a crash is tried again.
    idempotent: true,
    prepareConfig: (input, previous) => sealSmsConfig(secrets, input as Partial<TSmsConfig>, previous),
    /** The gateway's settings, a "set" flag for its token, and the URL to paste into the gateway (secret inside). */
    publicSettings: (connection, publicUrl) => {
      const stored = readSmsConfig(connection);
      return {
        smsSendUrl: stored.smsSendUrl ?? null,
        smsFrom: stored.smsFrom ?? null,
        smsApiToken: Boolean(stored.smsApiToken),
        webhookUrl: smsWebhookUrl(connection, publicUrl, secretOf(connection)),
      };
    },
    send: async (message) => {
      if (message.connection.status !== 'CONNECTED') throw new ChannelSendError('ERR_WAPP_NOT_INITIALIZED', false);
      // Never a text without the file the agent attached: the agent sees why and sends the text alone.
      if (message.mediaUrl || message.template) throw new ChannelSendError('ERR_SMS_TEXT_ONLY', false);
      const gateway = gatewayOf(message.connection);
      try {
        const sent = await postSms(gateway.url, gateway.token, {
          to: `+${message.to.value.replace(/\D/g, '')}`,
          from: gateway.from,
          text: message.body,
          reference: message.idempotencyKey,
        });
        // Taken without an id: no delivery report could ever name it, but it is on its way.
        return { externalId: sent.id ?? message.idempotencyKey, status: 'sent' };
      } catch (error) {
        throw error instanceof SmsGatewayError ? error.toSendError() : error;
      }
    },
    // Nothing to ask the gateway (the protocol has no status call): saved settings are a working connection
    // until the gateway refuses the token on a send; saving them again brings it back.
    check: async (connection) => {
      try {
        gatewayOf(connection);
        return { status: 'CONNECTED', number: smsNumberOf(readSmsConfig(connection).smsFrom), error: null };
      } catch (error) {
        const reason = error instanceof ChannelSendError ? error.reason : 'ERR_WAPP_NOT_INITIALIZED';
        return { status: 'DISCONNECTED', number: null, error: reason };
      }
    },
  };
  services.channels.register(adapter);

  /** One event of an authenticated webhook into our pipelines. */
  const apply = async (connection: TConnectionRow, event: TSmsEvent) => {
    const base = { tenantId: connection.tenantId, connectionId: connection.id };
    switch (event.kind) {
      case 'message':
        await receiveMessage(services, {
          ...base,
          externalId: event.externalId,
          from: { kind: 'phone', value: event.from },
          body: event.body,
          mediaType: 'chat',
          timestamp: event.timestamp,
          dataJson: event.raw,
        });
        return;
      case 'status':
        if (event.status === 'failed')
          services.log.info(
            { connectionId: connection.id, externalId: event.externalId, error: event.error },
            'sms failed',
          );
        await applyAck(services, {
          ...base,
          externalId: event.externalId,
          status: event.status,
          reason: event.status === 'failed' ? 'ERR_SENDING_WAPP_MSG' : undefined,
        });
        return;
      default: {
        const unknown: never = event;
        throw new Error(`unknown sms event ${JSON.stringify(unknown)}`);
      }
    }
  };

  /** The connection behind a webhook URL, once its token and secret are proven (compared in constant time). */
  const authenticate = async (token: string, secret: string) => {
    // NOTE: the token in the URL names the connection (and so the tenant) before any tenant is known.
    const connection = await findConnectionByToken(services.db, token);
    const expected = connection?.type === 'sms' ? secretOf(connection) : null;
    if (!connection || !expected) return null;
    const given = Buffer.from(secret);
    const wanted = Buffer.from(expected);
    return given.length === wanted.length && timingSafeEqual(given, wanted) ? connection : null;
  };
  const authenticated = new WeakMap<FastifyRequest, TConnectionRow>();

  return async (app) => {
    const ZParams = z.object({ token: z.string().max(200), secret: z.string().max(200) });
    app.post(
      '/smshooks/:token/:secret',
      {
        schema: { tags: ['channels'], params: ZParams },
        // Checked before the body is read: a stranger's delivery is refused without parsing it.
        onRequest: async (req) => {
          const { token, secret } = req.params as { token: string; secret: string };
          const connection = await authenticate(String(token), String(secret));
          if (!connection) throw new AppError('ERR_INVALID_TOKEN');
          authenticated.set(req, connection);
        },
      },
      async (req) => {
        const connection = authenticated.get(req);
        if (!connection) throw new AppError('ERR_INVALID_TOKEN');
        const delivery = parseSmsWebhook(req.body);
        if (!delivery.ok) throw new AppError('ERR_VALIDATION', { field: delivery.field, detail: delivery.detail });
        for (const event of delivery.events) await apply(connection, event);
        return { received: delivery.events.length };
      },
    );
  };
};
