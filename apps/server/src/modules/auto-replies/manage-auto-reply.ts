import type {
  TAutoReply,
  TAutoReplyAction,
  TAutoReplyActionBody,
  TAutoReplyBody,
  TAutoReplyStep,
  TAutoReplyStepBody,
} from '@prosa/contracts';
import { and, eq } from 'drizzle-orm';
import type { TRequestContext } from '../../platform/auth/authenticate.js';
import type { TExecutor } from '../../platform/db/client.js';
import { autoReplies, autoReplyActions, autoReplySteps } from '../../platform/db/schema.js';
import { withTenant } from '../../platform/db/tenant-tx.js';
import { AppError } from '../../platform/errors.js';
import type { TServices } from '../../platform/services.js';
import {
  actionColumns,
  findAction,
  findAutoReply,
  findStep,
  queueExists,
  userExists,
} from './auto-replies.repository.js';

type TDb = Pick<TServices, 'db'>;

const loadReply = async (tx: TExecutor, tenantId: number, id: number) => {
  const reply = await findAutoReply(tx, tenantId, id);
  if (!reply) throw new AppError('ERR_NOT_FOUND');
  return reply;
};

/** POST /auto-reply and PUT /auto-reply/:id. */
export const saveAutoReply = (
  services: TDb,
  ctx: TRequestContext,
  id: number | null,
  input: Partial<TAutoReplyBody>,
): Promise<TAutoReply> =>
  withTenant(services.db, ctx.tenantId, async (tx) => {
    const values = {
      ...(input.name === undefined ? {} : { name: input.name }),
      ...(input.action === undefined ? {} : { action: input.action }),
      ...(input.isActive === undefined ? {} : { isActive: input.isActive }),
      ...(input.celularTeste === undefined ? {} : { celularTeste: input.celularTeste || null }),
    };
    if (id === null) {
      const [row] = await tx
        .insert(autoReplies)
        .values({ name: input.name ?? '', ...values, tenantId: ctx.tenantId, userId: ctx.userId })
        .returning({ id: autoReplies.id });
      if (!row) throw new AppError('ERR_INTERNAL');
      return loadReply(tx, ctx.tenantId, row.id);
    }
    const [row] = await tx
      .update(autoReplies)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(autoReplies.tenantId, ctx.tenantId), eq(autoReplies.id, id)))
      .returning({ id: autoReplies.id });
    if (!row) throw new AppError('ERR_NOT_FOUND');
    return loadReply(tx, ctx.tenantId, id);
  });

/** DELETE /auto-reply/:id: its steps, actions and the tickets' places in it go with it. */
export const deleteAutoReply = (services: TDb, ctx: TRequestContext, id: number) =>
  withTenant(services.db, ctx.tenantId, async (tx) => {
    const gone = await tx
      .delete(autoReplies)
      .where(and(eq(autoReplies.tenantId, ctx.tenantId), eq(autoReplies.id, id)))
      .returning({ id: autoReplies.id });
    if (gone.length === 0) throw new AppError('ERR_NOT_FOUND');
  });

/** A reply has one initial step: marking one clears the mark on the others. */
const clearInitial = (tx: TExecutor, tenantId: number, autoReplyId: number) =>
  tx
    .update(autoReplySteps)
    .set({ initialStep: false })
    .where(and(eq(autoReplySteps.tenantId, tenantId), eq(autoReplySteps.autoReplyId, autoReplyId)));

const loadStepOf = async (tx: TExecutor, tenantId: number, autoReplyId: number, stepId: number) => {
  const step = await findStep(tx, tenantId, stepId);
  if (!step || step.autoReplyId !== autoReplyId) throw new AppError('ERR_NOT_FOUND');
  return step;
};

const stepDto = async (tx: TExecutor, tenantId: number, autoReplyId: number, stepId: number) => {
  const step = (await loadReply(tx, tenantId, autoReplyId)).stepsReply.find((s) => s.id === stepId);
  if (!step) throw new AppError('ERR_NOT_FOUND');
  return step;
};

/** POST /auto-reply/:id/steps and PUT /auto-reply/:id/steps/:stepId. */
export const saveAutoReplyStep = (
  services: TDb,
  ctx: TRequestContext,
  autoReplyId: number,
  stepId: number | null,
  input: Partial<TAutoReplyStepBody>,
): Promise<TAutoReplyStep> =>
  withTenant(services.db, ctx.tenantId, async (tx) => {
    const { tenantId } = ctx;
    const reply = await loadReply(tx, tenantId, autoReplyId);
    if (stepId !== null) await loadStepOf(tx, tenantId, autoReplyId, stepId);
    // The first step of a reply is its initial one unless said otherwise.
    const initial = input.initialStep ?? (stepId === null && reply.stepsReply.length === 0 ? true : undefined);
    if (initial) await clearInitial(tx, tenantId, autoReplyId);
    const values = {
      ...(input.reply === undefined ? {} : { reply: input.reply }),
      ...(initial === undefined ? {} : { initialStep: initial }),
    };
    if (stepId === null) {
      const [row] = await tx
        .insert(autoReplySteps)
        .values({ reply: input.reply ?? '', ...values, tenantId, autoReplyId, userId: ctx.userId })
        .returning({ id: autoReplySteps.id });
      if (!row) throw new AppError('ERR_INTERNAL');
      return stepDto(tx, tenantId, autoReplyId, row.id);
    }
    await tx
      .update(autoReplySteps)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(autoReplySteps.tenantId, tenantId), eq(autoReplySteps.id, stepId)));
    return stepDto(tx, tenantId, autoReplyId, stepId);
  });

/** DELETE /auto-reply/:id/steps/:stepId. */
export const deleteAutoReplyStep = (services: TDb, ctx: TRequestContext, autoReplyId: number, stepId: number) =>
  withTenant(services.db, ctx.tenantId, async (tx) => {
    await loadReply(tx, ctx.tenantId, autoReplyId);
    await loadStepOf(tx, ctx.tenantId, autoReplyId, stepId);
    await tx
      .delete(autoReplySteps)
      .where(and(eq(autoReplySteps.tenantId, ctx.tenantId), eq(autoReplySteps.id, stepId)));
  });

/** The targets an action names must be the tenant's, and a next step must be of the same reply: 400 otherwise. */
const checkTargets = async (
  tx: TExecutor,
  tenantId: number,
  autoReplyId: number,
  input: { nextStepId?: number | null; queueId?: number | null; userIdDestination?: number | null },
) => {
  if (input.nextStepId) {
    const next = await findStep(tx, tenantId, input.nextStepId);
    if (!next || next.autoReplyId !== autoReplyId) throw new AppError('ERR_VALIDATION', { field: 'nextStepId' });
  }
  if (input.queueId && !(await queueExists(tx, tenantId, input.queueId)))
    throw new AppError('ERR_VALIDATION', { field: 'queueId' });
  if (input.userIdDestination && !(await userExists(tx, tenantId, input.userIdDestination)))
    throw new AppError('ERR_VALIDATION', { field: 'userIdDestination' });
};

/** POST /auto-reply-action and PUT /auto-reply-action/:id. */
export const saveAutoReplyAction = (
  services: TDb,
  ctx: TRequestContext,
  id: number | null,
  input: Partial<TAutoReplyActionBody>,
): Promise<TAutoReplyAction> =>
  withTenant(services.db, ctx.tenantId, async (tx) => {
    const { tenantId } = ctx;
    const stepId = id === null ? input.stepReplyId : (await findAction(tx, tenantId, id))?.stepReplyId;
    const step = stepId === undefined ? undefined : await findStep(tx, tenantId, stepId);
    if (!step)
      throw id === null ? new AppError('ERR_VALIDATION', { field: 'stepReplyId' }) : new AppError('ERR_NOT_FOUND');
    await checkTargets(tx, tenantId, step.autoReplyId, input);
    const { stepReplyId: _ignored, ...fields } = input;
    if (id === null) {
      const [row] = await tx
        .insert(autoReplyActions)
        .values({ words: '', ...fields, tenantId, stepReplyId: step.id })
        .returning(actionColumns);
      if (!row) throw new AppError('ERR_INTERNAL');
      return row;
    }
    const [row] = await tx
      .update(autoReplyActions)
      .set({ ...fields, updatedAt: new Date() })
      .where(and(eq(autoReplyActions.tenantId, tenantId), eq(autoReplyActions.id, id)))
      .returning(actionColumns);
    if (!row) throw new AppError('ERR_NOT_FOUND');
    return row;
  });

/** DELETE /auto-reply-action/:id. */
export const deleteAutoReplyAction = (services: TDb, ctx: TRequestContext, id: number) =>
  withTenant(services.db, ctx.tenantId, async (tx) => {
    const gone = await tx
      .delete(autoReplyActions)
      .where(and(eq(autoReplyActions.tenantId, ctx.tenantId), eq(autoReplyActions.id, id)))
      .returning({ id: autoReplyActions.id });
    if (gone.length === 0) throw new AppError('ERR_NOT_FOUND');
  });
