import type { TAiProvider } from '@prosa/contracts';
import { and, desc, eq, sql } from 'drizzle-orm';
import { queryRows, type TExecutor } from '../../platform/db/client.js';
import { assistantRuns, assistants, assistantUsage, bots, ticketAssistantStates } from '../../platform/db/schema.js';

/** The assistants' own tables, inside the caller's tenant transaction. */

export type TAssistantRow = typeof assistants.$inferSelect;
export type TAssistantStateRow = typeof ticketAssistantStates.$inferSelect;

export const findAssistantRows = (tx: TExecutor, tenantId: number): Promise<TAssistantRow[]> =>
  tx.select().from(assistants).where(eq(assistants.tenantId, tenantId)).orderBy(assistants.id);

/** Whether the tenant has set up any assistant or bot at all (one indexed read, nothing opened). */
export const hasAnswererRows = async (tx: TExecutor, tenantId: number): Promise<boolean> => {
  // One statement: asked for every customer message (once per inbound transaction).
  const [row] = await queryRows<{ any: boolean }>(
    tx,
    sql`select exists (select 1 from ${assistants} where ${assistants.tenantId} = ${tenantId})
      or exists (select 1 from ${bots} where ${bots.tenantId} = ${tenantId}) as "any"`,
  );
  return row?.any === true;
};

export const findAssistantRow = async (
  tx: TExecutor,
  tenantId: number,
  provider: string,
): Promise<TAssistantRow | undefined> => {
  const [row] = await tx
    .select()
    .from(assistants)
    .where(and(eq(assistants.tenantId, tenantId), eq(assistants.provider, provider)));
  return row;
};

export const upsertAssistantRow = async (
  tx: TExecutor,
  tenantId: number,
  provider: TAiProvider,
  values: Pick<TAssistantRow, 'settings' | 'apiKeySealed' | 'apiKeyHint'>,
): Promise<TAssistantRow> => {
  const [row] = await tx
    .insert(assistants)
    .values({ tenantId, provider, ...values })
    .onConflictDoUpdate({
      target: [assistants.tenantId, assistants.provider],
      set: { ...values, updatedAt: sql`now()` },
    })
    .returning();
  if (!row) throw new Error('assistant upsert returned nothing');
  return row;
};

export const setAssistantError = (tx: TExecutor, tenantId: number, provider: string, message: string | null) =>
  tx
    .update(assistants)
    .set({ lastError: message === null ? null : { at: new Date().toISOString(), message } })
    .where(and(eq(assistants.tenantId, tenantId), eq(assistants.provider, provider)));

/** The calendar month usage is counted in (UTC), e.g. "2026-11". */
export const usageMonth = (at: Date) => at.toISOString().slice(0, 7);

export const findUsage = async (tx: TExecutor, tenantId: number, provider: string, month: string) => {
  const [row] = await tx
    .select({ tokens: assistantUsage.tokens })
    .from(assistantUsage)
    .where(
      and(
        eq(assistantUsage.tenantId, tenantId),
        eq(assistantUsage.provider, provider),
        eq(assistantUsage.month, month),
      ),
    );
  return row?.tokens ?? 0;
};

export const addUsage = (tx: TExecutor, tenantId: number, provider: string, month: string, tokens: number) =>
  tx
    .insert(assistantUsage)
    .values({ tenantId, provider, month, tokens })
    .onConflictDoUpdate({
      target: [assistantUsage.tenantId, assistantUsage.provider, assistantUsage.month],
      set: { tokens: sql`${assistantUsage.tokens} + ${tokens}` },
    });

export const findAssistantState = async (
  tx: TExecutor,
  tenantId: number,
  ticketId: number,
  provider: string,
): Promise<TAssistantStateRow | undefined> => {
  const [row] = await tx
    .select()
    .from(ticketAssistantStates)
    .where(
      and(
        eq(ticketAssistantStates.tenantId, tenantId),
        eq(ticketAssistantStates.ticketId, ticketId),
        eq(ticketAssistantStates.provider, provider),
      ),
    );
  return row;
};

export const saveAssistantState = (
  tx: TExecutor,
  tenantId: number,
  ticketId: number,
  provider: string,
  values: Partial<Pick<TAssistantStateRow, 'answeredUpTo' | 'contextFrom' | 'replies' | 'session'>>,
) =>
  tx
    .insert(ticketAssistantStates)
    .values({ tenantId, ticketId, provider, ...values })
    .onConflictDoUpdate({
      target: [ticketAssistantStates.tenantId, ticketAssistantStates.ticketId, ticketAssistantStates.provider],
      set: { ...values, updatedAt: sql`now()` },
    });

export type TNewRun = Omit<typeof assistantRuns.$inferInsert, 'id' | 'createdAt'>;

/** Logs a run; a reply run for a message already answered (another instance, a retry) returns null. */
export const insertAssistantRun = async (tx: TExecutor, run: TNewRun): Promise<number | null> => {
  const [row] = await tx.insert(assistantRuns).values(run).onConflictDoNothing().returning({ id: assistantRuns.id });
  return row?.id ?? null;
};

export const findAssistantRuns = (tx: TExecutor, tenantId: number, ticketId: number, limit = 100) =>
  tx
    .select()
    .from(assistantRuns)
    .where(and(eq(assistantRuns.tenantId, tenantId), eq(assistantRuns.ticketId, ticketId)))
    .orderBy(desc(assistantRuns.id))
    .limit(limit);
