import { z } from 'zod';

/**
 * Legacy keyword auto-replies (/auto-resposta, domain 2.12, `/auto-reply` family paths). A reply has steps; the
 * initial step's text greets a new pending ticket, and each step's actions are chosen by the customer's words:
 * 0 go to another step, 1 move the ticket to a queue, 2 hand it to a user.
 */
export const AUTO_REPLY_ACTIONS = { step: 0, queue: 1, user: 2 } as const;

export const ZAutoReplyAction = z.object({
  id: z.number().int(),
  stepReplyId: z.number().int(),
  words: z.string(),
  action: z.number().int(),
  nextStepId: z.number().int().nullable(),
  queueId: z.number().int().nullable(),
  userIdDestination: z.number().int().nullable(),
  replyDefinition: z.string().nullable(),
});
export type TAutoReplyAction = z.infer<typeof ZAutoReplyAction>;

export const ZAutoReplyStep = z.object({
  id: z.number().int(),
  autoReplyId: z.number().int(),
  reply: z.string(),
  initialStep: z.boolean(),
  stepsReplyAction: z.array(ZAutoReplyAction),
});
export type TAutoReplyStep = z.infer<typeof ZAutoReplyStep>;

export const ZAutoReply = z.object({
  id: z.number().int(),
  name: z.string(),
  action: z.number().int(),
  isActive: z.boolean(),
  celularTeste: z.string().nullable(),
  userId: z.number().int().nullable(),
  stepsReply: z.array(ZAutoReplyStep),
});
export type TAutoReply = z.infer<typeof ZAutoReply>;

const replyFields = {
  name: z.string().trim().min(1).max(200),
  action: z.number().int().min(0).max(1),
  isActive: z.boolean(),
  celularTeste: z.string().trim().max(40).nullable(),
};
export const ZAutoReplyBody = z.object({
  ...replyFields,
  action: replyFields.action.default(0),
  isActive: replyFields.isActive.default(true),
  celularTeste: replyFields.celularTeste.optional(),
});
export type TAutoReplyBody = z.input<typeof ZAutoReplyBody>;
export const ZAutoReplyUpdate = z
  .object(replyFields)
  .partial()
  .refine((b) => Object.keys(b).length > 0, { message: 'empty update' });

export const ZAutoReplyStepBody = z.object({
  reply: z.string().trim().min(1).max(4096),
  /** Omitted: a reply's first step is its initial one, the later ones are not. */
  initialStep: z.boolean().optional(),
});
export type TAutoReplyStepBody = z.input<typeof ZAutoReplyStepBody>;
export const ZAutoReplyStepUpdate = z
  .object({ reply: ZAutoReplyStepBody.shape.reply, initialStep: z.boolean() })
  .partial()
  .refine((b) => Object.keys(b).length > 0, { message: 'empty update' });
export const ZAutoReplyStepParams = z.object({
  id: z.coerce.number().int().positive(),
  stepId: z.coerce.number().int().positive(),
});

const actionFields = {
  words: z.string().trim().min(1).max(500),
  action: z.number().int().min(0).max(2),
  nextStepId: z.number().int().positive().nullable(),
  queueId: z.number().int().positive().nullable(),
  userIdDestination: z.number().int().positive().nullable(),
  replyDefinition: z.string().trim().max(4096).nullable(),
};
type TTargets = {
  action?: number;
  nextStepId?: number | null;
  queueId?: number | null;
  userIdDestination?: number | null;
};
const TARGET_FIELD = ['nextStepId', 'queueId', 'userIdDestination'] as const;
/** The target the action names must be given: a step for 0, a queue for 1, a user for 2 (400 naming it). */
const checkTarget = (b: TTargets, ctx: z.RefinementCtx) => {
  if (b.action === undefined) return;
  const field = TARGET_FIELD[b.action];
  if (field && !b[field]) ctx.addIssue({ code: 'custom', message: 'the action needs its target', path: [field] });
};
export const ZAutoReplyActionBody = z
  .object({
    stepReplyId: z.number().int().positive(),
    ...actionFields,
    nextStepId: actionFields.nextStepId.optional(),
    queueId: actionFields.queueId.optional(),
    userIdDestination: actionFields.userIdDestination.optional(),
    replyDefinition: actionFields.replyDefinition.optional(),
  })
  .superRefine(checkTarget);
export type TAutoReplyActionBody = z.input<typeof ZAutoReplyActionBody>;
export const ZAutoReplyActionUpdate = z
  .object(actionFields)
  .partial()
  .refine((b) => Object.keys(b).length > 0, { message: 'empty update' })
  .superRefine(checkTarget);
