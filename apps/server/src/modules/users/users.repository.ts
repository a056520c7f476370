import { and, asc, count, eq, ilike, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type { TExecutor } from '../../platform/db/client.js';
import { queues, users, usersQueues } from '../../platform/db/schema.js';

export type TUserRow = typeof users.$inferSelect;
export type TQueueRef = { id: number; queue: string; color: string };

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export const buildUserSearch = (search: string | undefined): SQL | undefined => {
  if (!search) return undefined;
  const pattern = `%${escapeLike(search)}%`;
  return or(ilike(users.name, pattern), ilike(users.email, pattern));
};

export const findUsers = async (
  tx: TExecutor,
  tenantId: number | undefined,
  options: { search?: string; profile?: TUserRow['profile']; limit: number; offset: number },
): Promise<{ rows: TUserRow[]; count: number }> => {
  // NOTE: tenantId undefined is the superadmin's cross-tenant view (/userTenants), never reached from tenant routes.
  const where = and(
    tenantId === undefined ? undefined : eq(users.tenantId, tenantId),
    buildUserSearch(options.search),
    options.profile ? eq(users.profile, options.profile) : undefined,
  );
  const rows = await tx
    .select()
    .from(users)
    .where(where)
    .orderBy(asc(users.name), asc(users.id))
    .limit(options.limit)
    .offset(options.offset);
  const [total] = await tx.select({ n: count() }).from(users).where(where);
  return { rows, count: total?.n ?? 0 };
};

export const findUser = async (tx: TExecutor, tenantId: number, userId: number): Promise<TUserRow | undefined> => {
  const [row] = await tx
    .select()
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)));
  return row;
};

export const findUserIdByEmail = async (tx: TExecutor, email: string): Promise<number | undefined> => {
  // NOTE: e-mails are unique across the platform (login is by e-mail alone), so this looks at every tenant.
  const [row] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row?.id;
};

export const countUsers = async (tx: TExecutor, tenantId: number): Promise<number> => {
  const [row] = await tx.select({ n: count() }).from(users).where(eq(users.tenantId, tenantId));
  return row?.n ?? 0;
};

export const insertUser = async (
  tx: TExecutor,
  tenantId: number,
  values: Omit<typeof users.$inferInsert, 'tenantId'>,
) => {
  const [row] = await tx
    .insert(users)
    .values({ ...values, tenantId })
    .returning();
  return row as TUserRow;
};

/** The status of a user coming online: the one they chose before (away, a pause) unless they were offline. */
export const statusComingOnline = sql<string>`case when ${users.status} = 'offline' then 'online' else ${users.status} end`;

export const updateUserRow = async (
  tx: TExecutor,
  tenantId: number,
  userId: number,
  values: Partial<Omit<typeof users.$inferInsert, 'tenantId' | 'id' | 'tokenVersion' | 'status'>> & {
    tokenVersion?: SQL | number;
    status?: SQL | string;
  },
): Promise<TUserRow | undefined> => {
  const [row] = await tx
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)))
    .returning();
  return row;
};

export const deleteUserRow = async (tx: TExecutor, tenantId: number, userId: number): Promise<boolean> => {
  const rows = await tx
    .delete(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)))
    .returning({ id: users.id });
  return rows.length > 0;
};

export const findQueuesOfUsers = async (
  tx: TExecutor,
  tenantId: number,
  userIds: number[],
): Promise<Map<number, TQueueRef[]>> => {
  const byUser = new Map<number, TQueueRef[]>();
  if (userIds.length === 0) return byUser;
  const rows = await tx
    .select({ userId: usersQueues.userId, id: queues.id, queue: queues.queue, color: queues.color })
    .from(usersQueues)
    .innerJoin(queues, and(eq(queues.id, usersQueues.queueId), eq(queues.tenantId, usersQueues.tenantId)))
    .where(and(eq(usersQueues.tenantId, tenantId), inArray(usersQueues.userId, userIds)))
    .orderBy(asc(queues.queue));
  for (const { userId, ...queue } of rows) {
    byUser.set(userId, [...(byUser.get(userId) ?? []), queue]);
  }
  return byUser;
};

export const replaceUserQueues = async (
  tx: TExecutor,
  tenantId: number,
  userId: number,
  queueIds: number[],
): Promise<void> => {
  await tx.delete(usersQueues).where(and(eq(usersQueues.tenantId, tenantId), eq(usersQueues.userId, userId)));
  if (queueIds.length === 0) return;
  await tx.insert(usersQueues).values(queueIds.map((queueId) => ({ tenantId, userId, queueId })));
};

export const findColleagues = async (tx: TExecutor, tenantId: number, exceptUserId: number) =>
  tx
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      profile: users.profile,
      isOnline: users.isOnline,
      lastOnline: users.lastOnline,
    })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), ne(users.id, exceptUserId)))
    .orderBy(asc(users.name));
