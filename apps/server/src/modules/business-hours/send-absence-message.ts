import { isOpenAt } from '@prosa/contracts';
import { and, count, eq } from 'drizzle-orm';
import type { TExecutor } from '../../platform/db/client.js';
import { absenceSends } from '../../platform/db/schema.js';
import { withTenant } from '../../platform/db/tenant-tx.js';
import type { TServices } from '../../platform/services.js';
import { findLastAgentMessageAt, findMessageTime } from '../messages/agent-activity.js';
import { queueAutomaticMessage } from '../messages/queue-automatic-message.js';
import { defaultMessageBusinessHours } from '../tenants/tenant-settings.js';
import { publishTicketChange } from '../tickets/ticket-events.js';
import { loadTicketDto } from '../tickets/ticket-rules.js';
import { findTicketRow, insertTicketLog, updateTicketRow } from '../tickets/tickets.service.js';
import { fillTicketText } from '../variables/variables.service.js';
import { loadOpeningHours } from './opening-hours.js';

/** An agent who wrote on the ticket this recently is answering it: no absence message interrupts them. */
export const AGENT_ANSWERING_MS = 30 * 60_000;

export type TAbsenceOutcome =
  | 'sent'
  | 'open'
  | 'not-applicable'
  | 'agent-answering'
  | 'limit-reached'
  | 'already-handled';

type TAbsenceServices = Pick<TServices, 'db' | 'events' | 'outbound'>;

const countSends = async (tx: TExecutor, tenantId: number, ticketId: number) =>
  (
    await tx
      .select({ n: count() })
      .from(absenceSends)
      .where(and(eq(absenceSends.tenantId, tenantId), eq(absenceSends.ticketId, ticketId)))
  )[0]?.n ?? 0;

/**
 * The absence rule for one customer message (domain 5.1, 5.5): out of business hours or on a holiday, in the
 * tenant's zone at the time the customer wrote, the tenant's absence text (variables filled) goes to the
 * customer through the outbound queue, at most `maxRetries` times per ticket, and never while an agent is
 * answering (the ticket has an agent who wrote in the last 30 minutes). With an out-of-hours queue set, a
 * ticket no agent holds moves there. Decided under the ticket's row lock, so concurrent messages of one
 * ticket count one after the other; one row per customer message makes a retried run a no-op.
 */
export const sendAbsenceMessage = async (
  services: TAbsenceServices,
  tenantId: number,
  input: { ticketId: number; inboundMessageId: number },
): Promise<TAbsenceOutcome> =>
  withTenant(services.db, tenantId, async (tx) => {
    const row = await findTicketRow(tx, tenantId, input.ticketId, { forUpdate: true });
    if (!row || row.status === 'closed' || row.isGroup) return 'not-applicable';
    const at = await findMessageTime(tx, tenantId, input.inboundMessageId);
    if (!at) return 'not-applicable';
    const opening = await loadOpeningHours(tx, tenantId, row);
    if (opening.hours.length === 0 || isOpenAt(opening.hours, opening.holidays, opening.timeZone, at)) return 'open';
    if (row.userId) {
      const lastAgent = await findLastAgentMessageAt(tx, tenantId, row.id);
      if (lastAgent && at.getTime() - lastAgent.getTime() < AGENT_ANSWERING_MS) return 'agent-answering';
    }
    if ((await countSends(tx, tenantId, row.id)) >= opening.settings.maxRetries) return 'limit-reached';
    const [claimed] = await tx
      .insert(absenceSends)
      .values({ tenantId, ticketId: row.id, inboundMessageId: input.inboundMessageId })
      .onConflictDoNothing()
      .returning({ id: absenceSends.id });
    if (!claimed) return 'already-handled';

    const before = await loadTicketDto(tx, tenantId, row.id);
    const text = opening.absenceMessage?.trim() || defaultMessageBusinessHours;
    const body = await fillTicketText(tx, tenantId, before, text, { at });
    const message = await queueAutomaticMessage(services, tx, tenantId, before, { body, sendType: 'absence', at });
    if (message) await tx.update(absenceSends).set({ messageId: message.id }).where(eq(absenceSends.id, claimed.id));

    const queueId = opening.settings.outOfHoursQueueId;
    if (queueId && !row.userId && row.queueId !== queueId) {
      await updateTicketRow(tx, tenantId, row.id, { queueId });
      await insertTicketLog(tx, tenantId, {
        ticketId: row.id,
        type: 'queue',
        userId: null,
        queueId,
        data: { reason: 'outOfHours' },
      });
      const after = await loadTicketDto(tx, tenantId, row.id);
      await publishTicketChange(services, tx, tenantId, { before, after, byUserId: null });
    }
    return 'sent';
  });
