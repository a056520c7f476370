import { PAGE_SIZE, type TProfile, type TUser } from '@prosa/contracts';
import type { TDb } from '../../platform/db/client.js';
import { withTenant } from '../../platform/db/tenant-tx.js';
import { AppError } from '../../platform/errors.js';
import { toUserDto } from './users.dto.js';
import { findColleagues, findQueuesOfUsers, findUser, findUsers, type TUserRow } from './users.repository.js';

type TListOptions = { pageNumber: number; searchParam?: string; profile?: TProfile };

const page = (pageNumber: number) => ({ limit: PAGE_SIZE, offset: (pageNumber - 1) * PAGE_SIZE });

const withQueues = async (db: TDb, rows: TUserRow[]): Promise<TUser[]> => {
  // Queues are read per tenant so the lookup stays under that tenant's row-level security.
  const tenantIds = [...new Set(rows.map((r) => r.tenantId))];
  const byTenant = await Promise.all(
    tenantIds.map((tenantId) =>
      withTenant(db, tenantId, (tx) =>
        findQueuesOfUsers(
          tx,
          tenantId,
          rows.filter((r) => r.tenantId === tenantId).map((r) => r.id),
        ),
      ),
    ),
  );
  const queues = new Map(byTenant.flatMap((m) => [...m]));
  return rows.map((row) => toUserDto(row, queues.get(row.id)));
};

export const listUsers = async (db: TDb, tenantId: number, options: TListOptions) => {
  const { rows, count } = await withTenant(db, tenantId, (tx) =>
    findUsers(tx, tenantId, { search: options.searchParam, profile: options.profile, ...page(options.pageNumber) }),
  );
  return { users: await withQueues(db, rows), count, hasMore: options.pageNumber * PAGE_SIZE < count };
};

/** Superadmin only: users of one tenant or of all tenants. */
export const listUsersAcrossTenants = async (db: TDb, tenantId: number | undefined, options: TListOptions) => {
  const { rows, count } =
    tenantId === undefined
      ? await findUsers(db, undefined, {
          search: options.searchParam,
          profile: options.profile,
          ...page(options.pageNumber),
        })
      : await withTenant(db, tenantId, (tx) =>
          findUsers(tx, tenantId, {
            search: options.searchParam,
            profile: options.profile,
            ...page(options.pageNumber),
          }),
        );
  return { users: await withQueues(db, rows), count, hasMore: options.pageNumber * PAGE_SIZE < count };
};

export const getUser = async (db: TDb, tenantId: number, userId: number): Promise<TUser> => {
  const row = await withTenant(db, tenantId, (tx) => findUser(tx, tenantId, userId));
  if (!row) throw new AppError('ERR_NO_USER_FOUND');
  const [user] = await withQueues(db, [row]);
  return user as TUser;
};

export const listColleagues = (db: TDb, tenantId: number, userId: number) =>
  withTenant(db, tenantId, async (tx) =>
    (await findColleagues(tx, tenantId, userId)).map((u) => ({
      ...u,
      lastOnline: u.lastOnline?.toISOString() ?? null,
    })),
  );
