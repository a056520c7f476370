import type { TFlowExit, TFlowLog } from '@prosa/contracts';
import { onceInTx } from '../../../platform/db/once-in-tx.js';
import { findOwnedIds } from '../../../platform/db/owned-ids.js';
import { queues, users } from '../../../platform/db/schema.js';
import { insertTicketLog } from '../../tickets/tickets.service.js';
import type { TRunnableFlow } from '../chat-flows.service.js';
import { type TFlowRun, type TRunLog, updateTicket, writeRunLogs } from './flow-run.js';
import { deleteFlowState, findOnlineQueueAgents } from './flow-runtime.repository.js';

/** The ticket leaves the bot: its place is forgotten and the mirror cleared (with `values`, in the same update). */
export const leaveFlow = async (run: TFlowRun, values: Parameters<typeof updateTicket>[1] = {}) => {
  await deleteFlowState(run.tx, run.tenantId, run.row.id);
  await updateTicket(run, { chatFlowId: null, stepChatFlow: null, ...values });
};

/** The ticket leaves the bot without a hand-off (its flow is gone, or an agent took it out): logged. */
export const takeOutOfFlow = async (
  run: TFlowRun,
  chatFlowId: number | null,
  data: { reason: string; stepId: string | null },
) => {
  await insertTicketLog(run.tx, run.tenantId, {
    ticketId: run.row.id,
    type: 'chatBot',
    userId: null,
    queueId: run.row.queueId,
    data: { ...data, chatFlowId },
  });
  await leaveFlow(run);
};

/** An online agent of the queue, at random (`R`) or the one holding fewest open and pending tickets (`B`). */
const pickAgent = async (run: TFlowRun, queueId: number, distribute: 'R' | 'B'): Promise<number | null> => {
  const agents = await findOnlineQueueAgents(run.tx, run.tenantId, queueId);
  if (agents.length === 0) return null;
  if (distribute === 'R') return agents[Math.floor(Math.random() * agents.length)]?.id ?? null;
  return agents.reduce((best, agent) => (agent.tickets < best.tickets ? agent : best)).id;
};

/** Whether the tenant still has the queue: asked once per transaction and queue (a batch's hand-offs share few). */
const isQueueThere = (run: TFlowRun, queueId: number) =>
  onceInTx(run.tx, `queue-there:${run.tenantId}:${queueId}`, async () =>
    (await findOwnedIds(run.tx, run.tenantId, queues, queueId)).has(queueId),
  );

export const why = (logs: readonly TFlowLog[]) => logs.at(-1)?.reason ?? 'condition';

type TExitChange = {
  values: Parameters<typeof updateTicket>[1];
  logs: Omit<TRunLog, 'ticketId' | 'userId'>[];
};

/** What an exit changes on the ticket and logs (reads only: the queue or user still there, an agent picked). */
const exitChange = async (
  run: TFlowRun,
  exit: Exclude<TFlowExit, { kind: 'jump' }>,
  data: Record<string, unknown>,
): Promise<TExitChange> => {
  switch (exit.kind) {
    case 'queue': {
      // NOTE: a queue of the flow may have been deleted since; the ticket then waits for every attendant.
      const queueId = exit.queueId !== null && (await isQueueThere(run, exit.queueId)) ? exit.queueId : null;
      const userId =
        queueId !== null && exit.distribute !== 'N' ? await pickAgent(run, queueId, exit.distribute) : null;
      const logs: TExitChange['logs'] = [{ type: 'queue', queueId, data }];
      if (userId !== null)
        logs.push({ type: 'userDefine', queueId, data: { ...data, to: userId, distribute: exit.distribute } });
      return {
        values: { queueId, ...(userId !== null ? { userId, status: 'open', startedAttendanceAt: run.now } : {}) },
        logs,
      };
    }
    case 'user': {
      const { queueId } = run.row;
      if (!(await findOwnedIds(run.tx, run.tenantId, users, exit.userId)).has(exit.userId))
        return { values: {}, logs: [{ type: 'queue', queueId, data: { ...data, missingUserId: exit.userId } }] };
      return {
        values: { userId: exit.userId, status: 'open', startedAttendanceAt: run.now },
        logs: [{ type: 'userDefine', queueId, data: { ...data, to: exit.userId } }],
      };
    }
    case 'close':
      return {
        values: { status: 'closed', closedAt: run.now, unreadMessages: 0 },
        logs: [{ type: 'autoClose', queueId: run.row.queueId, data }],
      };
    case 'assistant':
      // The assistant (or bot) answers from here on: its status field turns on; the assistants' runtime hears
      // the ticket leave the flow and answers the customer (docs/ai.md).
      return {
        values: { assistantStatus: { ...run.row.assistantStatus, [exit.provider]: 'on' } },
        logs: [{ type: 'chatBot', queueId: run.row.queueId, data: { ...data, to: exit.provider } }],
      };
    default: {
      const never: never = exit;
      throw new Error(`unknown exit ${JSON.stringify(never)}`);
    }
  }
};

/**
 * How the ticket leaves the bot: to a queue (with an agent picked), to a user, or closed; logged. The ticket's
 * place is forgotten and the exit applied by one update of its row.
 */
export const applyExit = async (
  run: TFlowRun,
  flow: TRunnableFlow,
  exit: Exclude<TFlowExit, { kind: 'jump' }>,
  context: { reason: string; stepId: string | null },
) => {
  const data = { reason: context.reason, stepId: context.stepId, chatFlowId: flow.id };
  const { values, logs } = await exitChange(run, exit, data);
  await leaveFlow(run, values);
  await writeRunLogs(
    run,
    logs.map((log) => ({ ...log, ticketId: run.row.id, userId: null })),
  );
  if (exit.kind === 'close') run.closed = true;
};
