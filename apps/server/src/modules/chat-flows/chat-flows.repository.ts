import type { TChatFlow, TFlowDocument } from '@prosa/contracts';
import { type AnyColumn, and, asc, eq, ne } from 'drizzle-orm';
import type { TExecutor } from '../../platform/db/client.js';
import { chatFlows, connections, ticketFlowStates, tickets } from '../../platform/db/schema.js';

const flowColumns = {
  id: chatFlows.id,
  name: chatFlows.name,
  flow: chatFlows.flow,
  isActive: chatFlows.isActive,
  celularTeste: chatFlows.celularTeste,
  userId: chatFlows.userId,
  revision: chatFlows.revision,
  createdAt: chatFlows.createdAt,
  updatedAt: chatFlows.updatedAt,
};
type TFlowRow = Omit<TChatFlow, 'createdAt' | 'updatedAt'> & { createdAt: Date; updatedAt: Date };

const toChatFlow = (row: TFlowRow): TChatFlow => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

const live = (tenantId: number) => and(eq(chatFlows.tenantId, tenantId), eq(chatFlows.isDeleted, false));

/** The tenant's flows that are not deleted, by name then id. */
export const findChatFlows = async (tx: TExecutor, tenantId: number): Promise<TChatFlow[]> =>
  (
    await tx.select(flowColumns).from(chatFlows).where(live(tenantId)).orderBy(asc(chatFlows.name), asc(chatFlows.id))
  ).map(toChatFlow);

/** One flow of the tenant (not deleted); `lock` holds its row until the transaction ends (saves). */
export const findChatFlowRow = async (
  tx: TExecutor,
  tenantId: number,
  id: number,
  lock = false,
): Promise<TChatFlow | null> => {
  const query = tx
    .select(flowColumns)
    .from(chatFlows)
    .where(and(live(tenantId), eq(chatFlows.id, id)));
  const [row] = lock ? await query.for('update') : await query;
  return row ? toChatFlow(row) : null;
};

/** A flow the engine can run: its document and, while set, the one number allowed to run it. */
export type TRunnableFlow = { id: number; flow: TFlowDocument; celularTeste: string | null };

/** The columns a run reads of its flow. */
export const runnableFlowColumns = { id: chatFlows.id, flow: chatFlows.flow, celularTeste: chatFlows.celularTeste };

/** Flow `id` can run: the tenant's, active and not deleted. */
export const isRunnableFlow = (tenantId: number, id: number | AnyColumn) =>
  and(live(tenantId), eq(chatFlows.id, id), eq(chatFlows.isActive, true));

/** A flow of the tenant that is active and not deleted, or null. */
export const findRunnableFlow = async (tx: TExecutor, tenantId: number, id: number): Promise<TRunnableFlow | null> => {
  const [row] = await tx.select(runnableFlowColumns).from(chatFlows).where(isRunnableFlow(tenantId, id));
  return row ?? null;
};

export const insertChatFlow = async (
  tx: TExecutor,
  tenantId: number,
  values: {
    name: string;
    flow: TFlowDocument;
    isActive: boolean;
    celularTeste: string | null;
    userId: number | null;
  },
): Promise<TChatFlow> => {
  const [row] = await tx
    .insert(chatFlows)
    .values({ ...values, tenantId })
    .returning(flowColumns);
  if (!row) throw new Error('insert returned no row');
  return toChatFlow(row);
};

export const updateChatFlowRow = async (
  tx: TExecutor,
  tenantId: number,
  id: number,
  values: Partial<{
    name: string;
    flow: TFlowDocument;
    isActive: boolean;
    celularTeste: string | null;
    revision: number;
    isDeleted: boolean;
  }>,
): Promise<TChatFlow | null> => {
  const [row] = await tx
    .update(chatFlows)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(chatFlows.tenantId, tenantId), eq(chatFlows.id, id)))
    .returning(flowColumns);
  return row ? toChatFlow(row) : null;
};

/** The flow a connection names (whether that flow may run is the caller's question). */
export const findConnectionFlowId = async (
  tx: TExecutor,
  tenantId: number,
  connectionId: number,
): Promise<number | null> => {
  const [row] = await tx
    .select({ chatFlowId: connections.chatFlowId })
    .from(connections)
    .where(and(eq(connections.tenantId, tenantId), eq(connections.id, connectionId)));
  return row?.chatFlowId ?? null;
};

/** Connections that name the flow stop naming it (the flow is being deleted). */
export const clearConnectionsFlow = (tx: TExecutor, tenantId: number, chatFlowId: number) =>
  tx
    .update(connections)
    .set({ chatFlowId: null, updatedAt: new Date() })
    .where(and(eq(connections.tenantId, tenantId), eq(connections.chatFlowId, chatFlowId)))
    .returning({ id: connections.id });

/**
 * The tickets inside the flow: those with a place in it, and those put into it (PUT /ticketsChatBot) that have
 * not taken its first step yet. Closed tickets keep their history and are left alone.
 */
export const findTicketIdsInFlow = async (tx: TExecutor, tenantId: number, chatFlowId: number): Promise<number[]> => {
  const placed = await tx
    .select({ id: ticketFlowStates.ticketId })
    .from(ticketFlowStates)
    .where(and(eq(ticketFlowStates.tenantId, tenantId), eq(ticketFlowStates.chatFlowId, chatFlowId)));
  const marked = await tx
    .select({ id: tickets.id })
    .from(tickets)
    .where(and(eq(tickets.tenantId, tenantId), eq(tickets.chatFlowId, chatFlowId), ne(tickets.status, 'closed')));
  return [...new Set([...placed, ...marked].map((r) => r.id))].sort((a, b) => a - b);
};

/** The places of tickets in the flow are forgotten (the flow is being deleted). */
export const deleteFlowStates = (tx: TExecutor, tenantId: number, chatFlowId: number) =>
  tx
    .delete(ticketFlowStates)
    .where(and(eq(ticketFlowStates.tenantId, tenantId), eq(ticketFlowStates.chatFlowId, chatFlowId)));
