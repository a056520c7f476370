/**
 * What the chat-flows module offers the other modules (the flow runtime, connections, settings), inside their
 * own tenant transaction. Modules reach chat flows through here, never through chat-flows.repository.
 */
import type { TSettingKey } from '@prosa/contracts';
import { eq } from 'drizzle-orm';
import type { TExecutor } from '../../platform/db/client.js';
import { onceInTx } from '../../platform/db/once-in-tx.js';
import { assertOwnedIds } from '../../platform/db/owned-ids.js';
import { chatFlows } from '../../platform/db/schema.js';
import { AppError } from '../../platform/errors.js';
import { getTenantSettingsOnce } from '../settings/settings.service.js';
import { findConnectionFlowId, findRunnableFlow, type TRunnableFlow } from './chat-flows.repository.js';
import { hasBeenInFlow } from './runtime/flow-runtime.repository.js';

export type { TRunnableFlow } from './chat-flows.repository.js';

/** A flow of the tenant that is active and not deleted, or null. */
export const findChatFlow = (tx: TExecutor, tenantId: number, id: number): Promise<TRunnableFlow | null> =>
  findRunnableFlow(tx, tenantId, id);

/** The tenant's default flow id (setting `botTicketActive`), or null when none is set or it is not a number. */
export const findDefaultFlowId = async (tx: TExecutor, tenantId: number): Promise<number | null> => {
  const value = (await getTenantSettingsOnce(tx, tenantId)).botTicketActive.trim();
  const id = /^\d{1,9}$/.test(value) ? Number(value) : 0;
  return id > 0 ? id : null;
};

/**
 * The flow a new ticket of this connection enters (domain 5.2): the connection's own flow, else the tenant's
 * `botTicketActive`; it must be active and not deleted. As in the family, a connection naming an inactive flow
 * runs no flow (deactivating a connection's flow pauses the bot there; it does not fall back to the default).
 */
export const findFlowForTicket = async (
  tx: TExecutor,
  tenantId: number,
  ticket: { whatsappId: number | null },
): Promise<TRunnableFlow | null> => {
  const own = ticket.whatsappId === null ? null : await findConnectionFlowId(tx, tenantId, ticket.whatsappId);
  const id = own ?? (await findDefaultFlowId(tx, tenantId));
  return id === null ? null : findChatFlow(tx, tenantId, id);
};

/**
 * `findFlowForTicket` read once per transaction and connection: the listeners of an inbound batch (the flow's,
 * the auto-reply's) ask it for every message.
 */
export const findFlowForTicketOnce = (tx: TExecutor, tenantId: number, ticket: { whatsappId: number | null }) =>
  onceInTx(tx, `flow-for:${tenantId}:${ticket.whatsappId}`, () => findFlowForTicket(tx, tenantId, ticket));

/**
 * Whether a chat flow is about to take this ticket (one applies to it, and it has never been in one): other
 * automatic answerers (AI assistants, bots) leave it to the flow, which may hand it to them.
 */
export const isTicketForAFlow = async (
  tx: TExecutor,
  tenantId: number,
  ticket: { id: number; whatsappId: number | null; chatFlowId: number | null },
): Promise<boolean> => {
  if (ticket.chatFlowId !== null) return true;
  if (await hasBeenInFlow(tx, tenantId, ticket.id)) return false;
  return (await findFlowForTicket(tx, tenantId, ticket)) !== null;
};

/**
 * A connection's `chatFlowId`: a flow of the tenant, not deleted (it may be inactive: turned on later). Another
 * tenant's flow is indistinguishable from none: 400 ERR_UNKNOWN_REFERENCE naming the field.
 */
export const assertChatFlowReference = (
  tx: TExecutor,
  tenantId: number,
  field: string,
  id: number | null | undefined,
) => assertOwnedIds(tx, tenantId, chatFlows, field, id, { where: eq(chatFlows.isDeleted, false) });

/** PUT /settings/botTicketActive: '' (none) or an active flow of the tenant, else 400 naming `value`. */
export const assertChatFlowSetting = async (tx: TExecutor, tenantId: number, key: TSettingKey, value: string) => {
  if (key !== 'botTicketActive' || value.trim() === '') return;
  const id = /^\d{1,9}$/.test(value.trim()) ? Number(value.trim()) : 0;
  if (id === 0 || !(await findChatFlow(tx, tenantId, id)))
    throw new AppError('ERR_VALIDATION', { field: 'value', detail: "expected an active chat flow's id or ''" });
};
