import type { FastifyBaseLogger } from 'fastify';
import { ChannelSendError, type TChannelRegistry } from '../../channels/host/modules-door.js';
import type { TExecutor } from '../../platform/db/client.js';
import { getTenantScope, isTenantTx } from '../../platform/db/tenant-tx.js';
import type { TEventBus } from '../../platform/events/event-bus.js';
import type { TConnectionRow } from '../connections/connections.service.js';
import { announceMessageStatuses } from './announce-status.js';
import { findContactAddresses, findMessagesByIds, type TMessageRow } from './messages.repository.js';
import { recordSendOutcomes, type TSendOutcome } from './outbound.repository.js';
import { sendRequestOf, type TSendable } from './outbound-request.js';

type TQueued = { row: TMessageRow; connection: TConnectionRow };
type TDraft = { row: TSendable; connection: TConnectionRow };
type TAddress = { kind: string; value: string };

/**
 * Sends made at commit, for channels whose send is a push inside this server (`atCommit`: the web chat). A
 * pending message a transaction queues for such a channel skips the job: once the transaction's work is done,
 * the outcomes of all it queued are recorded by one statement and announced (`message.status`), and the pushes
 * are made after the commit. A rolled-back transaction pushes nothing; a push lost to a crash after the commit
 * is still read by the visitor's page, which reads the stored conversation on every connection.
 */
export const createCommitSends = (deps: { channels: TChannelRegistry; events: TEventBus; log: FastifyBaseLogger }) => {
  const queued = new WeakMap<object, TQueued[]>();

  const outcomeOf = (row: TSendable, request: Parameters<TChannelRegistry['sendAtCommit']>[0]) => {
    try {
      const { result, push } = deps.channels.sendAtCommit(request);
      const outcome: TSendOutcome = {
        id: row.id,
        status: result.status ?? 'sent',
        messageId: result.externalId,
        failureReason: null,
      };
      return { outcome, push };
    } catch (error) {
      if (!(error instanceof ChannelSendError))
        deps.log.error({ err: error, messageId: row.id }, 'send at commit failed');
      const reason = error instanceof ChannelSendError ? error.reason : 'ERR_SENDING_WAPP_MSG';
      const outcome: TSendOutcome = { id: row.id, status: 'failed', messageId: null, failureReason: reason };
      return { outcome, push: null };
    }
  };

  /** Per transaction: contacts' addresses read so far, and contacts whose sends the caller expects. */
  const addressesRead = new WeakMap<object, Map<number, TAddress[]>>();
  const expected = new WeakMap<object, Set<number>>();

  /**
   * The addresses of `contactIds`, read once per transaction: the first read also takes those of the contacts
   * expected (a batch of chat-flow runs, one statement for all of its customers instead of one each).
   */
  const addressesOf = async (tx: TExecutor, tenantId: number, contactIds: number[]) => {
    const known = addressesRead.get(tx) ?? new Map<number, TAddress[]>();
    addressesRead.set(tx, known);
    const missing = contactIds.filter((id) => !known.has(id));
    if (missing.length > 0) {
      const wanted = [...new Set([...missing, ...(expected.get(tx) ?? [])])].filter((id) => !known.has(id));
      const read = await findContactAddresses(tx, tenantId, wanted);
      for (const id of wanted) known.set(id, read.get(id) ?? []);
    }
    return known;
  };

  /** The outcomes of the sends of `list` and their pushes, by message id (nothing written yet). */
  const decide = async (tx: TExecutor, tenantId: number, list: TDraft[]) => {
    const contactIds = [...new Set(list.map(({ row }) => row.contactId).filter((id): id is number => id !== null))];
    const addresses = await addressesOf(tx, tenantId, contactIds);
    const quotedIds = list.map(({ row }) => row.quotedMsgId).filter((id): id is number => id !== null);
    const quoted = new Map((await findMessagesByIds(tx, tenantId, quotedIds)).map((row) => [row.id, row.messageId]));
    const pushes = new Map<number, () => void>();
    const outcomes: TSendOutcome[] = [];
    for (const { row, connection } of list) {
      const { outcome, push } = outcomeOf(
        row,
        sendRequestOf(row, {
          connection,
          addresses: (row.contactId !== null && addresses.get(row.contactId)) || [],
          quotedExternalId: (row.quotedMsgId !== null && quoted.get(row.quotedMsgId)) || null,
          interrupted: false,
        }),
      );
      outcomes.push(outcome);
      if (push) pushes.set(row.id, push);
    }
    return { outcomes, pushes };
  };

  /** The pushes made once `tx` commits, in message order. */
  const pushAfterCommit = (tx: TExecutor, pushes: Map<number, () => void>, ids: number[]) => {
    const due = [...ids].sort((a, b) => a - b).flatMap((id) => pushes.get(id) ?? []);
    getTenantScope(tx).onCommit(() => {
      for (const push of due)
        try {
          push();
        } catch (err) {
          deps.log.error({ err }, 'push at commit failed');
        }
    });
  };

  /** Records the sends of `list` (one statement) and makes their pushes once `tx` commits; the rows as recorded. */
  const record = async (tx: TExecutor, tenantId: number, list: TQueued[]): Promise<TMessageRow[]> => {
    const { outcomes, pushes } = await decide(tx, tenantId, list);
    const recorded = (await recordSendOutcomes(tx, tenantId, outcomes)).sort((a, b) => a.id - b.id);
    pushAfterCommit(
      tx,
      pushes,
      recorded.map((row) => row.id),
    );
    return recorded;
  };

  /** The deferred sends of a transaction, once its work is done: recorded, then announced as `message.status`. */
  const flush = async (tx: TExecutor, tenantId: number, list: TQueued[]) => {
    // Sends queued from here on (by a later commit hook) are flushed by a hook of their own.
    queued.delete(tx);
    await announceMessageStatuses(deps, tx, tenantId, await record(tx, tenantId, list));
  };

  /** Whether `row` goes at commit: pending, in a tenant transaction, through a channel that sends so. */
  const goesAtCommit = (
    tx: TExecutor,
    row: Pick<TSendable, 'status'>,
    connection: TConnectionRow | undefined,
  ): connection is TConnectionRow =>
    connection !== undefined &&
    row.status === 'pending' &&
    isTenantTx(tx) &&
    deps.channels.abilities(connection.type).atCommit;

  return {
    /** Contacts that messages of `tx` may soon be sent to: their addresses are read with the first send's. */
    expect: (tx: TExecutor, contactIds: readonly number[]): void => {
      const list = expected.get(tx) ?? new Set<number>();
      for (const id of contactIds) list.add(id);
      expected.set(tx, list);
    },
    /**
     * Takes a pending message written in `tx` for a channel that sends at commit; false (nothing done) for any
     * other, which goes through the queue.
     */
    take: (tx: TExecutor, row: TMessageRow, connection: TConnectionRow | undefined): boolean => {
      if (!connection || !goesAtCommit(tx, row, connection)) return false;
      let list = queued.get(tx);
      if (!list) {
        const started: TQueued[] = [];
        queued.set(tx, started);
        list = started;
        getTenantScope(tx).beforeCommit(() => flush(tx, row.tenantId, started));
      }
      list.push({ row, connection });
      return true;
    },
    goesAtCommit,
    /**
     * Sends now those of `drafts` that go at commit: rows about to be inserted (their ids allocated), for a
     * caller that writes them as they will stand and announces them (`message.sent` then carries them sent, and
     * no update follows). The outcomes by message id; the pushes are made once `tx` commits.
     */
    settle: async (
      tx: TExecutor,
      tenantId: number,
      drafts: readonly { row: TSendable; connection: TConnectionRow | undefined }[],
    ): Promise<Map<number, TSendOutcome>> => {
      const now = drafts.filter((each): each is TDraft => goesAtCommit(tx, each.row, each.connection));
      if (now.length === 0) return new Map();
      const { outcomes, pushes } = await decide(tx, tenantId, now);
      pushAfterCommit(tx, pushes, [...pushes.keys()]);
      return new Map(outcomes.map((outcome) => [outcome.id, outcome]));
    },
  };
};
