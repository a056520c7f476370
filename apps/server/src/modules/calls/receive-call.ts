import type { TConnectionRef, TGatewayCall } from '../../channels/host/modules-door.js';
import { withTenant } from '../../platform/db/tenant-tx.js';
import type { TServices } from '../../platform/services.js';
import { findConnection } from '../connections/connections.service.js';
import { toMessageDto } from '../messages/message-dto.js';
import { publishMessageEvent } from '../messages/message-events.js';
import { insertMessage } from '../messages/messages.service.js';
import { receiveMessage } from '../messages/receive-batch.js';
import { getTenantSettings } from '../settings/settings.reader.js';
import { loadTicketDto } from '../tickets/ticket-rules.js';

type TCallServices = Pick<TServices, 'db' | 'realtime' | 'events' | 'outbound' | 'channels' | 'log'>;

/** What the customer's ticket shows of a call that was refused (or that the channel could not refuse). */
export const callNotice = (call: Pick<TGatewayCall, 'video'>, refused: boolean) =>
  `${call.video ? 'Chamada de vídeo' : 'Chamada de voz'} ${refused ? 'recusada' : 'não atendida'}`;

/**
 * A customer calls the connection's number. Service is by message, so when the connection's own settings
 * (Baileys' form) or the tenant's `rejectCalls` say so, the call is refused through the provider (when it
 * can), the customer's ticket records it as a notice, and the text set (the connection's, else the tenant's
 * `callRejectMessage`) goes to the caller through the outbound queue, like any message of the ticket.
 * A call that is not to be refused rings on the phone and leaves nothing here. A repeated call id does nothing.
 */
export const receiveCall = async (services: TCallServices, ref: TConnectionRef, call: TGatewayCall) => {
  const loaded = await withTenant(services.db, ref.tenantId, async (tx) => ({
    connection: await findConnection(tx, ref.tenantId, ref.id),
    settings: await getTenantSettings(tx, ref.tenantId),
  }));
  if (!loaded.connection) return;
  const own = services.channels.callSettings(loaded.connection);
  const reject = own?.rejectCalls || loaded.settings.rejectCalls === 'enabled';
  if (!reject) return;
  const text = (own?.rejectCalls ? own.message : loaded.settings.callRejectMessage)?.trim() || null;

  let refused = false;
  try {
    refused = await services.channels.rejectCall(loaded.connection, { callId: call.callId, from: call.callerId });
  } catch (err) {
    services.log.warn({ err, connectionId: ref.id, callId: call.callId }, 'call not refused');
  }

  const notice = await receiveMessage(services, {
    tenantId: ref.tenantId,
    connectionId: ref.id,
    externalId: `call-${call.callId}`,
    from: call.from,
    body: callNotice(call, refused),
    mediaType: 'chat',
    timestamp: call.timestamp,
    dataJson: { call: { id: call.callId, video: call.video, refused } },
  });
  if (notice.duplicate || !text) return;

  await withTenant(services.db, ref.tenantId, async (tx) => {
    const row = await insertMessage(tx, ref.tenantId, {
      ticketId: notice.ticket.id,
      contactId: notice.ticket.contactId,
      whatsappId: ref.id,
      userId: null,
      fromMe: true,
      read: true,
      body: text,
      status: 'pending',
      sendType: 'bot',
      timestamp: Date.now(),
    });
    if (!row) return;
    await services.outbound.enqueue(tx, row);
    const ticket = await loadTicketDto(tx, ref.tenantId, notice.ticket.id);
    await publishMessageEvent(services, tx, ref.tenantId, 'message.sent', ticket, toMessageDto(row));
  });
};
