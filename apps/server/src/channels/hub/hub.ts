import type { THubConfig } from '@prosa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../platform/errors.js';
import type { TSecrets } from '../../platform/secrets.js';
import type { TServices } from '../../platform/services.js';
import type { TChannelHost } from '../host/channel-host.js';
import { downloadInboundFile, storeInboundMedia } from '../shared/inbound-media.js';
import { deliverAll, deliveryStatuses } from '../shared/provider-events.js';
import { registerSecretUrlHook } from '../shared/webhook-auth.js';
import {
  ChannelSendError,
  type TAddress,
  type TChannelAdapter,
  type TConnectionRow,
  type TOutboundMessage,
} from '../types.js';
import { createHubClient, HubError, type THubContent } from './hub-api.js';
import { hubAddressKind, hubPublicSettings, hubWebhookUrl, readHubConfig, sealHubConfig } from './hub-config.js';
import { createHubSession } from './hub-session.js';
import { parseHubWebhook, type THubEvent } from './hub-webhook.js';

/**
 * NotificaMe Hub (a Brazilian multichannel aggregator: WhatsApp, Instagram, Messenger, Telegram, e-mail, web
 * chat), one Hub channel per connection: the adapter (text and files, which the Hub fetches from our public
 * media URL), the "session" (our webhook subscription on the Hub) and the webhook (`POST
 * /hubhooks/:token/:secret`: the URL we subscribe carries the connection's token and a secret of its own).
 */
export const setupHub = (services: TServices, secrets: TSecrets, host: TChannelHost): FastifyPluginAsyncZod => {
  const apiUrl = services.config.hubApiUrl;

  const clientOf = (connection: TConnectionRow) => {
    const stored = readHubConfig(connection);
    const apiToken = stored.hubApiToken ? secrets.open(stored.hubApiToken) : null;
    if (!stored.hubChannel || !stored.hubChannelToken || !apiToken)
      throw new ChannelSendError('ERR_WAPP_NOT_INITIALIZED', false);
    return createHubClient({ apiUrl, apiToken });
  };
  const secretOf = (connection: TConnectionRow) => {
    const sealed = readHubConfig(connection).webhookSecret;
    return sealed ? secrets.open(sealed) : null;
  };
  const webhookUrlOf = (connection: TConnectionRow) => {
    const secret = secretOf(connection);
    const url = secret ? hubWebhookUrl(connection, services.config.publicUrl, secret) : null;
    if (!url) throw new ChannelSendError('ERR_WAPP_NOT_INITIALIZED', false);
    return url;
  };
  const saveSubscription = async (connection: TConnectionRow, subscriptionId: string | null) => {
    await host.saveConnectionConfig(connection, { ...readHubConfig(connection), subscriptionId });
  };
  const session = createHubSession({ log: services.log, clientOf, webhookUrlOf, saveSubscription });

  /**
   * The customer's address on this connection's Hub channel. Adapters name one list of address kinds for every
   * connection, so a contact known by several (a phone and an Instagram id) may come with the other one: the
   * channel's own is then looked up among the contact's identities.
   */
  const addressOf = async (message: TOutboundMessage): Promise<TAddress> => {
    const kind = hubAddressKind(readHubConfig(message.connection).hubChannel);
    if (message.to.kind === kind) return message.to;
    const found = await host.contactAddressOfMessage(message.tenantId, message.id, kind);
    if (!found) throw new ChannelSendError('ERR_WAPP_INVALID_CONTACT', false);
    return found;
  };

  /**
   * The message's contents: a file by its public media URL (the URL is the capability; the Hub downloads it,
   * so PUBLIC_URL must be reachable from the internet), the text as its caption.
   */
  const contentsOf = async (message: TOutboundMessage): Promise<THubContent[]> => {
    if (!message.mediaUrl?.startsWith('/media/')) return [{ type: 'text', text: message.body }];
    const key = message.mediaUrl.slice('/media/'.length);
    const info = await services.storage.stat(key);
    if (!info) throw new ChannelSendError('ERR_WAPP_DOWNLOAD_MEDIA', false);
    const mime = (info.meta?.mime ?? host.contentTypeOf(key)).split(';')[0]?.trim() || 'application/octet-stream';
    return [
      {
        type: 'file',
        fileMimeType: mime,
        fileUrl: `${services.config.publicUrl}${message.mediaUrl}`,
        ...(message.body ? { fileCaption: message.body } : {}),
      },
    ];
  };

  const adapter: TChannelAdapter = {
    kind: 'hub',
    addressKinds: ['phone', 'instagram', 'messenger', 'telegram', 'email', 'webchat'],
    // The Hub takes no idempotency key (that we know of): a send cut by a crash is marked failed, never repeated.
    idempotent: false,
    prepareConfig: (input, previous) => sealHubConfig(secrets, input as Partial<THubConfig>, previous),
    publicSettings: (connection) => hubPublicSettings(connection),
    send: async (message) => {
      if (message.connection.status !== 'CONNECTED') throw new ChannelSendError('ERR_WAPP_NOT_INITIALIZED', false);
      const stored = readHubConfig(message.connection);
      const to = await addressOf(message);
      try {
        const sent = await clientOf(message.connection).send(String(stored.hubChannel), {
          from: String(stored.hubChannelToken),
          // WhatsApp numbers go as digits with the country code; other channels' ids as they came.
          to: to.kind === 'phone' ? to.value.replace(/\D/g, '') : to.value,
          contents: await contentsOf(message),
        });
        const id = typeof sent.id === 'string' || typeof sent.id === 'number' ? String(sent.id) : null;
        // Taken but unanswered: it may be on its way, so it is not tried again.
        if (!id) throw new ChannelSendError('ERR_SENDING_WAPP_MSG', false);
        return { externalId: id, status: 'sent' };
      } catch (error) {
        throw error instanceof HubError ? error.toSendError() : error;
      }
    },
    session: { start: session.start, logout: session.logout, remove: session.remove },
  };
  services.channels.register(adapter);

  /** The received file, from the Hub's link into our storage; a failed download keeps the message without it. */
  const storeFile = (connection: TConnectionRow, event: Extract<THubEvent, { kind: 'message' }>) => {
    const media = event.file && { url: event.file.url, filename: event.file.name, mime: event.file.mime };
    return storeInboundMedia(
      services,
      connection.tenantId,
      { ...event, media },
      'hub file download failed',
      async (file) => {
        const fetched = await downloadInboundFile(file.url, services.config.mediaMaxBytes);
        return {
          bytes: fetched.bytes,
          mime: file.mime || fetched.mime || 'application/octet-stream',
          name: file.filename,
        };
      },
    );
  };

  /** One event of an authenticated webhook into our pipelines. */
  const apply = async (connection: TConnectionRow, event: THubEvent) => {
    switch (event.kind) {
      case 'message': {
        const kind = hubAddressKind(readHubConfig(connection).hubChannel);
        await host.deliver(connection, {
          type: 'message',
          message: {
            externalId: event.externalId,
            from: { kind, value: event.from, ...(event.name ? { name: event.name, pushname: event.name } : {}) },
            body: event.body,
            mediaType: event.mediaType,
            timestamp: event.timestamp,
            dataJson: event.raw,
            ...(await storeFile(connection, event)),
          },
        });
        return;
      }
      case 'status':
        if (event.status === 'failed')
          services.log.info(
            { connectionId: connection.id, externalId: event.externalId, detail: event.detail },
            'hub message failed',
          );
        await deliverAll(host, connection, deliveryStatuses([event.externalId], event.status));
        return;
      default: {
        const unknown: never = event;
        throw new Error(`unknown hub event ${JSON.stringify(unknown)}`);
      }
    }
  };

  return async (app) => {
    registerSecretUrlHook(app, {
      host,
      prefix: '/hubhooks',
      type: 'hub',
      secretOf,
      receive: async (connection, body) => {
        const events = parseHubWebhook(body);
        if (!events) throw new AppError('ERR_VALIDATION', { field: 'body', detail: 'not a NotificaMe Hub event' });
        for (const event of events) await apply(connection, event);
        return { received: events.length > 0 };
      },
    });
  };
};
