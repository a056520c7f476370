import type { TSmsConfig } from '@prosa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../platform/errors.js';
import type { TSecrets } from '../../platform/secrets.js';
import type { TServices } from '../../platform/services.js';
import type { TChannelHost } from '../host/channel-host.js';
import { deliverAll, deliveryStatuses } from '../shared/provider-events.js';
import { registerSecretUrlHook } from '../shared/webhook-auth.js';
import { ChannelSendError, type TChannelAdapter, type TConnectionRow } from '../types.js';
import { readSmsConfig, sealSmsConfig, smsNumberOf, smsWebhookUrl } from './sms-config.js';
import { postSms, SmsGatewayError } from './sms-gateway.js';
import { parseSmsWebhook, type TSmsEvent } from './sms-webhook.js';

/** The shapes of unknown events already warned about in this process: one warning per shape, not per post. */
const warnedShapes = new Set<string>();

/** How much of an unknown event's raw JSON its message shows (the whole event stays in dataJson). */
const UNKNOWN_BODY_MAX = 4000;

/**
 * SMS through an HTTP gateway that speaks our small JSON protocol (a provider's API behind a relay, or a
 * provider configured to call us): the adapter (text only; the gateway splits long texts and drops a repeated
 * `reference`, so sends are idempotent) and the webhook (`POST /smshooks/:token/:secret`: the admin pastes the
 * URL into the gateway by hand, so the secret rides in it, compared in constant time).
 */
export const setupSms = (services: TServices, secrets: TSecrets, host: TChannelHost): FastifyPluginAsyncZod => {
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

  /** One event of an authenticated webhook into our pipelines; whether it was taken. */
  const apply = async (connection: TConnectionRow, event: TSmsEvent): Promise<boolean> => {
    switch (event.kind) {
      case 'message':
        await host.deliver(connection, {
          type: 'message',
          message: {
            externalId: event.externalId,
            from: { kind: 'phone', value: event.from },
            body: event.body,
            mediaType: 'chat',
            timestamp: event.timestamp,
            dataJson: event.raw,
          },
        });
        return true;
      case 'unknown': {
        if (!warnedShapes.has(event.shape)) {
          warnedShapes.add(event.shape);
          services.log.warn(
            { connectionId: connection.id, shape: event.shape, raw: event.raw },
            'sms webhook: an event of an unknown shape, kept as an unknown message (or, naming no sender, for admins)',
          );
        }
        // With no number in it there is no customer to file it under: kept raw for the admins to see.
        if (!event.from) {
          await host.deliver(connection, { type: 'unmatched', channel: 'sms', body: event.raw });
          return true;
        }
        await host.deliver(connection, {
          type: 'message',
          message: {
            externalId: event.externalId,
            from: { kind: 'phone', value: event.from },
            body: JSON.stringify(event.raw).slice(0, UNKNOWN_BODY_MAX),
            mediaType: 'unknown',
            timestamp: event.timestamp,
            dataJson: event.raw,
          },
        });
        return true;
      }
      case 'status':
        if (event.status === 'failed')
          services.log.info(
            { connectionId: connection.id, externalId: event.externalId, error: event.error },
            'sms failed',
          );
        await deliverAll(host, connection, deliveryStatuses([event.externalId], event.status));
        return true;
      default: {
        const unknown: never = event;
        throw new Error(`unknown sms event ${JSON.stringify(unknown)}`);
      }
    }
  };

  return async (app) => {
    registerSecretUrlHook(app, {
      host,
      prefix: '/smshooks',
      type: 'sms',
      secretOf,
      receive: async (connection, body) => {
        const delivery = parseSmsWebhook(body);
        if (!delivery.ok) throw new AppError('ERR_VALIDATION', { field: delivery.field, detail: delivery.detail });
        let received = 0;
        for (const event of delivery.events) if (await apply(connection, event)) received += 1;
        return { received };
      },
    });
  };
};
