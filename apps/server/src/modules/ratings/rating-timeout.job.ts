import { z } from 'zod';
import { withTenant } from '../../platform/db/tenant-tx.js';
import { defineJob } from '../../platform/jobs/job-definition.js';
import type { TServices } from '../../platform/services.js';
import { findTenant, readRating } from '../tenants/tenants.service.js';
import { closeAfterRating } from './close-after-rating.js';
import { endConversation } from './rating-reply.listener.js';
import { findEvaluationRow, updateEvaluationRow } from './ratings.repository.js';

export const RATING_TIMEOUT_JOB = 'ratings.timeout';
const ZPayload = z.object({ tenantId: z.number().int().positive(), evaluationId: z.number().int().positive() });
export type TRatingTimeoutPayload = z.infer<typeof ZPayload>;

type TTimeoutServices = Pick<TServices, 'db' | 'events' | 'channels' | 'log'>;

/**
 * A rating nobody answered within the tenant's `timeoutMinutes` (counted from the question): it is marked
 * expired and a ticket kept open for it closes, with nothing more sent to the customer. Idempotent: a rating
 * answered, dropped or already expired is left as it is, and so is one whose time has not come at `now`
 * (the timeout was raised after the question went out: the job is enqueued again for the new time).
 */
export const expireRating = async (
  services: TTimeoutServices & Pick<TServices, 'jobs'>,
  payload: TRatingTimeoutPayload,
  now: Date = new Date(),
): Promise<'expired' | 'not-due' | 'done'> => {
  const { tenantId, evaluationId } = payload;
  const result = await withTenant(services.db, tenantId, async (tx) => {
    const evaluation = await findEvaluationRow(tx, tenantId, evaluationId, true);
    if (evaluation?.status !== 'pending') return { outcome: 'done' as const };
    const tenant = await findTenant(tx, tenantId);
    const dueAt = new Date(
      evaluation.createdAt.getTime() + readRating(tenant ?? { rating: null }).timeoutMinutes * 60_000,
    );
    if (dueAt > now) {
      await services.jobs.enqueue(ratingTimeoutJob(null), payload, {
        tx,
        tenantId,
        key: `rating-${evaluationId}-${dueAt.getTime()}`,
        startAfter: dueAt,
      });
      return { outcome: 'not-due' as const };
    }
    await updateEvaluationRow(tx, tenantId, evaluationId, { status: 'expired', answeredAt: now });
    const closed =
      evaluation.closeMode === 'rated'
        ? await closeAfterRating(services, tx, tenantId, evaluation.ticketId, {
            userId: evaluation.userId,
            outcome: 'expired',
          })
        : null;
    return { outcome: 'expired' as const, closed };
  });
  if (result.outcome === 'expired' && result.closed) await endConversation(services, tenantId, result.closed);
  return result.outcome;
};

/**
 * The durable timer of a rating (`ratings.timeout`), enqueued with the question, keyed by the rating, to start
 * at its deadline: one run across instances, kept across restarts. `services` null gives the definition for
 * enqueueing only (its handler is never called from there).
 */
export const ratingTimeoutJob = (services: (TTimeoutServices & Pick<TServices, 'jobs'>) | null) =>
  defineJob({
    name: RATING_TIMEOUT_JOB,
    payload: ZPayload,
    retry: { limit: 5 },
    handle: async (payload) => {
      if (!services) throw new Error('ratings.timeout registered without services');
      await expireRating(services, payload);
    },
  });
