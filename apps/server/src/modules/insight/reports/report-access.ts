import { mergeMenuVisibility, type TMenuVisibility, type TReportFilters } from '@prosa/contracts';
import { and, eq } from 'drizzle-orm';
import type { TRequestContext } from '../../../platform/auth/authenticate.js';
import type { TExecutor } from '../../../platform/db/client.js';
import { tenants, users } from '../../../platform/db/schema.js';
import { AppError } from '../../../platform/errors.js';

/** Profiles that run reports (the route guard); agents never do. */
export const reportProfiles = ['admin', 'super', 'supervisor', 'superadmin'] as const;

/**
 * NOTE: the menu `relatorios` turned off for the tenant or for this user (spec §3, menuPermissions) closes the
 * reports too, not only their menu entry: the same merge the login answer gives the web.
 */
export const assertMayRunReports = async (tx: TExecutor, ctx: TRequestContext): Promise<void> => {
  if (ctx.profile === 'superadmin') return;
  const [row] = await tx
    .select({ tenantMenu: tenants.menuVisibility, userMenu: users.menuPermissions })
    .from(users)
    .innerJoin(tenants, eq(tenants.id, users.tenantId))
    .where(and(eq(users.tenantId, ctx.tenantId), eq(users.id, ctx.userId)));
  const menu = mergeMenuVisibility(row?.tenantMenu as TMenuVisibility, row?.userMenu as TMenuVisibility);
  if (menu.relatorios === false) throw new AppError('ERR_NO_PERMISSION');
};

/** A period that ends before it starts is refused naming `to`. */
export const checkReportFilters = (filters: TReportFilters): void => {
  if (filters.from && filters.to && filters.to < filters.from)
    throw new AppError('ERR_VALIDATION', { field: 'to', detail: 'to: deve ser igual ou depois de from' });
};
