import { type TFlowExit, type TFlowOutgoing, ZFlowInteraction } from '@prosa/contracts';
import { z } from 'zod';
import type { TTx } from '../../../platform/db/client.js';
import { withTenant } from '../../../platform/db/tenant-tx.js';
import { defineJob } from '../../../platform/jobs/job-definition.js';
import type { TServices } from '../../../platform/services.js';
import { notifyConversationEnded } from '../../tickets/notify-conversation-ended.js';
import { findTicketRow } from '../../tickets/tickets.service.js';
import { findChatFlow } from '../chat-flows.service.js';
import { finishFlowRun, isTicketForFlow, startFlowRun } from './flow-run.js';
import { findFlowContact, findFlowState } from './flow-runtime.repository.js';
import { callFlowWebhook } from './flow-webhook.js';
import { performFlowOutcome } from './perform-flow-outcome.js';

export const FLOW_CONTINUE_JOB = 'chat-flow.continue';

const ZId = z.number().int().positive();
const ZOutgoing: z.ZodType<TFlowOutgoing> = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('interaction'), interaction: ZFlowInteraction }),
  z.object({
    kind: z.literal('text'),
    text: z.string(),
    reason: z.enum(['invalid-option', 'welcome', 'farewell', 'inactivity']),
  }),
]) as z.ZodType<TFlowOutgoing>;
const ZExit: z.ZodType<TFlowExit> = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('queue'), queueId: ZId.nullable(), distribute: z.enum(['N', 'R', 'B']) }),
  z.object({ kind: z.literal('user'), userId: ZId }),
  z.object({ kind: z.literal('close') }),
  z.object({ kind: z.literal('jump'), chatFlowId: ZId }),
  z.object({ kind: z.literal('assistant'), provider: z.string() }),
]);

/** The rest of a step's sending after a delay or a webhook, and how the ticket leaves the flow after it. */
export const ZFlowContinuationPayload = z.object({
  tenantId: ZId,
  ticketId: ZId,
  chatFlowId: ZId,
  /** The state's `updatedAt` when this was enqueued: a ticket that moved on since ignores it. */
  marker: z.string(),
  /** Starts with the delay or webhook that stopped the sending. */
  items: z.array(ZOutgoing).min(1),
  exit: ZExit.nullable(),
  jumps: z.number().int().min(0),
  /** The customer's text the step answered (a webhook sends it). */
  answer: z.string(),
  at: z.string(),
});
export type TFlowContinuationPayload = z.infer<typeof ZFlowContinuationPayload>;

type TContinueDeps = Pick<
  TServices,
  'db' | 'events' | 'outbound' | 'jobs' | 'channels' | 'log' | 'config' | 'storage'
> & {
  /** The clock (tests inject one). */
  now?: () => Date;
};

const continuationRef = defineJob({
  name: FLOW_CONTINUE_JOB,
  payload: ZFlowContinuationPayload,
  retry: { limit: 3 },
  handle: async () => {
    throw new Error('flowContinuationJob is not registered');
  },
});

/**
 * When a continuation starting with `items` is due, enqueued at `at`: after the delay's seconds, or at once for
 * a webhook.
 */
export const continuationDueAt = (items: readonly TFlowOutgoing[], at: Date): Date => {
  const first = items[0];
  const delay =
    first?.kind === 'interaction' && first.interaction.type === 'DelayField' ? first.interaction.data : null;
  return new Date(at.getTime() + (delay ? delay.seconds * 1000 : 0));
};

/**
 * How long past its due time a pending continuation still holds the customer's messages. A continuation that
 * has not run by then (its job failed for good) holds nothing: the customer is never stuck in the bot.
 */
export const CONTINUATION_HOLD_GRACE_MS = 2 * 60_000;

/** Enqueues the continuation in the run's transaction, due at `due` (`continuationDueAt`; a webhook: now). */
export const enqueueFlowContinuation = (
  jobs: TServices['jobs'],
  tx: TTx,
  payload: TFlowContinuationPayload,
  due: Date,
) => {
  const at = new Date(payload.at);
  return jobs.enqueue(continuationRef, payload, {
    tx,
    tenantId: payload.tenantId,
    key: `${payload.ticketId}:${payload.marker}`,
    ...(due > at ? { startAfter: due } : {}),
  });
};

/** The ticket is still where the continuation left it: in the flow, pending, at the same revision. */
const findCurrentState = async (tx: TTx, payload: TFlowContinuationPayload, forUpdate: boolean) => {
  const row = await findTicketRow(tx, payload.tenantId, payload.ticketId, { forUpdate });
  if (!row || !isTicketForFlow(row)) return null;
  const state = await findFlowState(tx, payload.tenantId, row.id);
  if (!state || state.chatFlowId !== payload.chatFlowId || state.updatedAt.toISOString() !== payload.marker)
    return null;
  return { row, state };
};

/**
 * Runs a continuation: a webhook is called outside any transaction (its answer kept in the flow variable it
 * names), a delay has already passed; then, under the ticket's lock, the rest is sent and the exit applied,
 * unless the ticket left the flow or moved on meanwhile. Idempotent: once it ran, the state's revision moved.
 */
export const continueFlow = async (
  deps: TContinueDeps,
  payload: TFlowContinuationPayload,
): Promise<'stale' | string> => {
  const now = deps.now?.() ?? new Date();
  const [first, ...rest] = payload.items;
  let stored: { name: string; value: string } | null = null;
  if (first?.kind === 'interaction' && first.interaction.type === 'WebhookField') {
    const webhook = first.interaction.data;
    const context = await withTenant(deps.db, payload.tenantId, async (tx) => {
      const current = await findCurrentState(tx, payload, false);
      if (!current) return null;
      return { ...current, contact: await findFlowContact(tx, payload.tenantId, current.row.contactId) };
    });
    if (!context) return 'stale';
    const value = await callFlowWebhook(deps, webhook, {
      ticketId: payload.ticketId,
      contact: { name: context.contact?.name ?? '', number: context.contact?.number ?? '' },
      variables: context.state.variables,
      answer: payload.answer,
    });
    if (webhook.variable) stored = { name: webhook.variable, value };
  }
  const result = await withTenant(deps.db, payload.tenantId, async (tx) => {
    const current = await findCurrentState(tx, payload, true);
    if (!current) return null;
    const flow = await findChatFlow(tx, payload.tenantId, payload.chatFlowId);
    if (!flow) return null;
    const run = await startFlowRun(deps, tx, payload.tenantId, current.row, { now, answer: payload.answer });
    const variables = stored ? { ...current.state.variables, [stored.name]: stored.value } : current.state.variables;
    const previous = { ...current.state, variables };
    const outcome = await performFlowOutcome(
      run,
      flow,
      previous,
      {
        state: payload.exit ? null : { ...previous, lastInteractionAt: now.toISOString() },
        outgoing: rest,
        exit: payload.exit,
        log: [],
      },
      payload.jumps,
    );
    return { outcome, change: await finishFlowRun(run) };
  });
  if (!result) return 'stale';
  if (result.change) await notifyConversationEnded(deps, payload.tenantId, result.change.after, result.change.before);
  return result.outcome;
};

/** `chat-flow.continue`: the durable continuation of a step's sending after a delay or a webhook. */
export const flowContinuationJob = (deps: TContinueDeps) =>
  defineJob({
    ...continuationRef,
    handle: async (payload) => {
      await continueFlow(deps, payload);
    },
  });
