import { LRUCache } from 'lru-cache';
import { withTenant } from '../../platform/db/tenant-tx.js';
import type { TServices } from '../../platform/services.js';
import type { TChannelHost } from '../host/channel-host.js';
import type { TGatewayMessage } from '../host/gateway-events.js';
import { putInboundFile } from '../shared/inbound-media.js';
import type { TConnectionRow } from '../types.js';
import { findOurMessagesBefore } from './graph-messaging.repository.js';
import { downloadGraphAttachment, type TGraphMessagingClient } from './graph-messaging-api.js';
import type { TGraphChannel } from './graph-messaging-config.js';
import type { TGraphMessagingEvent } from './graph-messaging-webhook.js';

type TMessageEvent = Extract<TGraphMessagingEvent, { kind: 'message' }>;

/** A MIME type's subtype ('audio/mp4' -> 'mp4'), safe for a storage key. */
const extensionOf = (mime: string) =>
  (mime.split('/')[1] ?? 'bin')
    .replace(/[^a-z0-9]/gi, '')
    .toLowerCase()
    .slice(0, 8) || 'bin';

/**
 * A verified webhook's events into our pipelines, for one channel: messages (with the customer's profile
 * name and their files stored), reactions, and delivery/read watermarks turned into acks.
 */
export const createGraphMessagingInbound = (
  services: TServices,
  host: TChannelHost,
  channel: TGraphChannel,
  clientOf: (connection: TConnectionRow) => TGraphMessagingClient,
) => {
  // A customer's name is asked of Meta once an hour at most, whatever the number of messages.
  const names = new LRUCache<string, { name: string | null; username: string | null }>({
    max: 10_000,
    ttl: 3_600_000,
  });

  /** The customer's profile name (best effort: Meta gives it only with the right permissions and consent). */
  const profileOf = async (connection: TConnectionRow, customerId: string) => {
    const key = `${connection.id}:${customerId}`;
    const hit = names.get(key);
    if (hit) return hit;
    let found: { name: string | null; username: string | null } = { name: null, username: null };
    try {
      const profile = await clientOf(connection).profile(customerId, channel.profileFields);
      found = { name: profile.name?.trim() || null, username: profile.username?.trim() || null };
    } catch (err) {
      services.log.debug({ err, customerId }, `${channel.kind} profile not available`);
    }
    names.set(key, found);
    return found;
  };

  const storeAttachment = async (connection: TConnectionRow, event: TMessageEvent) => {
    if (!event.attachment) return {};
    try {
      const { bytes, mime } = await downloadGraphAttachment(event.attachment.url, services.config.mediaMaxBytes);
      // Meta gives no file name: the file is named by its kind ('image.jpeg').
      const file = { bytes, mime, name: null, ext: extensionOf(mime) };
      return await putInboundFile(services.storage, connection.tenantId, event.mediaType, file);
    } catch (err) {
      // The message is kept without its file (the URL stays in dataJson): never lost for a failed download.
      services.log.warn({ err, externalId: event.externalId }, `${channel.kind} attachment download failed`);
      return {};
    }
  };

  /** Acks for our messages to a customer up to a watermark (and those named), never moving one backwards. */
  const ackUpTo = async (
    connection: TConnectionRow,
    customerId: string,
    status: 'delivered' | 'read',
    watermark: number,
    named: readonly string[],
  ) => {
    const { tenantId, id: connectionId } = connection;
    const older = await withTenant(services.db, tenantId, (tx) =>
      findOurMessagesBefore(tx, tenantId, {
        connectionId,
        identity: { kind: channel.kind, value: customerId },
        watermark,
        statuses: status === 'read' ? ['sent', 'delivered'] : ['sent'],
      }),
    );
    for (const externalId of new Set([...named, ...older]))
      await host.deliver(connection, { type: 'status', externalId, status });
  };

  return async (connection: TConnectionRow, event: TGraphMessagingEvent) => {
    switch (event.kind) {
      case 'reaction':
        await host.deliver(connection, {
          type: 'reaction',
          targetExternalId: event.targetExternalId,
          emoji: event.emoji,
        });
        return;
      case 'delivery':
        await ackUpTo(connection, event.customerId, 'delivered', event.watermark, event.externalIds);
        return;
      case 'read':
        await ackUpTo(
          connection,
          event.customerId,
          'read',
          event.watermark,
          event.externalId ? [event.externalId] : [],
        );
        return;
      case 'message': {
        // Meta retries deliveries: a replay neither asks for the profile nor downloads the file again.
        const known = await host.messageByExternalId(connection, event.externalId);
        if (known) return;
        const profile = await profileOf(connection, event.customerId);
        const name =
          profile.name ??
          (profile.username ? `@${profile.username}` : `${channel.label} ${event.customerId.slice(-6)}`);
        const inbound: TGatewayMessage = {
          externalId: event.externalId,
          from: {
            kind: channel.kind,
            value: event.customerId,
            name,
            ...(profile.username ? { pushname: profile.username } : {}),
          },
          body: event.body,
          mediaType: event.mediaType,
          timestamp: event.timestamp,
          quotedExternalId: event.quotedExternalId,
          dataJson: event.raw,
          ...(await storeAttachment(connection, event)),
        };
        await host.deliver(connection, { type: 'message', message: inbound });
        return;
      }
      default: {
        const unknown: never = event;
        throw new Error(`unknown ${channel.kind} event ${JSON.stringify(unknown)}`);
      }
    }
  };
};
