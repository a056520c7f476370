import type { TConnectionStatus, TConnectionType } from '@prosa/contracts';
import { and, asc, count, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { TExecutor } from '../../platform/db/client.js';
import { connections, tenants } from '../../platform/db/schema.js';

export type TPlatformConnectionFilters = {
  search?: string;
  status?: TConnectionStatus;
  type?: TConnectionType;
  tenantId?: number;
};

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Connection name, tenant name or number; a number typed with spaces or dashes still finds the stored digits. */
const searchCondition = (search: string | undefined): SQL | undefined => {
  if (!search) return undefined;
  const pattern = `%${escapeLike(search)}%`;
  const digits = search.replace(/\D/g, '');
  return or(
    ilike(connections.name, pattern),
    ilike(tenants.name, pattern),
    ilike(connections.number, pattern),
    digits.length >= 3 ? sql`regexp_replace(${connections.number}, '\\D', '', 'g') like ${`%${digits}%`}` : undefined,
  );
};

/** Every filter but the status: the header's counts per status are taken under these. */
const baseCondition = (filters: TPlatformConnectionFilters) =>
  and(
    eq(connections.isDeleted, false),
    filters.tenantId === undefined ? undefined : eq(connections.tenantId, filters.tenantId),
    filters.type ? eq(connections.type, filters.type) : undefined,
    searchCondition(filters.search),
  );

/**
 * One page of every tenant's connections with their tenant's name, in one join (no query per tenant).
 * NOTE: platform-level read for the superadmin's `/whatsappTenants`, on the owner connection (no tenant
 * transaction): row-level security does not apply, so it must never be reached from a tenant route.
 */
export const findPlatformConnections = (
  executor: TExecutor,
  filters: TPlatformConnectionFilters,
  page: { limit: number; offset: number },
) =>
  executor
    .select({
      id: connections.id,
      tenantId: connections.tenantId,
      tenantName: tenants.name,
      name: connections.name,
      type: connections.type,
      status: connections.status,
      number: connections.number,
      lastError: connections.lastError,
      isDefault: connections.isDefault,
      updatedAt: connections.updatedAt,
    })
    .from(connections)
    .innerJoin(tenants, eq(tenants.id, connections.tenantId))
    .where(and(baseCondition(filters), filters.status ? eq(connections.status, filters.status) : undefined))
    .orderBy(asc(tenants.name), asc(connections.tenantId), asc(connections.name), asc(connections.id))
    .limit(page.limit)
    .offset(page.offset);

export type TPlatformConnectionRow = Awaited<ReturnType<typeof findPlatformConnections>>[number];

/** How many connections per status under the filters other than status (same platform-level NOTE). */
export const countPlatformConnectionsByStatus = (executor: TExecutor, filters: TPlatformConnectionFilters) =>
  executor
    .select({ status: connections.status, n: count() })
    .from(connections)
    .innerJoin(tenants, eq(tenants.id, connections.tenantId))
    .where(baseCondition(filters))
    .groupBy(connections.status);
