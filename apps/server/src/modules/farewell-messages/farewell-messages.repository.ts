import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import type { TExecutor } from '../../platform/db/client.js';
import { farewellMessages } from '../../platform/db/schema.js';

const columns = {
  id: farewellMessages.id,
  message: farewellMessages.message,
  userId: farewellMessages.userId,
  shared: sql<boolean>`${farewellMessages.userId} is null`,
};

/** What `userId` may see: their own and the shared ones, never someone else's private text. */
const visibleTo = (tenantId: number, userId: number) =>
  and(
    eq(farewellMessages.tenantId, tenantId),
    or(isNull(farewellMessages.userId), eq(farewellMessages.userId, userId)),
  );

export const findFarewellMessages = (tx: TExecutor, tenantId: number, userId: number) =>
  tx
    .select(columns)
    .from(farewellMessages)
    .where(visibleTo(tenantId, userId))
    // Shared first, then the agent's own, each in the order they were written.
    .orderBy(sql`${farewellMessages.userId} is not null`, asc(farewellMessages.id));

export const findVisibleFarewellMessage = async (tx: TExecutor, tenantId: number, userId: number, id: number) =>
  (
    await tx
      .select(columns)
      .from(farewellMessages)
      .where(and(visibleTo(tenantId, userId), eq(farewellMessages.id, id)))
  )[0];

export const insertFarewellMessage = async (
  tx: TExecutor,
  tenantId: number,
  values: { message: string; userId: number | null },
) =>
  (
    await tx
      .insert(farewellMessages)
      .values({ ...values, tenantId })
      .returning(columns)
  )[0];

export const updateFarewellMessageRow = async (
  tx: TExecutor,
  tenantId: number,
  id: number,
  values: Partial<{ message: string; userId: number | null }>,
) =>
  (
    await tx
      .update(farewellMessages)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(farewellMessages.tenantId, tenantId), eq(farewellMessages.id, id)))
      .returning(columns)
  )[0];

export const deleteFarewellMessageRow = async (tx: TExecutor, tenantId: number, id: number) =>
  (
    await tx
      .delete(farewellMessages)
      .where(and(eq(farewellMessages.tenantId, tenantId), eq(farewellMessages.id, id)))
      .returning({ id: farewellMessages.id })
  ).length > 0;
