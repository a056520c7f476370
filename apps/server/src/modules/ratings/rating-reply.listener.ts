import { parseRatingReply, type TTicket } from '@prosa/contracts';
import type { TExecutor } from '../../platform/db/client.js';
import { onceInTx } from '../../platform/db/once-in-tx.js';
import { withTenant } from '../../platform/db/tenant-tx.js';
import type { TEventListener } from '../../platform/events/event-bus.js';
import type { TServices } from '../../platform/services.js';
import { findMessage } from '../messages/messages.service.js';
import { findTenant, readRating } from '../tenants/tenants.service.js';
import { notifyConversationEnded } from '../tickets/notify-conversation-ended.js';
import { findUser } from '../users/users.service.js';
import { closeAfterRating } from './close-after-rating.js';
import {
  findPendingAtOnce,
  findPendingOfTicket,
  hasPendingRatings,
  lockPendingAtOnce,
  lockPendingOfTicket,
  type TEvaluationRow,
  updateEvaluationRow,
} from './ratings.repository.js';
import { sendRatingText, type TRatingAgent } from './send-rating-text.js';

type TReplyServices = Pick<TServices, 'db' | 'events' | 'outbound' | 'channels' | 'log'>;
type TReceived = {
  tenantId: number;
  ticketId: number;
  messageId: number;
  contactId: number;
  connectionId: number | null;
  isNewTicket: boolean;
};

/** The rating this message may answer, locked: the ticket's own, or an `atOnce` one of the contact's last ticket. */
const findAnswered = async (tx: TExecutor, event: TReceived): Promise<TEvaluationRow | undefined> => {
  const own = await lockPendingOfTicket(tx, event.tenantId, event.ticketId);
  if (own || !event.isNewTicket || event.connectionId === null) return own;
  return lockPendingAtOnce(tx, event.tenantId, {
    contactId: event.contactId,
    whatsappId: event.connectionId,
    exceptTicketId: event.ticketId,
  });
};

const hasPendingRating = async (tx: TExecutor, event: TReceived): Promise<boolean> => {
  // Most tenants wait for no rating most of the time: one look per inbound batch spares a read per message.
  if (!(await onceInTx(tx, `pending-ratings:${event.tenantId}`, () => hasPendingRatings(tx, event.tenantId))))
    return false;
  if (await findPendingOfTicket(tx, event.tenantId, event.ticketId)) return true;
  if (!event.isNewTicket || event.connectionId === null) return false;
  const where = { contactId: event.contactId, whatsappId: event.connectionId, exceptTicketId: event.ticketId };
  return (await findPendingAtOnce(tx, event.tenantId, where)) !== undefined;
};

export const agentOf = async (tx: TExecutor, tenantId: number, userId: number | null): Promise<TRatingAgent> => {
  const user = userId ? await findUser(tx, tenantId, userId) : undefined;
  return user ? { name: user.name, email: user.email } : null;
};

/**
 * A customer's message on a ticket waiting for its rating: a score 0-5 is stored, thanked and the ticket
 * closed; anything else gets the retry text, and once `attempts` such replies were answered the rating is
 * dropped (with `ratingStoreError`) and the ticket closes. For an `atOnce` rating (its ticket closed already)
 * the first message after it is taken as the reply: a score is stored and thanked, and the ticket that
 * message opened closes with it; anything else drops the rating and the conversation goes on as usual.
 */
export const handleRatingReply = async (services: TReplyServices, event: TReceived): Promise<void> => {
  const { tenantId } = event;
  const closed = await withTenant(services.db, tenantId, async (tx) => {
    const evaluation = await findAnswered(tx, event);
    if (!evaluation) return null;
    // A rerun of a reply already handled (or an older one handled late) changes nothing.
    if (evaluation.lastMessageId !== null && event.messageId <= evaluation.lastMessageId) return null;
    const message = await findMessage(tx, tenantId, event.messageId);
    if (!message || message.fromMe || message.createdAt < evaluation.createdAt) return null;
    const tenant = await findTenant(tx, tenantId);
    if (!tenant) return null;
    const rating = readRating(tenant);
    const agent = await agentOf(tx, tenantId, evaluation.userId);
    const score = parseRatingReply(message.body, rating.scale);
    const now = new Date();
    const seen = { lastMessageId: event.messageId };
    if (score !== null) {
      await updateEvaluationRow(tx, tenantId, evaluation.id, {
        ...seen,
        status: 'rated',
        score,
        evaluation: String(score),
        answeredAt: now,
      });
      await sendRatingText(services, tx, tenantId, event.ticketId, rating.ratingStore, agent);
      return closeAfterRating(services, tx, tenantId, event.ticketId, { userId: evaluation.userId, outcome: 'rated' });
    }
    if (evaluation.closeMode === 'atOnce') {
      await updateEvaluationRow(tx, tenantId, evaluation.id, { ...seen, status: 'dropped', answeredAt: now });
      return null;
    }
    if (evaluation.attempts >= rating.attempts) {
      await updateEvaluationRow(tx, tenantId, evaluation.id, {
        ...seen,
        status: 'dropped',
        attempts: evaluation.attempts + 1,
        answeredAt: now,
      });
      await sendRatingText(services, tx, tenantId, event.ticketId, rating.ratingStoreError, agent);
      return closeAfterRating(services, tx, tenantId, event.ticketId, {
        userId: evaluation.userId,
        outcome: 'dropped',
      });
    }
    await updateEvaluationRow(tx, tenantId, evaluation.id, { ...seen, attempts: evaluation.attempts + 1 });
    await sendRatingText(services, tx, tenantId, event.ticketId, rating.ratingStoreAttemp, agent);
    return null;
  });
  if (closed) await endConversation(services, tenantId, closed);
};

/** The web chat is told its conversation ended, after the commit (as an agent's close does). */
export const endConversation = (
  services: Pick<TServices, 'db' | 'channels' | 'log'>,
  tenantId: number,
  closed: { before: TTicket; after: TTicket },
) => notifyConversationEnded(services, tenantId, closed.after, closed.before);

/** The rule as a `once` listener: it runs on one instance per message, as a durable job (never in the pipeline). */
export const ratingReplyListener = (services: TReplyServices): TEventListener<'message.received'> => ({
  name: 'ratings-reply',
  events: ['message.received'],
  scope: 'once',
  // No job unless a rating waits for this customer (the ticket's own, or an `atOnce` one of their last ticket).
  concerns: (tx, event) => hasPendingRating(tx, event),
  handle: (event) => handleRatingReply(services, event),
});
