import {
  connectionStatuses,
  PAGE_SIZE,
  type TConnectionStatus,
  type TConnectionStatusCounts,
  type TPlatformConnectionList,
  type TPlatformConnectionsQuery,
} from '@prosa/contracts';
import type { TDb } from '../../platform/db/client.js';
import {
  countPlatformConnectionsByStatus,
  findPlatformConnections,
  type TPlatformConnectionFilters,
  type TPlatformConnectionRow,
} from './platform-connections.repository.js';

const toPlatformConnectionDto = (row: TPlatformConnectionRow) => ({ ...row, updatedAt: row.updatedAt.toISOString() });

/**
 * The header's counts (all four statuses, zero when none) and the total under the status filter. A status
 * outside the four (an old row) still counts in the total when no status is asked for.
 */
const isKnownStatus = (status: string): status is TConnectionStatus =>
  (connectionStatuses as readonly string[]).includes(status);

const summarise = (groups: { status: string; n: number }[], status: TPlatformConnectionFilters['status']) => {
  const statusCounts: TConnectionStatusCounts = { CONNECTED: 0, OPENING: 0, qrcode: 0, DISCONNECTED: 0 };
  let total = 0;
  for (const group of groups) {
    if (isKnownStatus(group.status)) statusCounts[group.status] = group.n;
    if (!status || group.status === status) total += group.n;
  }
  return { statusCounts, total };
};

/** GET /whatsappTenants (superadmin): every tenant's connections, filtered, 40 per page, with counts per status. */
export const listPlatformConnections = async (
  db: TDb,
  query: TPlatformConnectionsQuery,
): Promise<TPlatformConnectionList> => {
  const filters: TPlatformConnectionFilters = {
    search: query.searchParam,
    status: query.status,
    type: query.type,
    tenantId: query.tenantId,
  };
  const page = { limit: PAGE_SIZE, offset: (query.pageNumber - 1) * PAGE_SIZE };
  const [rows, groups] = await Promise.all([
    findPlatformConnections(db, filters, page),
    countPlatformConnectionsByStatus(db, filters),
  ]);
  const { statusCounts, total } = summarise(groups, filters.status);
  return {
    connections: rows.map(toPlatformConnectionDto),
    count: total,
    hasMore: query.pageNumber * PAGE_SIZE < total,
    statusCounts,
  };
};
