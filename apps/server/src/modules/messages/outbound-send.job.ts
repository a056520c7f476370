import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { ChannelSendError, type TChannelRegistry } from '../../channels/host/modules-door.js';
import type { TDb } from '../../platform/db/client.js';
import { withTenant } from '../../platform/db/tenant-tx.js';
import type { TEventBus } from '../../platform/events/event-bus.js';
import { defineJob, type TJobRun } from '../../platform/jobs/job-definition.js';
import { JobDeferred, JobGiveUp } from '../../platform/jobs/job-errors.js';
import type { TConnectionRow } from '../connections/connections.service.js';
import { announceMessageStatus } from './announce-status.js';
import { failAndAnnounce } from './fail-unsent.js';
import { findMessage, type TMessageRow, updateMessageRow } from './messages.repository.js';
import { failUnsentMessage, isSessionElsewhere, lockMessageForSend } from './outbound.repository.js';
import type { TPacer } from './outbound-pace.js';
import { sendRequestOf } from './outbound-request.js';

export const SEND_MESSAGE_JOB = 'messages.send';
export const MAX_SEND_ATTEMPTS = 5;
/** A send in progress holds its message this long; longer than the job's expiry, so a re-run never overlaps it. */
const LEASE_MS = 90_000;
const EXPIRE_SECONDS = 60;

export const ZSendMessagePayload = z.object({
  tenantId: z.number().int().positive(),
  messageId: z.number().int().positive(),
});

export type TSendDeps = {
  db: TDb;
  log: FastifyBaseLogger;
  channels: TChannelRegistry;
  /** Where a send's outcome is announced (`message.status`). */
  events: TEventBus;
  pacer: TPacer;
  /** The provider refused the connection itself: mark it down and tell the admins. */
  onConnectionDown?: (tenantId: number, connectionId: number, reason: string) => Promise<unknown>;
  /** This server instance, as owner of stateful sessions: a connection whose socket runs elsewhere is sent there. */
  instanceId?: string;
};

/** The group members a message mentions (written by group-messages.ts). */
const mentionsOf = (data: unknown): string[] | undefined => {
  const mentions = (data as { mentions?: unknown } | null)?.mentions;
  return Array.isArray(mentions) ? mentions.filter((item): item is string => typeof item === 'string') : undefined;
};

/** Whether a message mentions every member of its group (a group campaign's "mencionar todos"). */
const mentionsAll = (data: unknown): boolean => (data as { mentionAll?: unknown } | null)?.mentionAll === true;

/** The members a message mentions: those it names, or every member of the group as the channel lists them now. */
const mentionedMembers = async (
  deps: TSendDeps,
  tenantId: number,
  connection: TConnectionRow | undefined,
  addresses: readonly { kind: string; value: string }[],
  data: unknown,
): Promise<string[] | undefined> => {
  const named = mentionsOf(data);
  if (named || !mentionsAll(data) || !connection) return named;
  const target = deps.channels.target(tenantId, connection, addresses);
  const members = target ? await deps.channels.groupMembers(target) : null;
  return members?.map((member) => member.id);
};

/** An outbound message still to send: pending, or scheduled (sent once its time has come). */
const isToSend = (row: TMessageRow | undefined): row is TMessageRow =>
  row?.fromMe === true && !row.isDeleted && (row.status === 'pending' || row.status === 'scheduled');

const leasedUntil = (row: TMessageRow): Date | null =>
  row.leaseUntil && row.leaseUntil.getTime() > Date.now() ? row.leaseUntil : null;

/** Records a send's outcome on the message and announces it. */
const finish = async (deps: TSendDeps, row: TMessageRow, change: Partial<TMessageRow>) => {
  await withTenant(deps.db, row.tenantId, async (tx) => {
    const updated = await updateMessageRow(tx, row.tenantId, row.id, { ...change, leaseUntil: null });
    if (updated) await announceMessageStatus(deps, tx, row.tenantId, updated);
  });
};

/** Whether a send through `connection` must first pass the gates: another instance's session, or pacing. */
const isGated = (deps: TSendDeps, connection: TConnectionRow | undefined): connection is TConnectionRow => {
  if (!connection) return false;
  const abilities = deps.channels.abilities(connection.type);
  // Only channels with a session (paired by QR code) keep one on some instance.
  return abilities.paced || (abilities.session && deps.instanceId !== undefined);
};

/** The gates of a gated connection: a session run elsewhere declines the run; a paced one waits for its slot. */
const passGates = async (deps: TSendDeps, connection: TConnectionRow): Promise<void> => {
  const abilities = deps.channels.abilities(connection.type);
  if (abilities.session && deps.instanceId && (await isSessionElsewhere(deps.db, connection.id, deps.instanceId)))
    throw new JobDeferred(new Date(), true);
  if (abilities.paced) await deps.pacer.waitForSlot(connection.id);
};

/**
 * Takes the message for this run, in one transaction with its row locked: pending again if it was scheduled,
 * leased, one more attempt. Null when there is nothing to send any more (sent, deleted, failed meanwhile);
 * `gate` when its connection has gates to pass first (`gatesPassed` false): nothing is changed then, and the
 * caller claims again once they are passed. `interrupted`: a lease was left by a run that died mid-send, so the
 * channel may have the message already. Deferred while it is scheduled later or leased by a run in progress.
 */
const claim = (deps: TSendDeps, tenantId: number, messageId: number, gatesPassed: boolean) =>
  withTenant(deps.db, tenantId, async (tx) => {
    const found = await lockMessageForSend(tx, tenantId, messageId);
    const row = found?.message;
    if (!found || !isToSend(row)) return null;
    if (row.status === 'scheduled' && row.scheduleDate && row.scheduleDate.getTime() > Date.now())
      throw new JobDeferred(row.scheduleDate);
    const leased = leasedUntil(row);
    if (leased) throw new JobDeferred(leased);
    const connection = found.connection ?? undefined;
    if (!gatesPassed && isGated(deps, connection)) return { gate: connection } as const;
    const updated = await updateMessageRow(tx, tenantId, row.id, {
      status: 'pending',
      leaseUntil: new Date(Date.now() + LEASE_MS),
      attempts: row.attempts + 1,
      ...(row.status === 'scheduled' ? { timestamp: Date.now() } : {}),
    });
    if (!updated) return null;
    return {
      gate: null,
      row: updated,
      interrupted: row.leaseUntil !== null,
      connection,
      addresses: found.addresses,
      quoted: row.quotedMsgId ? await findMessage(tx, tenantId, row.quotedMsgId) : undefined,
    };
  });

/**
 * One outbound message through its channel. Runs once per message even across instances (one job per
 * message, claimed with SKIP LOCKED; the message's lease stops a second run), and records the outcome: sent
 * with the channel's id, or the reason of a failure (the message stays pending while attempts remain, then
 * is failed and the job with it). A run that finds a lease left by a dead run tells the channel it was
 * interrupted: channels that honour the idempotency key get it again, the others refuse it rather than risk a
 * second copy. Pacing and another instance's session defer the run without counting an attempt.
 */
export const sendQueuedMessage = async (
  deps: TSendDeps,
  { tenantId, messageId }: z.infer<typeof ZSendMessagePayload>,
  run: TJobRun,
): Promise<void> => {
  // One transaction for most sends; a gated connection's (paced, or a session) claims again after its gates.
  let claimed = await claim(deps, tenantId, messageId, false);
  if (claimed?.gate) {
    await passGates(deps, claimed.gate);
    claimed = await claim(deps, tenantId, messageId, true);
  }
  if (!claimed || claimed.gate) return;
  const mentions = await mentionedMembers(deps, tenantId, claimed.connection, claimed.addresses, claimed.row.dataJson);
  const sent = await deps.channels
    .send(
      sendRequestOf(claimed.row, {
        connection: claimed.connection,
        addresses: claimed.addresses,
        quotedExternalId: claimed.quoted?.messageId ?? null,
        interrupted: claimed.interrupted,
        mentions,
      }),
    )
    .catch(async (error: unknown) => {
      const reason = error instanceof ChannelSendError ? error.reason : 'ERR_SENDING_WAPP_MSG';
      const retryable = error instanceof ChannelSendError ? error.retryable : true;
      if (!(error instanceof ChannelSendError)) deps.log.error({ err: error, messageId }, 'outbound send failed');
      const connectionId = claimed.row.whatsappId;
      if (error instanceof ChannelSendError && error.connectionDown && connectionId && deps.onConnectionDown)
        await deps
          .onConnectionDown(tenantId, connectionId, reason)
          .catch((err: unknown) => deps.log.error({ err, connectionId }, 'marking a connection down failed'));
      const last = !retryable || run.attempt + 1 >= MAX_SEND_ATTEMPTS;
      // Never falsely sent: pending with the reason while attempts remain, then failed with it.
      await finish(deps, claimed.row, last ? { status: 'failed', failureReason: reason } : { failureReason: reason });
      throw last ? new JobGiveUp(reason) : new Error(reason);
    });
  // If recording this fails, the lease stays: the re-run sees an interrupted send, not a fresh one.
  await finish(deps, claimed.row, { status: sent.status ?? 'sent', messageId: sent.externalId, failureReason: null });
};

/**
 * The last run failed elsewhere than at the channel (most likely the database, e.g. recording a send the channel
 * took): the message is failed for the agent, saying it may have arrived, rather than left pending for ever.
 * Announced when possible; failed without the announcement when that cannot be (the agent sees it on reload).
 */
const failForGood = async (deps: TSendDeps, { tenantId, messageId }: z.infer<typeof ZSendMessagePayload>) => {
  const reason = 'ERR_SEND_INTERRUPTED';
  try {
    await withTenant(deps.db, tenantId, (tx) => failAndAnnounce(deps, tx, tenantId, messageId, reason));
  } catch (err) {
    deps.log.error({ err, messageId }, 'announcing a failed send failed');
    await withTenant(deps.db, tenantId, (tx) => failUnsentMessage(tx, tenantId, messageId, reason));
  }
};

/** The job: one per outbound message; retries with doubling pauses, MAX_SEND_ATTEMPTS tries in all. */
export const sendMessageJob = (deps: TSendDeps) =>
  defineJob({
    name: SEND_MESSAGE_JOB,
    payload: ZSendMessagePayload,
    retry: { limit: MAX_SEND_ATTEMPTS - 1 },
    expireInSeconds: EXPIRE_SECONDS,
    handle: async (payload, run) => {
      try {
        await sendQueuedMessage(deps, payload, run);
      } catch (error) {
        // A refusal by the channel has failed the message already (JobGiveUp); a deferral is no attempt.
        const last = run.attempt + 1 >= MAX_SEND_ATTEMPTS;
        if (last && !(error instanceof JobDeferred) && !(error instanceof JobGiveUp))
          await failForGood(deps, payload).catch((err: unknown) =>
            deps.log.error({ err, messageId: payload.messageId }, 'failing a message for good failed'),
          );
        throw error;
      }
    },
  });
