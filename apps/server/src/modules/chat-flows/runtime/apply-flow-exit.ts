import type { TFlowExit, TFlowLog } from '@prosa/contracts';
import { findOwnedIds } from '../../../platform/db/owned-ids.js';
import { queues, users } from '../../../platform/db/schema.js';
import { insertTicketLog } from '../../tickets/tickets.service.js';
import type { TRunnableFlow } from '../chat-flows.service.js';
import { type TFlowRun, updateTicket } from './flow-run.js';
import { deleteFlowState, findOnlineQueueAgents } from './flow-runtime.repository.js';

/** The ticket leaves the bot: its place is forgotten and the mirror cleared. */
export const leaveFlow = async (run: TFlowRun) => {
  await deleteFlowState(run.tx, run.tenantId, run.row.id);
  await updateTicket(run, { chatFlowId: null, stepChatFlow: null });
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

export const why = (logs: readonly TFlowLog[]) => logs.at(-1)?.reason ?? 'condition';

/** How the ticket leaves the bot: to a queue (with an agent picked), to a user, or closed; logged. */
export const applyExit = async (
  run: TFlowRun,
  flow: TRunnableFlow,
  exit: Exclude<TFlowExit, { kind: 'jump' }>,
  context: { reason: string; stepId: string | null },
) => {
  const data = { reason: context.reason, stepId: context.stepId, chatFlowId: flow.id };
  await leaveFlow(run);
  switch (exit.kind) {
    case 'queue': {
      // NOTE: a queue of the flow may have been deleted since; the ticket then waits for every attendant.
      const queueId =
        exit.queueId !== null && (await findOwnedIds(run.tx, run.tenantId, queues, exit.queueId)).has(exit.queueId)
          ? exit.queueId
          : null;
      const userId =
        queueId !== null && exit.distribute !== 'N' ? await pickAgent(run, queueId, exit.distribute) : null;
      await updateTicket(run, {
        queueId,
        ...(userId !== null ? { userId, status: 'open', startedAttendanceAt: run.now } : {}),
      });
      await insertTicketLog(run.tx, run.tenantId, { ticketId: run.row.id, type: 'queue', userId: null, queueId, data });
      if (userId !== null)
        await insertTicketLog(run.tx, run.tenantId, {
          ticketId: run.row.id,
          type: 'userDefine',
          userId: null,
          queueId,
          data: { ...data, to: userId, distribute: exit.distribute },
        });
      return;
    }
    case 'user': {
      const owned = (await findOwnedIds(run.tx, run.tenantId, users, exit.userId)).has(exit.userId);
      if (!owned) {
        await insertTicketLog(run.tx, run.tenantId, {
          ticketId: run.row.id,
          type: 'queue',
          userId: null,
          queueId: run.row.queueId,
          data: { ...data, missingUserId: exit.userId },
        });
        return;
      }
      await updateTicket(run, { userId: exit.userId, status: 'open', startedAttendanceAt: run.now });
      await insertTicketLog(run.tx, run.tenantId, {
        ticketId: run.row.id,
        type: 'userDefine',
        userId: null,
        queueId: run.row.queueId,
        data: { ...data, to: exit.userId },
      });
      return;
    }
    case 'close':
      await updateTicket(run, { status: 'closed', closedAt: run.now, unreadMessages: 0 });
      await insertTicketLog(run.tx, run.tenantId, {
        ticketId: run.row.id,
        type: 'autoClose',
        userId: null,
        queueId: run.row.queueId,
        data,
      });
      run.closed = true;
      return;
    case 'assistant':
      // The assistant (or bot) answers from here on: its status field turns on; the assistants' runtime hears
      // the ticket leave the flow and answers the customer (docs/ai.md).
      await updateTicket(run, { assistantStatus: { ...run.row.assistantStatus, [exit.provider]: 'on' } });
      await insertTicketLog(run.tx, run.tenantId, {
        ticketId: run.row.id,
        type: 'chatBot',
        userId: null,
        queueId: run.row.queueId,
        data: { ...data, to: exit.provider },
      });
      return;
    default: {
      const never: never = exit;
      throw new Error(`unknown exit ${JSON.stringify(never)}`);
    }
  }
};
