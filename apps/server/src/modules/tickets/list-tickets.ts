import {
  defaultVisibilityFilter,
  PAGE_SIZE,
  phoneSearchDigits,
  type TTicket,
  type TTicketList,
  type TTicketListQuery,
  type TVisibilityFilter,
} from '@prosa/contracts';
import { and, gt, inArray, type SQL, sql } from 'drizzle-orm';
import type { TRequestContext } from '../../platform/auth/authenticate.js';
import { tickets } from '../../platform/db/schema.js';
import { withTenant } from '../../platform/db/tenant-tx.js';
import type { TServices } from '../../platform/services.js';
import { getTenantSettings, toVisibilitySettings } from '../settings/settings.reader.js';
import { openListCounts } from './list-counts.js';
import { loadVisibleTicket } from './load-visible-ticket.js';
import { toTicketDto } from './ticket-dto.js';
import { findListPage, findListViewer } from './ticket-list.repository.js';
import { visibilityCondition } from './visibility-sql.js';

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Message text is searched from this many characters: shorter terms have no trigram to look up. */
const MESSAGE_SEARCH_MIN_LENGTH = 3;
/**
 * A word found in more messages than this lists the tickets of its newest ones: searching a common word stays
 * as fast as a rare one (docs/benchmarks.md), and a person refines the term rather than reading thousands.
 */
const MESSAGE_SEARCH_LIMIT = 2_000;

/**
 * Tickets a search term finds: contact name, contact number (either form of a Brazilian mobile), protocol,
 * ticket id, message text or internal note text, looked up through trigram indexes by `prosa_search_ticket_ids`
 * (migrations 0011 and 0024). Which of them the user may see is decided by the visibility condition beside it.
 */
const searchCondition = (search: string | undefined): SQL | undefined => {
  if (!search) return undefined;
  const pattern = `%${escapeLike(search)}%`;
  const digits = search.replace(/\D/g, '');
  const [numberDigits, altNumberDigits] = digits.length >= 3 ? phoneSearchDigits(digits) : [];
  const ticketId = /^\d+$/.test(search) && search.length < 10 ? Number(search) : null;
  return sql`${tickets.id} in (select id from prosa_search_ticket_ids(${pattern}::text, ${
    numberDigits ? `%${numberDigits}%` : null
  }::text, ${altNumberDigits ? `%${altNumberDigits}%` : null}::text, ${ticketId}::integer, ${
    search.length >= MESSAGE_SEARCH_MIN_LENGTH
  }::boolean, ${MESSAGE_SEARCH_LIMIT}::integer))`;
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
): Promise<TTicketList> => {
  const counts = openListCounts(services.db, ctx.tenantId);
  return withTenant(services.db, ctx.tenantId, async (tx) => {
    const tenantSettings = await getTenantSettings(tx, ctx.tenantId);
    const { queueIds, ownListByLastMessage } = await findListViewer(tx, ctx.tenantId, ctx.userId);
    const viewer = { userId: ctx.userId, profile: ctx.profile, queueIds };
    // The newest message first, else the newest ticket: the user's own choice (`configs.listByLastMessage`, a
    // boolean) when they made one, otherwise the tenant's `listByLastMessage`.
    const listByLastMessage =
      typeof ownListByLastMessage === 'boolean' ? ownListByLastMessage : tenantSettings.listByLastMessage === 'enabled';
    const filter = toVisibilityFilter(query);
    const visibilitySettings = toVisibilitySettings(tenantSettings);
    // A search's total rides along its page, and unread counts move with every message: neither is kept.
    const countKey =
      query.searchParam || query.withUnreadMessages
        ? null
        : JSON.stringify([viewer, filter, visibilitySettings, query.date ?? null]);
    const where = and(
      // The tab's statuses apply to everyone: "show all" (rule 1) widens who sees, not which tab lists it.
      filter.status.length > 0 ? inArray(tickets.status, filter.status) : sql`false`,
      visibilityCondition(viewer, filter, visibilitySettings),
      searchCondition(query.searchParam),
      query.withUnreadMessages ? gt(tickets.unreadMessages, 0) : undefined,
      query.date ? sql`${tickets.createdAt}::date = ${query.date}::date` : undefined,
    );
    const page = await findListPage(tx, ctx.tenantId, where, {
      limit: PAGE_SIZE,
      offset: (query.pageNumber - 1) * PAGE_SIZE,
      statuses: [...new Set(filter.status)],
      search: Boolean(query.searchParam),
      newestTicketFirst: !listByLastMessage,
      knownCount: countKey === null ? undefined : counts.known(countKey),
    });
    if (countKey !== null) counts.keep(countKey, page.count);
    return {
      tickets: page.rows.map((row) => toTicketDto(row, page.extras)),
      count: page.count,
      hasMore: page.hasMore,
      orderedBy: listByLastMessage ? 'lastMessage' : 'created',
    };
  });
};

/** One ticket the user may see; another tenant's id is 404, a ticket hidden from this user 403. */
export const showTicket = (services: Pick<TServices, 'db'>, ctx: TRequestContext, ticketId: number): Promise<TTicket> =>
  withTenant(services.db, ctx.tenantId, async (tx) => (await loadVisibleTicket(tx, ctx, ticketId)).before);
