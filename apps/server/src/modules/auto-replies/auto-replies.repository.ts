import type { TAutoReply } from '@prosa/contracts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { TExecutor } from '../../platform/db/client.js';
import { autoReplies, autoReplyActions, autoReplySteps, queues, users } from '../../platform/db/schema.js';

const replyColumns = {
  id: autoReplies.id,
  name: autoReplies.name,
  action: autoReplies.action,
  isActive: autoReplies.isActive,
  celularTeste: autoReplies.celularTeste,
  userId: autoReplies.userId,
};
const stepColumns = {
  id: autoReplySteps.id,
  autoReplyId: autoReplySteps.autoReplyId,
  reply: autoReplySteps.reply,
  initialStep: autoReplySteps.initialStep,
};
export const actionColumns = {
  id: autoReplyActions.id,
  stepReplyId: autoReplyActions.stepReplyId,
  words: autoReplyActions.words,
  action: autoReplyActions.action,
  nextStepId: autoReplyActions.nextStepId,
  queueId: autoReplyActions.queueId,
  userIdDestination: autoReplyActions.userIdDestination,
  replyDefinition: autoReplyActions.replyDefinition,
};

/** The tenant's auto-replies (or one), each with its steps and their actions, in the order they were written. */
export const findAutoReplies = async (tx: TExecutor, tenantId: number, id?: number): Promise<TAutoReply[]> => {
  const replies = await tx
    .select(replyColumns)
    .from(autoReplies)
    .where(and(eq(autoReplies.tenantId, tenantId), id === undefined ? undefined : eq(autoReplies.id, id)))
    .orderBy(asc(autoReplies.id));
  if (replies.length === 0) return [];
  const steps = await tx
    .select(stepColumns)
    .from(autoReplySteps)
    .where(
      and(
        eq(autoReplySteps.tenantId, tenantId),
        inArray(
          autoReplySteps.autoReplyId,
          replies.map((r) => r.id),
        ),
      ),
    )
    .orderBy(asc(autoReplySteps.id));
  const actions =
    steps.length === 0
      ? []
      : await tx
          .select(actionColumns)
          .from(autoReplyActions)
          .where(
            and(
              eq(autoReplyActions.tenantId, tenantId),
              inArray(
                autoReplyActions.stepReplyId,
                steps.map((s) => s.id),
              ),
            ),
          )
          .orderBy(asc(autoReplyActions.id));
  return replies.map((reply) => ({
    ...reply,
    stepsReply: steps
      .filter((s) => s.autoReplyId === reply.id)
      .map((step) => ({ ...step, stepsReplyAction: actions.filter((a) => a.stepReplyId === step.id) })),
  }));
};

export const findAutoReply = async (tx: TExecutor, tenantId: number, id: number) =>
  (await findAutoReplies(tx, tenantId, id))[0];

export const findStep = async (tx: TExecutor, tenantId: number, stepId: number) =>
  (
    await tx
      .select(stepColumns)
      .from(autoReplySteps)
      .where(and(eq(autoReplySteps.tenantId, tenantId), eq(autoReplySteps.id, stepId)))
  )[0];

export const findAction = async (tx: TExecutor, tenantId: number, id: number) =>
  (
    await tx
      .select(actionColumns)
      .from(autoReplyActions)
      .where(and(eq(autoReplyActions.tenantId, tenantId), eq(autoReplyActions.id, id)))
  )[0];

export const findStepActions = (tx: TExecutor, tenantId: number, stepId: number) =>
  tx
    .select(actionColumns)
    .from(autoReplyActions)
    .where(and(eq(autoReplyActions.tenantId, tenantId), eq(autoReplyActions.stepReplyId, stepId)))
    .orderBy(asc(autoReplyActions.id));

export const queueExists = async (tx: TExecutor, tenantId: number, id: number) =>
  (
    await tx
      .select({ id: queues.id })
      .from(queues)
      .where(and(eq(queues.tenantId, tenantId), eq(queues.id, id)))
  ).length > 0;

export const userExists = async (tx: TExecutor, tenantId: number, id: number) =>
  (
    await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.tenantId, tenantId), eq(users.id, id)))
  ).length > 0;

/** Whether the tenant has an active auto-reply at all (asked for every customer message: one index probe). */
export const hasActiveAutoReply = async (tx: TExecutor, tenantId: number): Promise<boolean> =>
  (
    await tx
      .select({ id: autoReplies.id })
      .from(autoReplies)
      .where(and(eq(autoReplies.tenantId, tenantId), eq(autoReplies.isActive, true)))
      .limit(1)
  ).length > 0;
