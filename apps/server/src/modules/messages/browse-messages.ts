import { PAGE_SIZE, type TMessage } from '@prosa/contracts';
import { and, eq, ilike, type SQL } from 'drizzle-orm';
import type { TRequestContext } from '../../platform/auth/authenticate.js';
import type { TTx } from '../../platform/db/client.js';
import { assertOwnedIds } from '../../platform/db/owned-ids.js';
import { messages, tickets } from '../../platform/db/schema.js';
import { withTenant } from '../../platform/db/tenant-tx.js';
import { AppError } from '../../platform/errors.js';
import type { TServices } from '../../platform/services.js';
import { findContactRow } from '../contacts/contacts.service.js';
import { permissionFilter } from '../tickets/load-visible-ticket.js';
import { loadViewer } from '../tickets/visibility-context.js';
import { visibilityCondition } from '../tickets/visibility-sql.js';
import { toMessageDtos } from './message-dto.js';
import { findVisibleMessagesPage } from './messages.repository.js';

type TPage = { messages: TMessage[]; count: number; hasMore: boolean };

/** A page of messages of the tickets the user may see, under an extra condition. */
const visiblePage = async (tx: TTx, ctx: TRequestContext, where: SQL, pageNumber: number): Promise<TPage> => {
  const { viewer, settings } = await loadViewer(tx, ctx.tenantId, ctx);
  const visible = visibilityCondition(viewer, permissionFilter(ctx.profile), settings);
  const offset = (pageNumber - 1) * PAGE_SIZE;
  const page = await findVisibleMessagesPage(tx, ctx.tenantId, visible, where, { limit: PAGE_SIZE, offset });
  return {
    messages: await toMessageDtos(tx, ctx.tenantId, page.rows),
    count: page.count,
    hasMore: offset + page.rows.length < page.count,
  };
};

/** GET /messagesContact/:contactId: the contact's messages across the tickets the user may see, newest first. */
export const listContactMessages = (
  services: Pick<TServices, 'db'>,
  ctx: TRequestContext,
  contactId: number,
  pageNumber: number,
): Promise<TPage> =>
  withTenant(services.db, ctx.tenantId, async (tx) => {
    if (!(await findContactRow(tx, ctx.tenantId, contactId))) throw new AppError('ERR_NO_CONTACT_FOUND');
    return visiblePage(tx, ctx, eq(messages.contactId, contactId), pageNumber);
  });

/** GET /searchMessage: text in the messages of the tickets the user may see (optionally one ticket). */
export const searchVisibleMessages = (
  services: Pick<TServices, 'db'>,
  ctx: TRequestContext,
  query: { searchParam: string; ticketId?: number; pageNumber: number },
): Promise<TPage> =>
  withTenant(services.db, ctx.tenantId, async (tx) => {
    await assertOwnedIds(tx, ctx.tenantId, tickets, 'ticketId', query.ticketId);
    const pattern = `%${query.searchParam.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const where = and(
      ilike(messages.body, pattern),
      eq(messages.isDeleted, false),
      query.ticketId ? eq(messages.ticketId, query.ticketId) : undefined,
    ) as SQL;
    return visiblePage(tx, ctx, where, query.pageNumber);
  });
