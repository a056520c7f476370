import { and, asc, desc, eq } from 'drizzle-orm';
import type { TExecutor } from '../../platform/db/client.js';
import {
  autoReplies,
  autoReplyLogs,
  autoReplySteps,
  autoReplyTicketSteps,
  contacts,
  messages,
} from '../../platform/db/schema.js';

/** What the runner reads and writes of the auto-reply tables, inside the caller's tenant transaction. */

export const findTicketStep = async (tx: TExecutor, tenantId: number, ticketId: number) =>
  (
    await tx
      .select({ autoReplyId: autoReplyTicketSteps.autoReplyId, stepId: autoReplyTicketSteps.stepId })
      .from(autoReplyTicketSteps)
      .where(and(eq(autoReplyTicketSteps.tenantId, tenantId), eq(autoReplyTicketSteps.ticketId, ticketId)))
  )[0];

export const saveTicketStep = (
  tx: TExecutor,
  tenantId: number,
  ticketId: number,
  place: { autoReplyId: number; stepId: number | null },
) =>
  tx
    .insert(autoReplyTicketSteps)
    .values({ tenantId, ticketId, ...place })
    .onConflictDoUpdate({
      target: [autoReplyTicketSteps.tenantId, autoReplyTicketSteps.ticketId],
      set: { ...place, updatedAt: new Date() },
    });

const digits = (value: string | null | undefined) => (value ?? '').replace(/\D/g, '');

/**
 * The active auto-reply a new ticket of this contact starts: the oldest active one of the tenant whose test
 * number (`celularTeste`), when set, is the contact's; with its initial step (or its first one).
 */
export const findStartingReply = async (tx: TExecutor, tenantId: number, contactId: number) => {
  const [contact] = await tx
    .select({ number: contacts.number })
    .from(contacts)
    .where(and(eq(contacts.tenantId, tenantId), eq(contacts.id, contactId)));
  const active = await tx
    .select({ id: autoReplies.id, celularTeste: autoReplies.celularTeste })
    .from(autoReplies)
    .where(and(eq(autoReplies.tenantId, tenantId), eq(autoReplies.isActive, true), eq(autoReplies.action, 0)))
    .orderBy(asc(autoReplies.id));
  const reply = active.find((r) => !digits(r.celularTeste) || digits(r.celularTeste) === digits(contact?.number));
  if (!reply) return undefined;
  const [step] = await tx
    .select({ id: autoReplySteps.id, reply: autoReplySteps.reply })
    .from(autoReplySteps)
    .where(and(eq(autoReplySteps.tenantId, tenantId), eq(autoReplySteps.autoReplyId, reply.id)))
    .orderBy(desc(autoReplySteps.initialStep), asc(autoReplySteps.id))
    .limit(1);
  return step ? { autoReplyId: reply.id, step } : undefined;
};

/** The step a ticket is on, if its auto-reply is still active. */
export const findActiveStep = async (tx: TExecutor, tenantId: number, stepId: number) =>
  (
    await tx
      .select({ id: autoReplySteps.id, reply: autoReplySteps.reply, autoReplyId: autoReplySteps.autoReplyId })
      .from(autoReplySteps)
      .innerJoin(autoReplies, eq(autoReplies.id, autoReplySteps.autoReplyId))
      .where(and(eq(autoReplySteps.tenantId, tenantId), eq(autoReplySteps.id, stepId), eq(autoReplies.isActive, true)))
  )[0];

export const findMessageText = async (tx: TExecutor, tenantId: number, messageId: number) =>
  (
    await tx
      .select({ body: messages.body, timestamp: messages.timestamp })
      .from(messages)
      .where(and(eq(messages.tenantId, tenantId), eq(messages.id, messageId)))
  )[0];

/** Claims a customer message for the runner: false when a run already handled it (a retried job). */
export const claimMessage = async (
  tx: TExecutor,
  tenantId: number,
  values: { inboundMessageId: number; ticketId: number; contactId: number },
) =>
  (
    await tx
      .insert(autoReplyLogs)
      .values({ tenantId, ...values, outcome: 'pending' })
      .onConflictDoNothing()
      .returning({ id: autoReplyLogs.id })
  )[0]?.id;

export const recordOutcome = (
  tx: TExecutor,
  logId: number,
  values: { outcome: string; autoReplyId?: number; stepsReplyId?: number; wordsReply?: string },
) => tx.update(autoReplyLogs).set(values).where(eq(autoReplyLogs.id, logId));
