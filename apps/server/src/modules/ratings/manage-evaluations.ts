import {
  PAGE_SIZE,
  type TTicketEvaluation,
  type TTicketEvaluationList,
  type ZTicketEvaluationQuery,
} from '@prosa/contracts';
import type { z } from 'zod';
import type { TRequestContext } from '../../platform/auth/authenticate.js';
import type { TExecutor } from '../../platform/db/client.js';
import { withTenant } from '../../platform/db/tenant-tx.js';
import { AppError } from '../../platform/errors.js';
import type { TServices } from '../../platform/services.js';
import { loadVisibleTicket } from '../tickets/load-visible-ticket.js';
import { findTicketRow } from '../tickets/tickets.service.js';
import {
  countScores,
  deleteEvaluationRow,
  findEvaluationRow,
  findEvaluations,
  findTenantZone,
  insertEvaluation,
  lockPendingOfTicket,
  startOfDayIn,
  type TEvaluationFilters,
  type TEvaluationListed,
  updateEvaluationRow,
} from './ratings.repository.js';

type TDb = Pick<TServices, 'db'>;
type TWriteDeps = Pick<TServices, 'db' | 'events'>;

/** The ticket's figures (dashboard, reports) count its last rating: they hear of a change made by hand. */
const publishRatingChanged = (services: TWriteDeps, tx: TExecutor, tenantId: number, ticketId: number) =>
  services.events.publish(tx, { type: 'rating.changed', tenantId, ticketId });

const toDto = ({ row, ...names }: TEvaluationListed): TTicketEvaluation => ({
  id: row.id,
  ticketId: row.ticketId,
  userId: row.userId,
  username: names.username,
  queueId: row.queueId,
  queue: names.queue,
  contactId: row.contactId,
  contactName: names.contactName,
  protocol: names.protocol,
  evaluation: row.evaluation,
  score: row.score,
  status: row.status,
  attempts: row.attempts,
  closeMode: row.closeMode,
  createdAt: row.createdAt.toISOString(),
  answeredAt: row.answeredAt?.toISOString() ?? null,
});

/** A bound of the period: a day is read in the tenant's zone (`dateEnd` includes its whole day). */
const boundOf = async (tx: TExecutor, value: string | undefined, zone: string, end: boolean) => {
  if (!value) return undefined;
  if (value.length > 10) return new Date(value);
  const start = await startOfDayIn(tx, value, zone);
  return end ? new Date(start.getTime() + 86_400_000) : start;
};

const loadOne = async (tx: TExecutor, tenantId: number, id: number): Promise<TTicketEvaluation> => {
  const { rows } = await findEvaluations(tx, tenantId, { id }, { limit: 1, offset: 0 });
  const [row] = rows;
  if (!row) throw new AppError('ERR_NOT_FOUND');
  return toDto(row);
};

/** GET /ticketEvaluations: a page of ratings, newest first, and the average and distribution of the filter. */
export const listEvaluations = (
  services: TDb,
  ctx: TRequestContext,
  query: z.output<typeof ZTicketEvaluationQuery>,
): Promise<TTicketEvaluationList> =>
  withTenant(services.db, ctx.tenantId, async (tx) => {
    const zone = await findTenantZone(tx, ctx.tenantId);
    const filters: TEvaluationFilters = {
      from: await boundOf(tx, query.dateStart, zone, false),
      to: await boundOf(tx, query.dateEnd, zone, true),
      userId: query.userId,
      queueId: query.queueId,
      score: query.score,
      status: query.status,
    };
    const offset = (query.pageNumber - 1) * PAGE_SIZE;
    const page = await findEvaluations(tx, ctx.tenantId, filters, { limit: PAGE_SIZE, offset });
    const distribution = [0, 0, 0, 0, 0, 0];
    for (const { score, n } of await countScores(tx, ctx.tenantId, filters))
      if (score !== null) distribution[score] = n;
    const rated = distribution.reduce((sum, n) => sum + n, 0);
    const total = distribution.reduce((sum, n, score) => sum + n * score, 0);
    return {
      evaluations: page.rows.map(toDto),
      count: page.count,
      hasMore: offset + page.rows.length < page.count,
      summary: { rated, average: rated ? Math.round((total / rated) * 100) / 100 : null, distribution },
    };
  });

/** GET /ticketEvaluations/:ticketId/logs: a ticket's ratings (whoever may see the ticket). */
export const listTicketEvaluations = (services: TDb, ctx: TRequestContext, ticketId: number) =>
  withTenant(services.db, ctx.tenantId, async (tx) => {
    await loadVisibleTicket(tx, ctx, ticketId);
    const { rows } = await findEvaluations(tx, ctx.tenantId, { ticketId }, { limit: 100, offset: 0 });
    return rows.map(toDto);
  });

/**
 * POST /ticketEvaluations: a score recorded by hand. A rating the ticket waits for takes it (nothing is sent to
 * the customer and the ticket is left as it is); otherwise a new rated row for the ticket's agent and queue.
 */
export const createEvaluation = (
  services: TWriteDeps,
  ctx: TRequestContext,
  input: { ticketId: number; evaluation: string | number },
) =>
  withTenant(services.db, ctx.tenantId, async (tx) => {
    const ticket = await findTicketRow(tx, ctx.tenantId, input.ticketId);
    if (!ticket) throw new AppError('ERR_NO_TICKET_FOUND', { field: 'ticketId' });
    const score = Number(input.evaluation);
    const rated = { status: 'rated' as const, score, evaluation: String(score), answeredAt: new Date() };
    const pending = await lockPendingOfTicket(tx, ctx.tenantId, ticket.id);
    const row = pending
      ? await updateEvaluationRow(tx, ctx.tenantId, pending.id, rated)
      : await insertEvaluation(tx, ctx.tenantId, {
          ticketId: ticket.id,
          contactId: ticket.contactId,
          whatsappId: ticket.whatsappId,
          userId: ticket.userId,
          queueId: ticket.queueId,
          ...rated,
        });
    if (!row) throw new AppError('ERR_INTERNAL');
    await publishRatingChanged(services, tx, ctx.tenantId, ticket.id);
    return loadOne(tx, ctx.tenantId, row.id);
  });

/** PUT /ticketEvaluations/:id: the score corrected (a pending, dropped or expired rating becomes rated). */
export const updateEvaluation = (
  services: TWriteDeps,
  ctx: TRequestContext,
  id: number,
  input: { evaluation: string | number },
) =>
  withTenant(services.db, ctx.tenantId, async (tx) => {
    const found = await findEvaluationRow(tx, ctx.tenantId, id, true);
    if (!found) throw new AppError('ERR_NOT_FOUND');
    const score = Number(input.evaluation);
    await updateEvaluationRow(tx, ctx.tenantId, id, {
      status: 'rated',
      score,
      evaluation: String(score),
      answeredAt: new Date(),
    });
    await publishRatingChanged(services, tx, ctx.tenantId, found.ticketId);
    return loadOne(tx, ctx.tenantId, id);
  });

/** DELETE /ticketEvaluations/:id. */
export const deleteEvaluation = (services: TWriteDeps, ctx: TRequestContext, id: number) =>
  withTenant(services.db, ctx.tenantId, async (tx) => {
    const ticketId = await deleteEvaluationRow(tx, ctx.tenantId, id);
    if (ticketId === undefined) throw new AppError('ERR_NOT_FOUND');
    await publishRatingChanged(services, tx, ctx.tenantId, ticketId);
  });
