import {
  defaultVisibilityFilter,
  PAGE_SIZE,
  type TTicket,
  type TTicketListQuery,
  type TVisibilityFilter,
} from '@prosa/contracts';
import { and, eq, gt, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { TRequestContext } from '../../platform/auth/authenticate.js';
import { contacts, tickets } from '../../platform/db/schema.js';
import { withTenant } from '../../platform/db/tenant-tx.js';
import type { TServices } from '../../platform/services.js';
import { loadVisibleTicket } from './load-visible-ticket.js';
import { toTicketDtos } from './ticket-dto.js';
import { findJoinedPage } from './tickets.repository.js';
import { loadViewer } from './visibility-context.js';
import { visibilityCondition } from './visibility-sql.js';

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

const searchCondition = (search: string | undefined): SQL | undefined => {
  if (!search) return undefined;
  const pattern = `%${escapeLike(search)}%`;
  const digits = search.replace(/\D/g, '');
  return or(
    ilike(contacts.name, pattern),
    ilike(tickets.protocol, pattern),
    digits.length >= 3 ? ilike(contacts.number, `%${digits}%`) : undefined,
    /^\d+$/.test(search) && search.length < 10 ? eq(tickets.id, Number(search)) : undefined,
  );
};

export const toVisibilityFilter = (query: TTicketListQuery): TVisibilityFilter => ({
  ...defaultVisibilityFilter,
  status: query.status ?? defaultVisibilityFilter.status,
  showAll: query.showAll ?? false,
  queuesIds: query.queuesIds ?? [],
  whatsappIds: query.whatsappIds ?? [],
  selectedUser: query.selectedUser ?? [],
  tagIds: query.tags ?? [],
  isNotAssignedUser: query.isNotAssignedUser ?? false,
  includeNotQueueDefined: query.includeNotQueueDefined ?? true,
});

/** GET /tickets: the attendance filter of §3, paginated, with the visibility rules applied by the database. */
export const listTickets = (
  services: Pick<TServices, 'db'>,
  ctx: TRequestContext,
  query: TTicketListQuery,
): Promise<{ tickets: TTicket[]; count: number; hasMore: boolean }> =>
  withTenant(services.db, ctx.tenantId, async (tx) => {
    const { viewer, settings } = await loadViewer(tx, ctx.tenantId, ctx);
    const filter = toVisibilityFilter(query);
    const where = and(
      // The tab's statuses apply to everyone: "show all" (rule 1) widens who sees, not which tab lists it.
      filter.status.length > 0 ? inArray(tickets.status, filter.status) : sql`false`,
      visibilityCondition(viewer, filter, settings),
      searchCondition(query.searchParam),
      query.withUnreadMessages ? gt(tickets.unreadMessages, 0) : undefined,
      query.date ? sql`${tickets.createdAt}::date = ${query.date}::date` : undefined,
    );
    const offset = (query.pageNumber - 1) * PAGE_SIZE;
    const page = await findJoinedPage(tx, ctx.tenantId, where, {
      limit: PAGE_SIZE,
      offset,
      joinsContacts: Boolean(query.searchParam),
    });
    return {
      tickets: await toTicketDtos(tx, ctx.tenantId, page.rows),
      count: page.count,
      hasMore: offset + page.rows.length < page.count,
    };
  });

/** One ticket the user may see; another tenant's id is 404, a ticket hidden from this user 403. */
export const showTicket = (services: Pick<TServices, 'db'>, ctx: TRequestContext, ticketId: number): Promise<TTicket> =>
  withTenant(services.db, ctx.tenantId, async (tx) => (await loadVisibleTicket(tx, ctx, ticketId)).before);
