import type { TFlowState } from '@prosa/contracts';
import { type AnyColumn, and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { queryRows, type TExecutor } from '../../../platform/db/client.js';
import {
  chatFlowRuns,
  chatFlows,
  contacts,
  messages,
  ticketFlowStates,
  ticketLogs,
  tickets,
  users,
  usersQueues,
} from '../../../platform/db/schema.js';
import { isRunnableFlow, runnableFlowColumns } from '../chat-flows.repository.js';

/** What the flow runtime reads and writes, inside the caller's tenant transaction. */

export type TStoredFlowState = TFlowState & {
  stepEnteredAt: Date;
  /** Set while the rest of the step waits for a delay or a webhook: when that continuation is due. */
  continuationDueAt: Date | null;
  /** Changes on every save: a continuation carrying an older one finds the ticket moved on. */
  updatedAt: Date;
};

/** The engine's view of a stored state (without the runtime's own times). */
export const toEngineState = (state: TStoredFlowState): TFlowState => ({
  chatFlowId: state.chatFlowId,
  stepId: state.stepId,
  retries: state.retries,
  variables: state.variables,
  lastInteractionAt: state.lastInteractionAt,
});

type TStateRow = Omit<TStoredFlowState, 'lastInteractionAt'> & { lastInteractionAt: Date };

const toStoredState = (row: TStateRow): TStoredFlowState => ({
  chatFlowId: row.chatFlowId,
  stepId: row.stepId,
  retries: row.retries,
  variables: row.variables,
  lastInteractionAt: row.lastInteractionAt.toISOString(),
  stepEnteredAt: row.stepEnteredAt,
  continuationDueAt: row.continuationDueAt,
  updatedAt: row.updatedAt,
});

export const findFlowState = async (
  tx: TExecutor,
  tenantId: number,
  ticketId: number,
): Promise<TStoredFlowState | undefined> => {
  const [row] = await tx
    .select()
    .from(ticketFlowStates)
    .where(and(eq(ticketFlowStates.tenantId, tenantId), eq(ticketFlowStates.ticketId, ticketId)));
  return row ? toStoredState(row) : undefined;
};

/** The columns of a stored place that come from the engine's state. */
const stateColumns = (state: TFlowState) => ({
  chatFlowId: state.chatFlowId,
  stepId: state.stepId,
  retries: state.retries,
  variables: state.variables,
  lastInteractionAt: new Date(state.lastInteractionAt),
});

/**
 * Writes the ticket's place; `stepEntered`: the step changed (or was entered again), so customer messages
 * stored before now are no answer to it; `continuationDueAt`: the rest of the step waits until then (null: it
 * all went out). Times come from the database clock, the one messages are dated by.
 */
export const saveFlowState = async (
  tx: TExecutor,
  tenantId: number,
  ticketId: number,
  state: TFlowState,
  options: { stepEntered: boolean; continuationDueAt: Date | null },
): Promise<{ stepEnteredAt: Date; updatedAt: Date }> => {
  const { stepEntered } = options;
  const values = {
    ...stateColumns(state),
    continuationDueAt: options.continuationDueAt,
    updatedAt: sql`clock_timestamp()`,
  };
  const [row] = await tx
    .insert(ticketFlowStates)
    .values({ tenantId, ticketId, ...values, stepEnteredAt: sql`clock_timestamp()` })
    .onConflictDoUpdate({
      target: [ticketFlowStates.tenantId, ticketFlowStates.ticketId],
      set: stepEntered ? { ...values, stepEnteredAt: sql`clock_timestamp()` } : values,
    })
    .returning({ stepEnteredAt: ticketFlowStates.stepEnteredAt, updatedAt: ticketFlowStates.updatedAt });
  if (!row) throw new Error('flow state not saved');
  return row;
};

/** A place `saveFlowStates` writes: the ticket and its state, not yet waiting on a continuation. */
export type TFlowStateWrite = { ticketId: number; state: TFlowState };

const excluded = (column: string) => sql.raw(`excluded.${column}`);

/**
 * The places of several tickets (a batch of runs), as `saveFlowState` writes each with no continuation due, in
 * one statement; `stepEntered` for all of them. Nothing is returned: a caller needing the times saves alone.
 */
export const saveFlowStates = async (
  tx: TExecutor,
  tenantId: number,
  writes: readonly TFlowStateWrite[],
  options: { stepEntered: boolean },
): Promise<void> => {
  if (writes.length === 0) return;
  const set = {
    chatFlowId: excluded('chat_flow_id'),
    stepId: excluded('step_id'),
    retries: excluded('retries'),
    variables: excluded('variables'),
    lastInteractionAt: excluded('last_interaction_at'),
    continuationDueAt: sql`null`,
    updatedAt: sql`clock_timestamp()`,
  };
  await tx
    .insert(ticketFlowStates)
    .values(
      writes.map(({ ticketId, state }) => ({
        tenantId,
        ticketId,
        ...stateColumns(state),
        continuationDueAt: null,
        updatedAt: sql`clock_timestamp()`,
        stepEnteredAt: sql`clock_timestamp()`,
      })),
    )
    .onConflictDoUpdate({
      target: [ticketFlowStates.tenantId, ticketFlowStates.ticketId],
      set: options.stepEntered ? { ...set, stepEnteredAt: sql`clock_timestamp()` } : set,
    });
};

export const deleteFlowState = (tx: TExecutor, tenantId: number, ticketId: number) =>
  tx
    .delete(ticketFlowStates)
    .where(and(eq(ticketFlowStates.tenantId, tenantId), eq(ticketFlowStates.ticketId, ticketId)));

export const hasFlowState = async (tx: TExecutor, tenantId: number, ticketId: number): Promise<boolean> =>
  (
    await tx
      .select({ ticketId: ticketFlowStates.ticketId })
      .from(ticketFlowStates)
      .where(and(eq(ticketFlowStates.tenantId, tenantId), eq(ticketFlowStates.ticketId, ticketId)))
  ).length > 0;

/**
 * What runs need to know about customer messages, in one statement: each message (its text, when the channel
 * dated it and when we stored it), whether a run already handled it (a replayed delivery, a retried job), its
 * sender (test phone, blocked bot), and its ticket's place in a flow with that flow when it can still run (or,
 * in none, whether it has been in one). By
 * message id; a message that does not exist is absent.
 */
export const findRunContexts = async (tx: TExecutor, tenantId: number, inboundMessageIds: readonly number[]) => {
  const rows = await tx
    .select({
      id: messages.id,
      message: {
        body: messages.body,
        fromMe: messages.fromMe,
        timestamp: messages.timestamp,
        createdAt: messages.createdAt,
        ticketId: messages.ticketId,
      },
      handledBy: chatFlowRuns.id,
      contact: {
        id: contacts.id,
        name: contacts.name,
        number: contacts.number,
        chatbotBlocked: contacts.chatbotBlocked,
      },
      state: {
        chatFlowId: ticketFlowStates.chatFlowId,
        stepId: ticketFlowStates.stepId,
        retries: ticketFlowStates.retries,
        variables: ticketFlowStates.variables,
        lastInteractionAt: ticketFlowStates.lastInteractionAt,
        stepEnteredAt: ticketFlowStates.stepEnteredAt,
        continuationDueAt: ticketFlowStates.continuationDueAt,
        updatedAt: ticketFlowStates.updatedAt,
      },
      flow: runnableFlowColumns,
      // Asked only of a ticket in no flow: has it been in one (`hasBeenInFlow`)?
      beenInFlow: sql<
        boolean | null
      >`case when ${ticketFlowStates.ticketId} is null then ${beenInFlowSql(tenantId, messages.ticketId)} end`,
    })
    .from(messages)
    .leftJoin(chatFlowRuns, and(eq(chatFlowRuns.tenantId, tenantId), eq(chatFlowRuns.inboundMessageId, messages.id)))
    .leftJoin(contacts, and(eq(contacts.tenantId, tenantId), eq(contacts.id, messages.contactId)))
    .leftJoin(
      ticketFlowStates,
      and(eq(ticketFlowStates.tenantId, tenantId), eq(ticketFlowStates.ticketId, messages.ticketId)),
    )
    .leftJoin(chatFlows, isRunnableFlow(tenantId, ticketFlowStates.chatFlowId))
    .where(and(eq(messages.tenantId, tenantId), inArray(messages.id, [...new Set(inboundMessageIds)])));
  return new Map(
    rows.map(
      (row) =>
        [
          row.id,
          {
            message: row.message,
            isHandled: row.handledBy !== null,
            contact: row.contact ?? undefined,
            state: row.state ? toStoredState(row.state) : undefined,
            flow: row.flow ?? null,
            beenInFlow: row.beenInFlow === true,
          },
        ] as const,
    ),
  );
};

/**
 * Records what runs did with customer messages. Written at the end of the runs, under their tickets' locks: a
 * second run of the same message (a retried job) waited for that lock and found the record; the unique key
 * still refuses a second record, rolling that run back whole.
 */
export const insertFlowRuns = async (
  tx: TExecutor,
  tenantId: number,
  records: readonly {
    inboundMessageId: number;
    ticketId: number;
    outcome: string;
    chatFlowId?: number;
    stepId?: string | null;
  }[],
) => {
  if (records.length > 0) await tx.insert(chatFlowRuns).values(records.map((record) => ({ tenantId, ...record })));
};

/** The contact's number (test phone) and whether the bot may talk to them at all. */
export const findFlowContact = async (tx: TExecutor, tenantId: number, contactId: number) =>
  (
    await tx
      .select({ name: contacts.name, number: contacts.number, chatbotBlocked: contacts.chatbotBlocked })
      .from(contacts)
      .where(and(eq(contacts.tenantId, tenantId), eq(contacts.id, contactId)))
  )[0];

/** Whether this is the contact's first ticket ever (the flow's `firstInteraction` routing). */
export const isFirstTicketOfContact = async (tx: TExecutor, tenantId: number, contactId: number, ticketId: number) =>
  (
    await tx
      .select({ id: tickets.id })
      .from(tickets)
      .where(and(eq(tickets.tenantId, tenantId), eq(tickets.contactId, contactId), ne(tickets.id, ticketId)))
      .limit(1)
  ).length === 0;

/**
 * The online agents of a queue with how many open or pending tickets each holds, for the hand-off's
 * distribution (random, or the one with the fewest).
 */
export const findOnlineQueueAgents = async (tx: TExecutor, tenantId: number, queueId: number) => {
  const agents = await tx
    .select({ id: users.id })
    .from(usersQueues)
    .innerJoin(users, eq(users.id, usersQueues.userId))
    .where(and(eq(usersQueues.tenantId, tenantId), eq(usersQueues.queueId, queueId), eq(users.isOnline, true)))
    .orderBy(asc(users.id));
  if (agents.length === 0) return [];
  const load = await tx
    .select({ userId: tickets.userId, count: sql<number>`count(*)::int` })
    .from(tickets)
    .where(
      and(
        eq(tickets.tenantId, tenantId),
        inArray(
          tickets.userId,
          agents.map((a) => a.id),
        ),
        inArray(tickets.status, ['open', 'pending']),
      ),
    )
    .groupBy(tickets.userId);
  const counts = new Map(load.map((row) => [row.userId, row.count]));
  return agents.map((agent) => ({ id: agent.id, tickets: counts.get(agent.id) ?? 0 }));
};

/**
 * Whether the ticket was ever in a flow: a `chatBot` entry in its logs (the bot's or an agent's), `ticketId` a
 * value or a column. A ticket the bot handed to a queue, or an agent took out, is not greeted again when its
 * customer writes while it waits.
 */
const beenInFlowSql = (tenantId: number, ticketId: number | AnyColumn) =>
  sql<boolean>`exists (select 1 from ${ticketLogs} where ${ticketLogs.tenantId} = ${tenantId}
    and ${ticketLogs.ticketId} = ${ticketId} and ${ticketLogs.type} = 'chatBot')`;

export const hasBeenInFlow = async (tx: TExecutor, tenantId: number, ticketId: number): Promise<boolean> =>
  (await queryRows<{ been: boolean }>(tx, sql`select ${beenInFlowSql(tenantId, ticketId)} as been`))[0]?.been === true;

/** Which of `ticketIds` have been in a flow (see `beenInFlowSql`), in one read. */
export const findTicketsBeenInFlow = async (
  tx: TExecutor,
  tenantId: number,
  ticketIds: readonly number[],
): Promise<ReadonlySet<number>> => {
  if (ticketIds.length === 0) return new Set();
  const rows = await tx
    .selectDistinct({ ticketId: ticketLogs.ticketId })
    .from(ticketLogs)
    .where(
      and(
        eq(ticketLogs.tenantId, tenantId),
        inArray(ticketLogs.ticketId, [...new Set(ticketIds)]),
        eq(ticketLogs.type, 'chatBot'),
      ),
    );
  return new Set(rows.map((row) => row.ticketId));
};
