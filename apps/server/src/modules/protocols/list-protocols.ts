import { canShowAll, defaultVisibilityFilter, PAGE_SIZE, ticketStatuses } from '@prosa/contracts';
import type { TRequestContext } from '../../platform/auth/authenticate.js';
import { withTenant } from '../../platform/db/tenant-tx.js';
import type { TServices } from '../../platform/services.js';
import { loadViewer } from '../tickets/visibility-context.js';
import { visibilityCondition } from '../tickets/visibility-sql.js';
import { findProtocols } from './protocols.repository.js';

/** GET /ticketProtocols: the protocols of the tickets the user may see (admins: all), newest first. */
export const listProtocols = (
  services: Pick<TServices, 'db'>,
  ctx: TRequestContext,
  query: { pageNumber: number; searchParam?: string },
) =>
  withTenant(services.db, ctx.tenantId, async (tx) => {
    const { viewer, settings } = await loadViewer(tx, ctx.tenantId, ctx);
    const filter = { ...defaultVisibilityFilter, status: [...ticketStatuses], showAll: canShowAll(ctx.profile) };
    const offset = (query.pageNumber - 1) * PAGE_SIZE;
    const page = await findProtocols(tx, ctx.tenantId, {
      visible: visibilityCondition(viewer, filter, settings),
      search: query.searchParam,
      limit: PAGE_SIZE,
      offset,
    });
    return {
      protocols: page.rows.map((row) => ({
        ...row,
        createdAt: row.createdAt.toISOString(),
        closedAt: row.closedAt?.toISOString() ?? null,
      })),
      count: page.count,
      hasMore: offset + page.rows.length < page.count,
    };
  });
