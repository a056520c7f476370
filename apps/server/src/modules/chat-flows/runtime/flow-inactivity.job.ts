import { inactivityDueAt, stepFlow } from '@prosa/contracts';
import { z } from 'zod';
import type { TTx } from '../../../platform/db/client.js';
import { withTenant } from '../../../platform/db/tenant-tx.js';
import { defineJob } from '../../../platform/jobs/job-definition.js';
import type { TServices } from '../../../platform/services.js';
import { notifyConversationEnded } from '../../tickets/notify-conversation-ended.js';
import { findTicketRow } from '../../tickets/tickets.service.js';
import { findChatFlow } from '../chat-flows.service.js';
import { finishFlowRun, isTicketForFlow, startFlowRun } from './flow-run.js';
import { findFlowState, toEngineState } from './flow-runtime.repository.js';
import { performFlowOutcome } from './perform-flow-outcome.js';

export const FLOW_INACTIVITY_JOB = 'chat-flow.inactivity';

const ZId = z.number().int().positive();
export const ZFlowInactivityPayload = z.object({
  tenantId: ZId,
  ticketId: ZId,
  /** The step the timer belongs to: a ticket on another step since ignores it. */
  stepEnteredAt: z.string(),
  dueAt: z.string(),
});
export type TFlowInactivityPayload = z.infer<typeof ZFlowInactivityPayload>;

type TInactivityDeps = Pick<TServices, 'db' | 'events' | 'outbound' | 'jobs' | 'channels' | 'log' | 'storage'> & {
  /** The clock (tests inject one). */
  now?: () => Date;
};

const inactivityRef = defineJob({
  name: FLOW_INACTIVITY_JOB,
  payload: ZFlowInactivityPayload,
  retry: { limit: 3 },
  handle: async () => {
    throw new Error('flowInactivityJob is not registered');
  },
});

/**
 * Arms the inactivity timer of a ticket's step, in the transaction that saved it: one job per (ticket, step
 * entered, due time), so every instance that tries to arm the same timer arms one, and it fires once.
 */
export const enqueueFlowInactivity = (jobs: TServices['jobs'], tx: TTx, payload: TFlowInactivityPayload) =>
  jobs.enqueue(inactivityRef, payload, {
    tx,
    tenantId: payload.tenantId,
    key: `${payload.ticketId}:${payload.stepEnteredAt}:${payload.dueAt}`,
    startAfter: new Date(payload.dueAt),
  });

/**
 * The customer may have stopped answering: under the ticket's lock, a ticket still pending on the same step
 * whose timer is due gets the engine's inactivity step (its message, then the hand-off). The job fires at its
 * due time by the database's clock; the run's time is never earlier than that (an instance's clock that lags
 * does not make a due timer look early). A timer not due any more (the customer wrote meanwhile) re-arms.
 */
export const runFlowInactivity = async (deps: TInactivityDeps, payload: TFlowInactivityPayload): Promise<string> => {
  const clock = deps.now?.() ?? new Date();
  const at = new Date(Math.max(clock.getTime(), new Date(payload.dueAt).getTime()));
  const result = await withTenant(deps.db, payload.tenantId, async (tx) => {
    const row = await findTicketRow(tx, payload.tenantId, payload.ticketId, { forUpdate: true });
    if (!row || !isTicketForFlow(row)) return null;
    const state = await findFlowState(tx, payload.tenantId, row.id);
    if (!state || state.stepEnteredAt.toISOString() !== payload.stepEnteredAt) return null;
    const flow = await findChatFlow(tx, payload.tenantId, state.chatFlowId);
    if (!flow) return null;
    const due = inactivityDueAt(flow.flow, toEngineState(state));
    if (due === null || due === undefined) return null;
    const dueAt = new Date(due);
    if (dueAt > at) {
      await enqueueFlowInactivity(deps.jobs, tx, { ...payload, dueAt: dueAt.toISOString() });
      return { outcome: 'not-due', change: null };
    }
    const run = await startFlowRun(deps, tx, payload.tenantId, row, { now: at, answer: '' });
    const stepped = stepFlow(flow.flow, toEngineState(state), { kind: 'inactivity', at: at.toISOString() });
    const outcome = await performFlowOutcome(run, flow, state, stepped);
    return { outcome, change: await finishFlowRun(run) };
  });
  if (!result) return 'stale';
  if (result.change) await notifyConversationEnded(deps, payload.tenantId, result.change.after, result.change.before);
  return result.outcome;
};

/** `chat-flow.inactivity`: the durable inactivity timer of a ticket's step. */
export const flowInactivityJob = (deps: TInactivityDeps) =>
  defineJob({
    ...inactivityRef,
    handle: async (payload) => {
      await runFlowInactivity(deps, payload);
    },
  });
