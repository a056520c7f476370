import { AUTO_REPLY_ACTIONS, type TTicket } from '@prosa/contracts';
import type { TExecutor } from '../../platform/db/client.js';
import { withTenant } from '../../platform/db/tenant-tx.js';
import type { TServices } from '../../platform/services.js';
import { isTicketInBusinessHours } from '../business-hours/opening-hours.js';
import { findFlowForTicket } from '../chat-flows/chat-flows.service.js';
import { queueAutomaticMessage } from '../messages/queue-automatic-message.js';
import { publishTicketChange } from '../tickets/ticket-events.js';
import { loadTicketDto } from '../tickets/ticket-rules.js';
import { findTicketRow, insertTicketLog, updateTicketRow } from '../tickets/tickets.service.js';
import { fillTicketText } from '../variables/variables.service.js';
import { findStepActions } from './auto-replies.repository.js';
import {
  claimMessage,
  findActiveStep,
  findMessageText,
  findStartingReply,
  findTicketStep,
  recordOutcome,
  saveTicketStep,
} from './auto-reply-state.js';
import { chooseAction } from './match-words.js';

export type TAutoReplyOutcome =
  | 'not-applicable'
  | 'already-handled'
  | 'out-of-hours'
  | 'no-auto-reply'
  | 'started'
  | 'finished'
  | 'no-match'
  | 'step'
  | 'queue'
  | 'user';

type TRunServices = Pick<TServices, 'db' | 'events' | 'outbound'>;

const send = async (
  services: TRunServices,
  tx: TExecutor,
  tenantId: number,
  ticket: TTicket,
  text: string,
  at: Date,
) => {
  if (!text.trim()) return;
  const body = await fillTicketText(tx, tenantId, ticket, text, { at });
  await queueAutomaticMessage(services, tx, tenantId, ticket, { body, sendType: 'autoReply', at });
};

/**
 * The legacy keyword auto-reply (domain 2.12) for one customer message, a small rule runner until a chat-flow
 * engine takes its place. It runs for a non-group pending ticket no agent holds and no chat flow drives, inside
 * business hours (out of hours the absence rule speaks). A ticket with no place yet starts the tenant's active
 * auto-reply: the initial step's text goes out and the ticket is on that step. On a step, the customer's text
 * chooses the first action whose words it is (case and accents aside): go to another step (its text goes
 * out), move the ticket to a queue or hand it to a user (the reply then ends); the action's own text goes out
 * first. A text no action takes changes nothing. Decided under the ticket's row lock; one log row per customer
 * message makes a retried run a no-op.
 */
export const runAutoReply = (
  services: TRunServices,
  tenantId: number,
  input: { ticketId: number; inboundMessageId: number },
): Promise<TAutoReplyOutcome> =>
  withTenant(services.db, tenantId, async (tx) => {
    const row = await findTicketRow(tx, tenantId, input.ticketId, { forUpdate: true });
    if (!row || row.isGroup || row.status !== 'pending' || row.userId || row.chatFlowId) return 'not-applicable';
    // A chat flow of the connection or tenant runs this ticket: it greets, the auto-reply stays quiet.
    if (await findFlowForTicket(tx, tenantId, row)) return 'not-applicable';
    const message = await findMessageText(tx, tenantId, input.inboundMessageId);
    if (!message) return 'not-applicable';
    const at = new Date(message.timestamp);
    const logId = await claimMessage(tx, tenantId, { ...input, contactId: row.contactId });
    if (!logId) return 'already-handled';
    const done = async (outcome: TAutoReplyOutcome, details: Parameters<typeof recordOutcome>[2] | object = {}) => {
      await recordOutcome(tx, logId, { ...details, outcome });
      return outcome;
    };
    if (!(await isTicketInBusinessHours(tx, tenantId, row, at))) return done('out-of-hours');

    const ticket = await loadTicketDto(tx, tenantId, row.id);
    const place = await findTicketStep(tx, tenantId, row.id);
    if (!place) {
      const start = await findStartingReply(tx, tenantId, row.contactId);
      if (!start) return done('no-auto-reply');
      await send(services, tx, tenantId, ticket, start.step.reply, at);
      await saveTicketStep(tx, tenantId, row.id, { autoReplyId: start.autoReplyId, stepId: start.step.id });
      return done('started', { autoReplyId: start.autoReplyId, stepsReplyId: start.step.id });
    }
    const step = place.stepId === null ? undefined : await findActiveStep(tx, tenantId, place.stepId);
    if (!step) return done('finished', { autoReplyId: place.autoReplyId });
    const chosen = chooseAction(await findStepActions(tx, tenantId, step.id), message.body);
    const logged = { autoReplyId: place.autoReplyId, stepsReplyId: step.id, wordsReply: message.body };
    if (!chosen) return done('no-match', logged);

    await send(services, tx, tenantId, ticket, chosen.replyDefinition ?? '', at);
    if (chosen.action === AUTO_REPLY_ACTIONS.step) {
      const next = chosen.nextStepId === null ? undefined : await findActiveStep(tx, tenantId, chosen.nextStepId);
      if (next) await send(services, tx, tenantId, ticket, next.reply, at);
      await saveTicketStep(tx, tenantId, row.id, { autoReplyId: place.autoReplyId, stepId: next?.id ?? null });
      return done('step', logged);
    }
    const change =
      chosen.action === AUTO_REPLY_ACTIONS.queue ? { queueId: chosen.queueId } : { userId: chosen.userIdDestination };
    if (change.queueId === null || change.userId === null) return done('no-match', logged);
    await updateTicketRow(tx, tenantId, row.id, change);
    await insertTicketLog(
      tx,
      tenantId,
      change.queueId
        ? { ticketId: row.id, type: 'queue', userId: null, queueId: change.queueId, data: { reason: 'autoReply' } }
        : { ticketId: row.id, type: 'userDefine', userId: null, data: { to: change.userId, reason: 'autoReply' } },
    );
    await publishTicketChange(services, tx, tenantId, {
      before: ticket,
      after: await loadTicketDto(tx, tenantId, row.id),
      byUserId: null,
    });
    await saveTicketStep(tx, tenantId, row.id, { autoReplyId: place.autoReplyId, stepId: null });
    return done(chosen.action === AUTO_REPLY_ACTIONS.queue ? 'queue' : 'user', logged);
  });
