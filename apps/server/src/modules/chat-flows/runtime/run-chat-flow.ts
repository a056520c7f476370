import { enterFlow, findConfigurations, stepFlow, type TFlowDocument, type TTicket } from '@prosa/contracts';
import type { TTx } from '../../../platform/db/client.js';
import { getTenantScope, withTenant } from '../../../platform/db/tenant-tx.js';
import type { TServices } from '../../../platform/services.js';
import { isTicketInBusinessHours } from '../../business-hours/opening-hours.js';
import { notifyConversationEnded } from '../../tickets/notify-conversation-ended.js';
import { loadTicketDtos } from '../../tickets/ticket-rules.js';
import { lockTicketsWithVisibility, lockTicketWithVisibility } from '../../tickets/visibility-ticket.js';
import { findFlowForTicketOnce } from '../chat-flows.service.js';
import { takeOutOfFlow } from './apply-flow-exit.js';
import { createFlowBatchWrites, flushFlowBatchWrites, type TFlowBatchWrites } from './flow-batch-writes.js';
import { CONTINUATION_HOLD_GRACE_MS } from './flow-continuation.job.js';
import { finishFlowRuns, isTicketForFlow, startFlowRun, type TFlowRun, type TFlowRunChange } from './flow-run.js';
import {
  findFlowContact,
  findRunContexts,
  insertFlowRuns,
  isFirstTicketOfContact,
  toEngineState,
} from './flow-runtime.repository.js';
import { performFlowOutcome } from './perform-flow-outcome.js';

/**
 * What a run did: 'not-applicable', 'already-handled', 'after-flow', 'no-flow', 'test-phone', 'out-of-hours',
 * 'stale', 'held', 'flow-gone', or what the engine's outcome came to ('step', 'same-step', 'queue', 'user', 'close',
 * 'waiting').
 */
export type TChatFlowRunOutcome = string;

type TRunServices = Pick<TServices, 'db' | 'events' | 'outbound' | 'jobs' | 'channels' | 'log' | 'storage'> & {
  /** The clock (tests inject one). */
  now?: () => Date;
};

const digits = (value: string | null | undefined) => (value ?? '').replace(/\D/g, '');

/** Whether the flow sends the ticket somewhere out of hours: the only case the engine reads business hours. */
const hasOutOfHoursDestination = (flow: TFlowDocument) => Boolean(findConfigurations(flow).outOpenHours);

/**
 * The chat flow for one customer message (domain 5.2-5.3), under the ticket's row lock. A message a run
 * already recorded is left alone (a replayed delivery or a retried job does nothing twice). A ticket with no
 * place yet enters the flow of its connection (or the tenant's default) unless a test phone excludes the
 * contact, or it is out of business hours and the flow has no destination for that (the absence rule speaks
 * alone). A ticket in a flow steps on
 * its answer; a message stored before the current step was entered answered an earlier one and is left alone,
 * so two replies at once advance one step. Groups, closed tickets and tickets an agent holds are never touched.
 */
export const runChatFlow = async (
  services: TRunServices,
  tenantId: number,
  input: TRunInput,
): Promise<TChatFlowRunOutcome> => {
  const [outcome] = await runChatFlows(services, tenantId, [input]);
  return outcome ?? 'not-applicable';
};

/**
 * Several customer messages of one tenant (the engine's jobs fetched together), each run as `runChatFlow` runs
 * one, in one transaction of their own (see `runChatFlowsIn`). A failure rolls them all back.
 */
export const runChatFlows = async (
  services: TRunServices,
  tenantId: number,
  inputs: readonly TRunInput[],
): Promise<TChatFlowRunOutcome[]> => {
  const results = await withTenant(services.db, tenantId, (tx) => runChatFlowsIn(services, tx, tenantId, inputs));
  for (const result of results.values())
    if (result.change) await notifyConversationEnded(services, tenantId, result.change.after, result.change.before);
  return inputs.map((input) => results.get(input)?.outcome ?? 'not-applicable');
};

/**
 * The engine inside the transaction that stored the customer messages (the listener's `handleBeforeCommit`): its
 * answers commit with them. Its runs record only what the engine decided about a flow; a ticket that waits for
 * people (handed over, no flow) records nothing, there being no job to run twice.
 */
export const runChatFlowsBeforeCommit = async (
  services: TRunServices,
  tx: TTx,
  tenantId: number,
  inputs: readonly TRunInput[],
): Promise<void> => {
  const results = await runChatFlowsIn(services, tx, tenantId, inputs, { recordIdle: false });
  getTenantScope(tx).onCommit(() => {
    for (const { change } of results.values())
      if (change) void notifyConversationEnded(services, tenantId, change.after, change.before);
  });
};

/** Outcomes where the engine did nothing for a ticket that is not, and will not be, in a flow. */
const IDLE_OUTCOMES = new Set(['not-applicable', 'after-flow', 'no-flow']);

/**
 * The runs of `inputs` in `tx`: a ticket's messages in the order they arrived, tickets in id order (two batches
 * lock their tickets in the same order, never each waiting on the other). The tickets are locked and the
 * messages read for all runs at once; a ticket's later messages in the batch read it again after the run
 * before. What each run did is recorded at the end (`recordIdle: false`: not the runs that did nothing).
 */
const runChatFlowsIn = async (
  services: TRunServices,
  tx: TTx,
  tenantId: number,
  inputs: readonly TRunInput[],
  { recordIdle = true }: { recordIdle?: boolean } = {},
): Promise<Map<TRunInput, TRunResult>> => {
  const ordered = [...inputs].sort((a, b) => a.ticketId - b.ticketId || a.inboundMessageId - b.inboundMessageId);
  const firsts = ordered.filter((input, i) => ordered[i - 1]?.ticketId !== input.ticketId);
  const locked = await lockTicketsWithVisibility(
    tx,
    tenantId,
    firsts.map((input) => input.ticketId),
  );
  const contexts = await findRunContexts(
    tx,
    tenantId,
    firsts.map((input) => input.inboundMessageId),
  );
  services.outbound.expect(
    tx,
    [...locked.values()].map(({ row }) => row.contactId),
  );
  // The tickets as they were, read at the first change of one (all in one statement): a ticket's first run in
  // the batch finds its own still unchanged.
  let befores: Promise<Map<number, TTicket>> | undefined;
  const readBefore = (ticketId: number) => async () => {
    befores ??= loadTicketDtos(
      tx,
      tenantId,
      firsts.map((input) => input.ticketId),
    ).then((dtos) => new Map(dtos.map((dto) => [dto.id, dto])));
    return (await befores).get(ticketId);
  };
  const done = new Map<TRunInput, TRunResult>();
  const records: TFlowRunRecord[] = [];
  const writes = createFlowBatchWrites();
  // Runs that changed their ticket: announced together, their tickets read in one statement.
  const changed: TRunResult[] = [];
  const announce = async () => {
    const runs = changed.splice(0);
    const changes = await finishFlowRuns(runs.flatMap((result) => result.run ?? []));
    for (const result of runs) result.change = result.run ? (changes.get(result.run) ?? null) : null;
  };
  for (const input of ordered) {
    const first = firsts.includes(input);
    // A ticket's later message reads what the run before wrote: written (and announced) first.
    if (!first) {
      await flushFlowBatchWrites(services, tx, tenantId, writes);
      await announce();
    }
    const read: TRunReads = first
      ? {
          locked: locked.get(input.ticketId),
          context: contexts.get(input.inboundMessageId),
          readBefore: readBefore(input.ticketId),
        }
      : await readOne(tx, tenantId, input);
    const result = await runInTransaction(services, tx, tenantId, input, read, { records, writes });
    if (result.run) changed.push(result);
    done.set(input, result);
  }
  await flushFlowBatchWrites(services, tx, tenantId, writes);
  await announce();
  await insertFlowRuns(
    tx,
    tenantId,
    recordIdle ? records : records.filter((record) => !IDLE_OUTCOMES.has(record.outcome)),
  );
  return done;
};

type TRunInput = { ticketId: number; inboundMessageId: number };
/** What a run did; `run` when it may have changed its ticket (announced with the batch's others). */
type TRunResult = { outcome: TChatFlowRunOutcome; change?: TFlowRunChange | null; run?: TFlowRun };
type TFlowRunRecord = Parameters<typeof insertFlowRuns>[2][number];
/** A run's ticket under its lock and its message's context (undefined: not found), and the batch's DTO read. */
type TRunReads = {
  locked: Awaited<ReturnType<typeof lockTicketWithVisibility>>;
  context: ReturnType<Awaited<ReturnType<typeof findRunContexts>>['get']>;
  readBefore?: () => Promise<TTicket | undefined>;
};

/** The reads of a run on its own (a ticket's later message in a batch, after the run before changed it). */
const readOne = async (tx: TTx, tenantId: number, input: TRunInput): Promise<TRunReads> => ({
  locked: await lockTicketWithVisibility(tx, tenantId, input.ticketId),
  context: (await findRunContexts(tx, tenantId, [input.inboundMessageId])).get(input.inboundMessageId),
});

const runInTransaction = async (
  services: TRunServices,
  tx: TTx,
  tenantId: number,
  input: TRunInput,
  { locked, context, readBefore }: TRunReads,
  { records, writes }: { records: TFlowRunRecord[]; writes: TFlowBatchWrites },
): Promise<TRunResult> => {
  const now = services.now?.() ?? new Date();
  if (!locked || !isTicketForFlow(locked.row)) return { outcome: 'not-applicable' };
  const { row, visibility } = locked;
  const message = context?.message;
  if (!context || !message || message.fromMe || message.ticketId !== row.id) return { outcome: 'not-applicable' };
  // NOTE: runs of one ticket wait for its lock: a run of this message that came first has left its record
  // (or, in this batch, is about to).
  if (context.isHandled || records.some((record) => record.inboundMessageId === input.inboundMessageId))
    return { outcome: 'already-handled' };
  const done = (outcome: string, place: { chatFlowId?: number; stepId?: string | null } = {}) => {
    records.push({ inboundMessageId: input.inboundMessageId, ticketId: row.id, outcome, ...place });
    return { outcome };
  };
  const { state } = context;
  // The sender is the ticket's contact (read from the ticket's own when they differ: a merge moved it).
  const contact =
    context.contact?.id === row.contactId ? context.contact : await findFlowContact(tx, tenantId, row.contactId);
  if (!contact || contact.chatbotBlocked) return done('not-applicable');
  const at = new Date(message.timestamp);
  const startRun = () =>
    startFlowRun(services, tx, tenantId, row, { now, answer: message.body, visibility, writes, readBefore });

  if (!state) {
    // NOTE: a ticket enters a flow once; handed over (or taken out), it waits for people.
    if (context.beenInFlow) return done('after-flow');
    // Read once per batch and connection: a batch's new tickets mostly share one.
    const flow = await findFlowForTicketOnce(tx, tenantId, row);
    if (!flow) return done('no-flow');
    if (digits(flow.celularTeste) && digits(flow.celularTeste) !== digits(contact.number))
      return done('test-phone', { chatFlowId: flow.id });
    const inBusinessHours = await isTicketInBusinessHours(tx, tenantId, row, at);
    if (!inBusinessHours && !hasOutOfHoursDestination(flow.flow)) return done('out-of-hours', { chatFlowId: flow.id });
    // Only a flow that routes a contact's first ticket apart asks whether this is it.
    const isFirstContact =
      Boolean(findConfigurations(flow.flow).firstInteraction) &&
      (await isFirstTicketOfContact(tx, tenantId, row.contactId, row.id));
    const run = await startRun();
    const entered = enterFlow(flow.flow, flow.id, {
      kind: 'enter',
      text: message.body,
      at: now.toISOString(),
      isFirstContact,
      inBusinessHours,
    });
    const outcome = await performFlowOutcome(run, flow, undefined, entered);
    await done(outcome, { chatFlowId: flow.id, stepId: entered.state?.stepId ?? null });
    return { outcome, run };
  }

  const place = { chatFlowId: state.chatFlowId, stepId: state.stepId };
  // NOTE: stored before the bot reached this step: the customer had not seen it yet (a burst of replies).
  if (message.createdAt < state.stepEnteredAt) return done('stale', place);
  // NOTE: the step has not all gone out (a delay or a webhook pends): what the customer wrote meanwhile
  // answered nothing they saw whole; it stays in the chat, and the rest of the step goes out as planned.
  if (state.continuationDueAt && now.getTime() < state.continuationDueAt.getTime() + CONTINUATION_HOLD_GRACE_MS)
    return done('held', place);
  const run = await startRun();
  const { flow } = context;
  if (!flow) {
    // The flow was deactivated or deleted under the ticket: it leaves the bot and waits for an attendant.
    await takeOutOfFlow(run, state.chatFlowId, { reason: 'flow-gone', stepId: state.stepId });
    await done('flow-gone', place);
    return { outcome: 'flow-gone', run };
  }
  // Business hours only matter to a flow with an out-of-hours destination (read only then).
  const stepped = stepFlow(flow.flow, toEngineState(state), {
    kind: 'message',
    text: message.body,
    at: now.toISOString(),
    inBusinessHours: hasOutOfHoursDestination(flow.flow) ? await isTicketInBusinessHours(tx, tenantId, row, at) : true,
  });
  const outcome = await performFlowOutcome(run, flow, state, stepped);
  await done(outcome, place);
  return { outcome, run };
};
