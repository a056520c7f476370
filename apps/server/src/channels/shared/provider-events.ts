import type { TChannelHost } from '../host/channel-host.js';
import type { TDeliveryStatus, TGatewayEvent } from '../host/gateway-events.js';
import type { TConnectionRow } from '../types.js';
import type { TInboundMedia } from './inbound-media.js';

/**
 * The gateway events most providers report alike (the session's state, delivery statuses of our sends), built
 * here once; each provider's webhook parser turns its own payload into these and the host applies them.
 */

/** The session is up, as `number` (E.164; null when the provider does not tell). */
export const sessionUp = (number: string | null): TGatewayEvent => ({
  type: 'connection',
  change: { status: 'CONNECTED', number },
});

/**
 * The provider's session dropped. A drop after a logout an admin asked for (already down) is no news; a drop of
 * a live or pairing session is.
 */
export const sessionDropped = (reason: string): TGatewayEvent => ({
  type: 'connection',
  change: { status: 'DISCONNECTED', lastError: reason, onlyFrom: ['CONNECTED', 'OPENING', 'qrcode'] },
});

/**
 * A new QR code to read; a late one after the scan must not undo the connection. NOTE: checked twice: on the
 * row the webhook read (no event at all) and under the row lock (`onlyFrom`), because a rotated QR posted just
 * before the scan can be read before the scan's commit and applied after it.
 */
export const sessionQrCode = (connection: TConnectionRow, qrcode: string): TGatewayEvent[] =>
  connection.status === 'CONNECTED'
    ? []
    : [{ type: 'connection', change: { status: 'qrcode', qrcode, onlyFrom: ['DISCONNECTED', 'OPENING', 'qrcode'] } }];

/** Delivery statuses of our messages (by the provider's ids); a failed one tells the agent the send failed. */
export const deliveryStatuses = (externalIds: readonly string[], status: TDeliveryStatus): TGatewayEvent[] =>
  externalIds.map((externalId) => ({
    type: 'status',
    externalId,
    status,
    reason: status === 'failed' ? 'ERR_SENDING_WAPP_MSG' : undefined,
  }));

/** Hands the host a provider's events, in order. */
export const deliverAll = async (host: TChannelHost, connection: TConnectionRow, events: readonly TGatewayEvent[]) => {
  for (const event of events) await host.deliver(connection, event);
};

/** A customer's WhatsApp message as the gateways (Z-API, wuzapi, Evolution) report it, parsed by their webhooks. */
export type TWhatsAppGatewayMessage = {
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

/** A gateway's message, with its file (already stored, or why not), as the host takes it. */
export const gatewayMessage = (message: TWhatsAppGatewayMessage, media: TInboundMedia): TGatewayEvent => ({
  type: 'message',
  message: {
    externalId: message.externalId,
    from: { ...message.from, ...(message.name ? { name: message.name, pushname: message.name } : {}) },
    body: message.body,
    mediaType: message.mediaType,
    timestamp: message.timestamp,
    quotedExternalId: message.quotedExternalId,
    dataJson: message.raw,
    ...media,
  },
});
