import type { TBotProvider } from '@prosa/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { TExecutor } from '../../platform/db/client.js';
import { bots } from '../../platform/db/schema.js';

/** The bots' table, inside the caller's tenant transaction. */

export type TBotRow = typeof bots.$inferSelect;

export const findBotRows = (tx: TExecutor, tenantId: number): Promise<TBotRow[]> =>
  tx.select().from(bots).where(eq(bots.tenantId, tenantId)).orderBy(bots.id);

export const findBotRow = async (tx: TExecutor, tenantId: number, provider: string): Promise<TBotRow | undefined> => {
  const [row] = await tx
    .select()
    .from(bots)
    .where(and(eq(bots.tenantId, tenantId), eq(bots.provider, provider)));
  return row;
};

export const upsertBotRow = async (
  tx: TExecutor,
  tenantId: number,
  provider: TBotProvider,
  values: Pick<TBotRow, 'settings' | 'secretSealed'>,
): Promise<TBotRow> => {
  const [row] = await tx
    .insert(bots)
    .values({ tenantId, provider, ...values })
    .onConflictDoUpdate({ target: [bots.tenantId, bots.provider], set: { ...values, updatedAt: sql`now()` } })
    .returning();
  if (!row) throw new Error('bot upsert returned nothing');
  return row;
};

export const setBotError = (tx: TExecutor, tenantId: number, provider: string, message: string | null) =>
  tx
    .update(bots)
    .set({ lastError: message === null ? null : { at: new Date().toISOString(), message } })
    .where(and(eq(bots.tenantId, tenantId), eq(bots.provider, provider)));
