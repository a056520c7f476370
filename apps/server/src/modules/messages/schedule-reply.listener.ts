import { withTenant } from '../../platform/db/tenant-tx.js';
import { concernedByContact } from '../../platform/events/deferred-concerns.js';
import type { TEventListener } from '../../platform/events/event-bus.js';
import type { TServices } from '../../platform/services.js';
import { findMessage } from './messages.repository.js';
import { lockMessage } from './outbound.repository.js';
import { findCancelledByReply, findContactsAwaitingReply } from './schedule.repository.js';
import { cancelScheduleRow } from './schedule-fire.job.js';

/**
 * The customer wrote first: their schedules set to "cancel if the customer writes" (scheduled before this
 * message, not fired yet) are cancelled. Runs once across instances, as a durable job of the event; the
 * firing job checks the same thing itself, so a schedule due while this waits in the queue is not sent.
 */
export const scheduleReplyListener = (
  services: Pick<TServices, 'db' | 'events'>,
): TEventListener<'message.received'> => ({
  name: 'schedules-cancel-on-reply',
  events: ['message.received'],
  scope: 'once',
  attempts: 5,
  // No job unless the contact has a schedule waiting to be cancelled by a reply (of any age: `handle` compares
  // it with the message's own time); one read for the transaction's messages.
  concernsAll: (tx, events) =>
    concernedByContact(events, (tenantId, contactIds) => findContactsAwaitingReply(tx, tenantId, contactIds)),
  handle: async (event) =>
    withTenant(services.db, event.tenantId, async (tx) => {
      const inbound = await findMessage(tx, event.tenantId, event.messageId);
      if (!inbound || inbound.fromMe) return;
      const due = await findCancelledByReply(tx, event.tenantId, event.contactId, inbound.createdAt);
      for (const { messageId } of due) {
        const row = await lockMessage(tx, event.tenantId, messageId);
        // Fired or cancelled meanwhile: left as it is.
        if (row?.status !== 'scheduled' || row.isDeleted) continue;
        await cancelScheduleRow(services, tx, row, { reason: 'customer_replied', userId: null, at: new Date() });
      }
    }),
});
