import { enterFlow, inactivityDueAt, type TFlowOutcome, type TFlowOutgoing, type TFlowState } from '@prosa/contracts';
import { findChatFlow, type TRunnableFlow } from '../chat-flows.service.js';
import { applyExit, leaveFlow, why } from './apply-flow-exit.js';
import { flushFlowBatchWrites, keepFlowState } from './flow-batch-writes.js';
import { continuationDueAt, enqueueFlowContinuation } from './flow-continuation.job.js';
import { enqueueFlowInactivity } from './flow-inactivity.job.js';
import { forgetTicket, MAX_FLOW_JUMPS, type TFlowRun, updateTicket, writeRunLogs } from './flow-run.js';
import { saveFlowState, type TStoredFlowState } from './flow-runtime.repository.js';
import { performItems } from './perform-flow-items.js';

const isWelcome = (item: TFlowOutgoing) => item.kind === 'text' && item.reason === 'welcome';

/** The run's log entries, each of type `chatBot` (kept for the batch's write when the run is in one). */
const writeLogs = (run: TFlowRun, entries: readonly object[]) =>
  writeRunLogs(
    run,
    entries.map((data) => ({ ticketId: run.row.id, type: 'chatBot', userId: null, queueId: run.row.queueId, data })),
  );

/** Before the ticket leaves the flow: what the batch kept is written first, so the ticket's history stays in order. */
const flushBatch = async (run: TFlowRun) => {
  if (run.writes) await flushFlowBatchWrites(run.services, run.tx, run.tenantId, run.writes);
};

/** The ticket's place on its ticket row (`chatFlowId`, `stepChatFlow`), when it moved. */
const mirrorPlace = async (run: TFlowRun, state: TFlowState) => {
  if (run.row.chatFlowId !== state.chatFlowId || run.row.stepChatFlow !== state.stepId)
    await updateTicket(run, { chatFlowId: state.chatFlowId, stepChatFlow: state.stepId });
};

/**
 * Saves where the ticket is, mirrors it on the ticket row, and arms the inactivity timer of that place. The
 * saved times come back; in a batch, a place needing none (no timer to arm, no continuation to wait for)
 * waits for the batch's write instead, and nothing comes back.
 */
const keepInFlow = async (
  run: TFlowRun,
  flow: TRunnableFlow,
  state: TFlowState,
  options: { stepEntered: boolean; armTimer: boolean; continuationDueAt?: Date },
) => {
  const due = options.armTimer ? inactivityDueAt(flow.flow, state) : null;
  const timed = (due !== null && due !== undefined) || options.continuationDueAt !== undefined;
  if (run.writes && !timed) {
    keepFlowState(run.writes, run.row.id, state, options.stepEntered);
    await mirrorPlace(run, state);
    return undefined;
  }
  const saved = await saveFlowState(run.tx, run.tenantId, run.row.id, state, {
    stepEntered: options.stepEntered,
    continuationDueAt: options.continuationDueAt ?? null,
  });
  await mirrorPlace(run, state);
  if (due !== null && due !== undefined)
    await enqueueFlowInactivity(run.services.jobs, run.tx, {
      tenantId: run.tenantId,
      ticketId: run.row.id,
      stepEnteredAt: saved.stepEnteredAt.toISOString(),
      dueAt: new Date(due).toISOString(),
    });
  return saved;
};

/**
 * Performs what the engine decided for the ticket: its logs, the outgoing items in order, then where the
 * ticket is (state saved and mirrored, inactivity timer armed) or how it leaves (queue, agent, close, or a jump
 * into another flow's first step, at most MAX_FLOW_JUMPS in a run). A delay or a webhook stops the sending: the
 * rest and the exit go to a continuation job, and the ticket stays in the flow until it has run.
 * Returns the name of what happened, for the run's record.
 */
export const performFlowOutcome = async (
  run: TFlowRun,
  flow: TRunnableFlow,
  previous: TStoredFlowState | undefined,
  outcome: TFlowOutcome,
  jumps = 0,
): Promise<string> => {
  await writeLogs(
    run,
    outcome.log.map((log) => ({ ...log, chatFlowId: flow.id })),
  );
  const variables = outcome.state?.variables ?? previous?.variables ?? {};
  // The welcome text goes out once the ticket is in its queue or with its agent ({{queue}}, {{user}}).
  const handOff = outcome.exit?.kind === 'queue' || outcome.exit?.kind === 'user';
  const welcome = handOff ? outcome.outgoing.filter(isWelcome) : [];
  const outgoing = handOff ? outcome.outgoing.filter((item) => !isWelcome(item)) : outcome.outgoing;
  const stop = await performItems(run, outgoing, variables);
  // A step reached, or sent again (an invalid answer, a restart): what the customer wrote before it went out
  // answered what they saw earlier. A continuation (no logs) goes on with the same step.
  const stepEntered =
    !previous ||
    previous.chatFlowId !== flow.id ||
    previous.stepId !== outcome.state?.stepId ||
    (outcome.log.length > 0 && outcome.outgoing.length > 0);

  if (stop >= 0) {
    const kept: TFlowState = outcome.state ??
      previous ?? {
        chatFlowId: flow.id,
        stepId: 'start',
        retries: 0,
        variables,
        lastInteractionAt: run.now.toISOString(),
      };
    const items = [...outgoing.slice(stop), ...welcome];
    const due = continuationDueAt(items, run.now);
    const saved = await keepInFlow(run, flow, kept, {
      stepEntered: outcome.state !== null && stepEntered,
      armTimer: outcome.exit === null,
      continuationDueAt: due,
    });
    if (!saved) throw new Error('a place waiting for a continuation is saved at once');
    const payload = {
      tenantId: run.tenantId,
      ticketId: run.row.id,
      chatFlowId: flow.id,
      marker: saved.updatedAt.toISOString(),
      items,
      exit: outcome.exit,
      jumps,
      answer: run.answer,
      at: run.now.toISOString(),
    };
    await enqueueFlowContinuation(run.services.jobs, run.tx, payload, due);
    return 'waiting';
  }
  const stepId = outcome.state?.stepId ?? previous?.stepId ?? null;
  if (!outcome.exit) {
    if (!outcome.state) {
      await flushBatch(run);
      await leaveFlow(run);
      return 'left';
    }
    await keepInFlow(run, flow, outcome.state, { stepEntered, armTimer: true });
    return stepEntered ? 'step' : 'same-step';
  }
  if (outcome.exit.kind !== 'jump') {
    await flushBatch(run);
    await applyExit(run, flow, outcome.exit, { reason: why(outcome.log), stepId });
    if (welcome.length > 0) {
      forgetTicket(run);
      await performItems(run, welcome, variables);
    }
    return outcome.exit.kind;
  }
  const target = jumps < MAX_FLOW_JUMPS ? await findChatFlow(run.tx, run.tenantId, outcome.exit.chatFlowId) : null;
  if (!target) {
    await flushBatch(run);
    await applyExit(
      run,
      flow,
      { kind: 'queue', queueId: null, distribute: 'N' },
      { reason: jumps < MAX_FLOW_JUMPS ? 'jump-missing-flow' : 'jump-limit', stepId },
    );
    return 'queue';
  }
  await writeLogs(run, [{ reason: 'jump', stepId, chatFlowId: flow.id, to: target.id }]);
  const entered = enterFlow(target.flow, target.id, {
    kind: 'enter',
    text: run.answer,
    at: run.now.toISOString(),
    isFirstContact: false,
    inBusinessHours: true,
  });
  return performFlowOutcome(run, target, undefined, entered, jumps + 1);
};
