import type { TExecutor } from '../../platform/db/client.js';
import { onceInTx } from '../../platform/db/once-in-tx.js';
import type { TJobRunner } from '../../platform/jobs/job-runner.js';
import { findConnection, type TConnectionRow } from '../connections/connections.service.js';
import { allocateMessageIds, type TMessageInsert, type TMessageRow } from './messages.repository.js';
import { createCommitSends } from './outbound-at-commit.js';
import { createPacer } from './outbound-pace.js';
import { sendableOf } from './outbound-request.js';
import { sendMessageJob, type TSendDeps } from './outbound-send.job.js';

export { MAX_SEND_ATTEMPTS, SEND_MESSAGE_JOB } from './outbound-send.job.js';

export type TOutboundSender = {
  /**
   * Queues the send of an outbound message written in `tx` (pending: now; scheduled: at its time). The job
   * exists only if `tx` commits. `again`: an agent's retry of a failed message (a new job for the same message).
   * A pending message for a channel that sends at commit (the web chat) is sent so, without a job.
   */
  enqueue: (tx: TExecutor, message: TMessageRow, options?: { again?: boolean; startAfter?: Date }) => Promise<void>;
  /**
   * Messages of one tenant about to be written in `tx` (a chat flow's step, automatic messages): when some go
   * through a channel that sends at commit, all get their ids now and those are sent at once, to be inserted
   * as they will stand (sent, their external ids set): no update follows. The values, in their order.
   */
  prepareMany: (
    tx: TExecutor,
    tenantId: number,
    values: readonly TMessageInsert[],
  ) => Promise<(TMessageInsert & { id?: number })[]>;
  /** Those of `messages` (written in `tx` after `prepareMany`) still pending: their jobs in one statement. */
  enqueueMany: (tx: TExecutor, tenantId: number, messages: readonly TMessageRow[]) => Promise<void>;
  /**
   * Contacts `tx` may soon send to (a batch of chat-flow runs): a channel that sends at commit reads all their
   * addresses with the first send's, in one statement. Costs nothing when no such send comes.
   */
  expect: (tx: TExecutor, contactIds: readonly number[]) => void;
  /** Ends the paced waits in progress (their sends go back to the queue); the job runner stops after. */
  stop: () => Promise<void>;
};

type TSenderOptions = Omit<TSendDeps, 'pacer'> & {
  jobs: TJobRunner;
  /** Random pause between two sends of one paced connection (adapters with `paced`). */
  pace?: { minMs: number; maxMs: number };
};

/**
 * The outbound queue is a durable job per message (`platform/jobs`): enqueued in the transaction that writes
 * the message, keyed by the message id (enqueued twice, kept once), run once across instances.
 *
 * Order: jobs of one group run one at a time, oldest first. A ticket's messages are a group, so a customer
 * reads them as the agent wrote them; a paced connection (unofficial WhatsApp channels) is one group across
 * all its tickets, sending one message at a time with a random pause between sends.
 */
export const startOutboundSender = (options: TSenderOptions): TOutboundSender => {
  const { jobs, pace, ...deps } = options;
  const pacer = createPacer(deps.db, pace);
  const job = sendMessageJob({ ...deps, pacer });
  jobs.register(job);
  const atCommit = createCommitSends({ channels: deps.channels, events: deps.events, log: deps.log });
  /** The message's connection, read once per transaction: a chat flow's step queues several messages at once. */
  const connectionOf = async (tx: TExecutor, message: { tenantId: number; whatsappId?: number | null }) => {
    const { tenantId, whatsappId } = message;
    return whatsappId
      ? await onceInTx(tx, `outbound-connection:${tenantId}:${whatsappId}`, () =>
          findConnection(tx, tenantId, whatsappId),
        )
      : undefined;
  };
  /** A ticket's messages are a group; a paced connection's, one group across its tickets. */
  const groupOf = (message: TMessageRow, connection: TConnectionRow | undefined): string => {
    const paced = connection ? deps.channels.abilities(connection.type).paced : false;
    return paced ? `outbound:connection:${message.whatsappId}` : `outbound:ticket:${message.ticketId}`;
  };
  return {
    enqueue: async (tx, message, enqueueOptions = {}) => {
      const connection = await connectionOf(tx, message);
      if (!enqueueOptions.startAfter && atCommit.take(tx, message, connection)) return;
      await jobs.enqueue(
        job,
        { tenantId: message.tenantId, messageId: message.id },
        {
          tx,
          tenantId: message.tenantId,
          key: enqueueOptions.again ? `${message.id}:again:${Date.now()}` : String(message.id),
          group: groupOf(message, connection),
          ...(message.status === 'scheduled' && message.scheduleDate ? { startAfter: message.scheduleDate } : {}),
          // A pause asked by the caller (birthday messages spaced out).
          ...(enqueueOptions.startAfter ? { startAfter: enqueueOptions.startAfter } : {}),
        },
      );
    },
    prepareMany: async (tx, tenantId, values) => {
      const connections: (TConnectionRow | undefined)[] = [];
      for (const value of values) connections.push(await connectionOf(tx, { tenantId, ...value }));
      const status = (value: TMessageInsert) => ({ status: value.status ?? 'pending' });
      if (!values.some((value, i) => atCommit.goesAtCommit(tx, status(value), connections[i]))) return [...values];
      const ids = await allocateMessageIds(tx, values.length);
      const drafts = values.map((value, i) => ({ ...value, id: ids[i] as number }));
      const outcomes = await atCommit.settle(
        tx,
        tenantId,
        drafts.map((draft, i) => ({ row: sendableOf(tenantId, draft), connection: connections[i] })),
      );
      return drafts.map((draft) => {
        const outcome = outcomes.get(draft.id);
        if (!outcome) return draft;
        const { status: sent, messageId, failureReason } = outcome;
        return { ...draft, status: sent, messageId, failureReason, attempts: 1 };
      });
    },
    enqueueMany: async (tx, tenantId, messages) => {
      const pending = [];
      for (const row of messages)
        if (row.status === 'pending') pending.push({ row, connection: await connectionOf(tx, row) });
      await jobs.enqueueMany(
        tx,
        tenantId,
        pending.map(({ row, connection }) => ({
          definition: job,
          payload: { tenantId, messageId: row.id },
          key: String(row.id),
          group: groupOf(row, connection),
        })),
      );
    },
    expect: atCommit.expect,
    stop: async () => pacer.stop(),
  };
};
