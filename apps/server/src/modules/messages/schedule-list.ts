import { PAGE_SIZE, type TMessage } from '@prosa/contracts';
import { and, asc, count, eq } from 'drizzle-orm';
import type { TRequestContext } from '../../platform/auth/authenticate.js';
import { messages, tickets } from '../../platform/db/schema.js';
import { withTenant } from '../../platform/db/tenant-tx.js';
import type { TServices } from '../../platform/services.js';
import { permissionFilter } from '../tickets/load-visible-ticket.js';
import { loadViewer } from '../tickets/visibility-context.js';
import { visibilityCondition } from '../tickets/visibility-sql.js';
import { toMessageDtos } from './message-dto.js';

/**
 * GET /scheduleMessages/?page=: the tenant's messages still waiting for their date, soonest first, of the
 * tickets the caller may see (the same visibility rules as the ticket list; admins see them all).
 */
export const listTenantScheduledMessages = (
  services: Pick<TServices, 'db'>,
  ctx: TRequestContext,
  page: number,
): Promise<{ messages: TMessage[]; count: number; hasMore: boolean }> =>
  withTenant(services.db, ctx.tenantId, async (tx) => {
    const { viewer, settings } = await loadViewer(tx, ctx.tenantId, ctx);
    // NOTE: tenant on both tables; the visibility condition reads the joined ticket's columns.
    const condition = and(
      eq(messages.tenantId, ctx.tenantId),
      eq(messages.status, 'scheduled'),
      eq(tickets.tenantId, ctx.tenantId),
      visibilityCondition(viewer, permissionFilter(ctx.profile), settings),
    );
    const rows = await tx
      .select({ message: messages })
      .from(messages)
      .innerJoin(tickets, eq(tickets.id, messages.ticketId))
      .where(condition)
      .orderBy(asc(messages.scheduleDate), asc(messages.id))
      .limit(PAGE_SIZE + 1)
      .offset((page - 1) * PAGE_SIZE);
    const [total] = await tx
      .select({ n: count() })
      .from(messages)
      .innerJoin(tickets, eq(tickets.id, messages.ticketId))
      .where(condition);
    const pageRows = rows.slice(0, PAGE_SIZE).map((row) => row.message);
    return {
      messages: await toMessageDtos(tx, ctx.tenantId, pageRows),
      count: total?.n ?? 0,
      hasMore: rows.length > PAGE_SIZE,
    };
  });
