import { ratingQuestion, type TRating, type TTicket } from '@prosa/contracts';
import type { TExecutor } from '../../platform/db/client.js';
import type { TServices } from '../../platform/services.js';
import { findConnection } from '../connections/connections.service.js';
import { getTenantSettings } from '../settings/settings.reader.js';
import { findTenant, readRating } from '../tenants/tenants.service.js';
import { insertTicketLog, type TTicketRow } from '../tickets/tickets.service.js';
import { ratingTimeoutJob } from './rating-timeout.job.js';
import { insertEvaluation, lockPendingOfTicket, updateEvaluationRow } from './ratings.repository.js';
import { sendRatingText } from './send-rating-text.js';

type TAskServices = Pick<TServices, 'events' | 'outbound' | 'jobs'>;

/**
 * Called in the transaction of an agent's close: the rating to ask, or null when none is asked (ratings off
 * in the tenant's `userRating` or in the connection's `sendEvaluation`, a group, a ticket that was not open, no
 * connection). A ticket already waiting
 * for its rating that the agent closes again closes for good: that rating is dropped.
 */
export const prepareRatingOnClose = async (
  tx: TExecutor,
  tenantId: number,
  row: Pick<TTicketRow, 'id' | 'status' | 'isGroup' | 'whatsappId'>,
): Promise<TRating | null> => {
  const waiting = await lockPendingOfTicket(tx, tenantId, row.id);
  if (waiting) {
    await updateEvaluationRow(tx, tenantId, waiting.id, { status: 'dropped', answeredAt: new Date() });
    return null;
  }
  if (row.status !== 'open' || row.isGroup || row.whatsappId === null) return null;
  if ((await getTenantSettings(tx, tenantId)).userRating !== 'enabled') return null;
  // Domain 5.5: the channel decides too; a deleted connection asks nothing either.
  const connection = await findConnection(tx, tenantId, row.whatsappId);
  if (!connection?.sendEvaluation) return null;
  const tenant = await findTenant(tx, tenantId);
  return tenant ? readRating(tenant) : null;
};

/**
 * Asks the customer of `ticket` for a rating: the pending row, the question with its scale, and the timer
 * that gives the rating up if nobody answers (`ratings.timeout`, at `timeoutMinutes`). Same transaction as
 * the close, so the question exists only if the close committed.
 */
export const askRating = async (
  services: TAskServices,
  tx: TExecutor,
  tenantId: number,
  ticket: TTicket,
  rating: TRating,
  agent: { userId: number; name: string; email: string },
): Promise<void> => {
  const evaluation = await insertEvaluation(tx, tenantId, {
    ticketId: ticket.id,
    contactId: ticket.contactId,
    whatsappId: ticket.whatsappId,
    userId: agent.userId,
    queueId: ticket.queueId,
    closeMode: rating.closeMode,
  });
  if (!evaluation) return;
  await insertTicketLog(tx, tenantId, {
    ticketId: ticket.id,
    type: 'ratingRequested',
    userId: agent.userId,
    data: { evaluationId: evaluation.id, closeMode: rating.closeMode },
  });
  await sendRatingText(services, tx, tenantId, ticket.id, ratingQuestion(rating), {
    name: agent.name,
    email: agent.email,
  });
  await services.jobs.enqueue(
    ratingTimeoutJob(null),
    { tenantId, evaluationId: evaluation.id },
    {
      tx,
      tenantId,
      key: `rating-${evaluation.id}`,
      startAfter: new Date(evaluation.createdAt.getTime() + rating.timeoutMinutes * 60_000),
    },
  );
};
