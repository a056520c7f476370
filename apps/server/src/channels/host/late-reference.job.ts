import { z } from 'zod';
import { applyContactChange } from '../../modules/messages/apply-contact-change.js';
import { applyContactReaction } from '../../modules/messages/apply-reaction.js';
import { defineJob } from '../../platform/jobs/job-definition.js';
import { JobDeferred } from '../../platform/jobs/job-errors.js';
import type { TServices } from '../../platform/services.js';
import type { TConnectionRef } from './gateway-events.js';

export const LATE_REFERENCE_JOB = 'channels.late-reference';
/** How long a reaction, edit or deletion waits for the message it is about before it is dropped. */
export const LATE_REFERENCE_WAIT_MS = 60_000;

const ZReferring = z.discriminatedUnion('type', [
  z.object({ type: z.literal('reaction'), targetExternalId: z.string(), emoji: z.string() }),
  z.object({ type: z.literal('edit'), targetExternalId: z.string(), body: z.string(), at: z.number().optional() }),
  z.object({ type: z.literal('revoke'), targetExternalId: z.string(), at: z.number().optional() }),
]);
export type TReferringEvent = z.infer<typeof ZReferring>;

const ZLateReferencePayload = z.object({
  tenantId: z.number().int().positive(),
  connectionId: z.number().int().positive(),
  event: ZReferring,
  /** When it first found no message (ms since the epoch): the wait is counted from here. */
  since: z.number().int(),
});
type TLateReferencePayload = z.infer<typeof ZLateReferencePayload>;

/**
 * Applies a customer's reaction, edit or deletion to the message it names. 'missing' when that message is not
 * stored (yet); 'done' when it was applied, or the message is there and the change does not apply to it (one
 * made before the change it already shows). `arrival`: when the change first reached us, which orders two
 * changes the channel dated alike.
 */
export const applyReferring = async (
  services: TServices,
  connection: TConnectionRef,
  event: TReferringEvent,
  arrival: number,
): Promise<'done' | 'missing'> => {
  const base = { tenantId: connection.tenantId, connectionId: connection.id, externalId: event.targetExternalId };
  const position = { at: event.type === 'reaction' ? arrival : (event.at ?? arrival), arrival };
  // NOTE: 'missing' only as the applying transaction saw it. A second read after it could find the message
  // committed in between and take the change as refused: under load an edit was lost that way.
  const outcome =
    event.type === 'reaction'
      ? await applyContactReaction(services, { ...base, emoji: event.emoji })
      : await applyContactChange(
          services,
          event.type === 'edit'
            ? { ...base, kind: 'edit', body: event.body, position }
            : { ...base, kind: 'revoke', position },
        );
  return outcome === 'missing' ? 'missing' : 'done';
};

/**
 * Tries again, on any instance, a reaction, edit or deletion whose message was not stored when it came (the
 * message still on its way in, through another delivery or another instance). Pauses double with the time
 * already waited (the runner's retry base the first), up to LATE_REFERENCE_MAX_PAUSE_MS, so a change whose
 * message comes late shows within seconds of it; after LATE_REFERENCE_WAIT_MS it gives up quietly.
 */
/** The longest pause between two tries: a minute of waiting is then about a dozen cheap reads. */
const LATE_REFERENCE_MAX_PAUSE_MS = 5_000;

export const lateReferenceJob = (services: TServices) =>
  defineJob({
    name: LATE_REFERENCE_JOB,
    payload: ZLateReferencePayload,
    handle: async ({ tenantId, connectionId, event, since }: TLateReferencePayload) => {
      if ((await applyReferring(services, { tenantId, id: connectionId }, event, since)) === 'done') return;
      const waited = Date.now() - since;
      if (waited >= LATE_REFERENCE_WAIT_MS) {
        services.log.debug({ tenantId, connectionId, event: event.type, waited }, 'message never arrived; dropped');
        return;
      }
      const pause = Math.min(LATE_REFERENCE_MAX_PAUSE_MS, Math.max(services.config.jobs.retryBaseMs, waited));
      throw new JobDeferred(new Date(Date.now() + pause));
    },
  });

/**
 * Reactions, edits and deletions through the host: applied at once when their message is stored, otherwise
 * left to the job above (registered here, once per server), keyed by connection and event so that a webhook
 * delivered again waits once. Two changes to one message waiting side by side may run in any order: the
 * message keeps the position of the change it shows, and an older one never overwrites it.
 */
export const createLateReferences = (services: TServices) => {
  const job = lateReferenceJob(services);
  services.jobs.register(job);
  // Arrivals strictly in order on this instance: two changes delivered within one millisecond keep theirs.
  let lastArrival = 0;
  return {
    deliver: async (connection: TConnectionRef, event: TReferringEvent): Promise<void> => {
      const now = Math.max(Date.now(), lastArrival + 1);
      lastArrival = now;
      if ((await applyReferring(services, connection, event, now)) === 'done') return;
      await services.jobs.enqueue(
        job,
        { tenantId: connection.tenantId, connectionId: connection.id, event, since: now },
        {
          tenantId: connection.tenantId,
          key: `${connection.id}:${JSON.stringify(event)}`,
          startAfter: new Date(now + services.config.jobs.retryBaseMs),
        },
      );
    },
  };
};
