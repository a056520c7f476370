import { setConnectionStatus } from '../../modules/connections/connection-status.js';
import { applyAck } from '../../modules/messages/apply-ack.js';
import { applyContactReaction } from '../../modules/messages/apply-reaction.js';
import { receiveMessage } from '../../modules/messages/receive-batch.js';
import type { TServices } from '../../platform/services.js';
import type { TConnectionRow } from '../types.js';
import type { TInboundMedia } from './inbound-media.js';

/**
 * What a provider's webhook reported, into our pipelines: the session's state, delivery statuses of our sends,
 * customers' reactions and messages. Each provider's webhook parser turns its own payload into these calls.
 */

/** The session is up, as `number` (E.164; null when the provider does not tell). */
export const onSessionUp = (services: TServices, connection: TConnectionRow, number: string | null) =>
  setConnectionStatus(services, connection.tenantId, connection.id, { status: 'CONNECTED', number });

/**
 * The provider's session dropped. A drop after a logout an admin asked for (already down) is no news; a drop of
 * a live or pairing session is.
 */
export const onSessionDropped = (services: TServices, connection: TConnectionRow, reason: string) =>
  setConnectionStatus(services, connection.tenantId, connection.id, {
    status: 'DISCONNECTED',
    lastError: reason,
    onlyFrom: ['CONNECTED', 'OPENING', 'qrcode'],
  });

/** A new QR code to read; a late one after the scan must not undo the connection. */
export const onSessionQrCode = async (services: TServices, connection: TConnectionRow, qrcode: string) => {
  if (connection.status !== 'CONNECTED')
    await setConnectionStatus(services, connection.tenantId, connection.id, { status: 'qrcode', qrcode });
};

/** Delivery statuses of our messages (by the provider's ids); a failed one tells the agent the send failed. */
export const onDeliveryStatus = async (
  services: TServices,
  connection: TConnectionRow,
  externalIds: readonly string[],
  status: 'sent' | 'delivered' | 'read' | 'failed',
) => {
  for (const externalId of externalIds)
    await applyAck(services, {
      tenantId: connection.tenantId,
      connectionId: connection.id,
      externalId,
      status,
      reason: status === 'failed' ? 'ERR_SENDING_WAPP_MSG' : undefined,
    });
};

/** A customer's reaction to one of our messages ('' takes it back). */
export const onContactReaction = (
  services: TServices,
  connection: TConnectionRow,
  reaction: { targetExternalId: string; emoji: string },
) =>
  applyContactReaction(services, {
    tenantId: connection.tenantId,
    connectionId: connection.id,
    externalId: reaction.targetExternalId,
    emoji: reaction.emoji,
  });

/** A customer's WhatsApp message as the gateways (Z-API, wuzapi, Evolution) report it, parsed by their webhooks. */
export type TGatewayMessage = {
  externalId: string;
  from: { kind: 'phone' | 'lid'; value: string; lid?: string };
  /** The customer's WhatsApp profile name, when the gateway passed it on. */
  name: string | null;
  timestamp: number;
  mediaType: string;
  body: string;
  quotedExternalId: string | null;
  raw: unknown;
};

/** A gateway's message into the ticket pipeline, with its file (already stored, or why not). */
export const receiveGatewayMessage = (
  services: TServices,
  connection: TConnectionRow,
  message: TGatewayMessage,
  media: TInboundMedia,
) =>
  receiveMessage(services, {
    tenantId: connection.tenantId,
    connectionId: connection.id,
    externalId: message.externalId,
    from: { ...message.from, ...(message.name ? { name: message.name, pushname: message.name } : {}) },
    body: message.body,
    mediaType: message.mediaType,
    timestamp: message.timestamp,
    quotedExternalId: message.quotedExternalId,
    dataJson: message.raw,
    ...media,
  });
