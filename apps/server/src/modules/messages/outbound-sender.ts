import type { TExecutor } from '../../platform/db/client.js';
import { onceInTx } from '../../platform/db/once-in-tx.js';
import type { TJobRunner } from '../../platform/jobs/job-runner.js';
import { findConnection, type TConnectionRow } from '../connections/connections.service.js';
import type { TMessageRow } from './messages.repository.js';
import { createCommitSends } from './outbound-at-commit.js';
import { createPacer } from './outbound-pace.js';
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
   * Several pending messages of one tenant written in `tx` (a chat flow's step): their jobs in one statement.
   * Those for a channel that sends at commit are recorded sent at once, for the caller to announce: the rows
   * answered, in their order, are as they now stand.
   */
  enqueueMany: (tx: TExecutor, tenantId: number, messages: readonly TMessageRow[]) => Promise<TMessageRow[]>;
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
  const connectionOf = async (tx: TExecutor, message: TMessageRow) =>
    message.whatsappId
      ? await onceInTx(tx, `outbound-connection:${message.tenantId}:${message.whatsappId}`, () =>
          findConnection(tx, message.tenantId, message.whatsappId as number),
        )
      : undefined;
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
    enqueueMany: async (tx, tenantId, messages) => {
      const withConnections = [];
      for (const row of messages) withConnections.push({ row, connection: await connectionOf(tx, row) });
      const sent = await atCommit.sendNow(tx, tenantId, withConnections);
      await jobs.enqueueMany(
        tx,
        tenantId,
        withConnections
          .filter(({ row }) => !sent.has(row.id))
          .map(({ row, connection }) => ({
            definition: job,
            payload: { tenantId, messageId: row.id },
            key: String(row.id),
            group: groupOf(row, connection),
          })),
      );
      return messages.map((row) => sent.get(row.id) ?? row);
    },
    expect: atCommit.expect,
    stop: async () => pacer.stop(),
  };
};
