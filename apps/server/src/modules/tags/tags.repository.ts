import { and, asc, eq } from 'drizzle-orm';
import type { TExecutor } from '../../platform/db/client.js';
import { tags } from '../../platform/db/schema.js';

const columns = { id: tags.id, tag: tags.tag, color: tags.color, isActive: tags.isActive };
type TTagValues = { tag: string; color: string; isActive: boolean };

export const findTags = (tx: TExecutor, tenantId: number, isActive?: boolean) =>
  tx
    .select(columns)
    .from(tags)
    .where(and(eq(tags.tenantId, tenantId), isActive === undefined ? undefined : eq(tags.isActive, isActive)))
    .orderBy(asc(tags.tag));

export const insertTag = async (tx: TExecutor, tenantId: number, userId: number, values: TTagValues) =>
  (
    await tx
      .insert(tags)
      .values({ ...values, tenantId, userId })
      .returning(columns)
  )[0];

export const updateTagRow = async (tx: TExecutor, tenantId: number, id: number, values: Partial<TTagValues>) =>
  (
    await tx
      .update(tags)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(tags.tenantId, tenantId), eq(tags.id, id)))
      .returning(columns)
  )[0];

/** Deleting a tag takes it off every ticket and contact (cascade). */
export const deleteTagRow = async (tx: TExecutor, tenantId: number, id: number) =>
  (
    await tx
      .delete(tags)
      .where(and(eq(tags.tenantId, tenantId), eq(tags.id, id)))
      .returning(columns)
  ).length > 0;
