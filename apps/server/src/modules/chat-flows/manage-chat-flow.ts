import {
  newFlowDocument,
  type TChatFlow,
  type TFlowDocument,
  type ZChatFlowBody,
  type ZChatFlowUpdate,
} from '@prosa/contracts';
import type { z } from 'zod';
import type { TRequestContext } from '../../platform/auth/authenticate.js';
import type { TExecutor } from '../../platform/db/client.js';
import { withTenant } from '../../platform/db/tenant-tx.js';
import { AppError } from '../../platform/errors.js';
import type { TServices } from '../../platform/services.js';
import { findChatFlowRow, insertChatFlow, updateChatFlowRow } from './chat-flows.repository.js';
import { assertValidFlow } from './check-flow.js';

type TDb = Pick<TServices, 'db'>;
export type TChatFlowInput = z.output<typeof ZChatFlowBody>;
export type TChatFlowChange = z.output<typeof ZChatFlowUpdate>;

/** A flow of the tenant that is not deleted (optionally locked until the transaction ends), else 404. */
export const getChatFlow = async (tx: TExecutor, tenantId: number, id: number, lock = false): Promise<TChatFlow> => {
  const flow = await findChatFlowRow(tx, tenantId, id, lock);
  if (!flow) throw new AppError('ERR_NO_CHAT_FLOW_FOUND');
  return flow;
};

/** GET /chat-flow/:id. */
export const readChatFlow = (services: TDb, ctx: TRequestContext, id: number) =>
  withTenant(services.db, ctx.tenantId, (tx) => getChatFlow(tx, ctx.tenantId, id));

/** POST /chat-flow: without a document, the starter one (start, configurations, a greeting step). */
export const createChatFlow = (services: TDb, ctx: TRequestContext, input: TChatFlowInput): Promise<TChatFlow> =>
  withTenant(services.db, ctx.tenantId, async (tx) => {
    const flow = input.flow ?? newFlowDocument();
    await assertValidFlow(tx, ctx.tenantId, flow);
    return insertChatFlow(tx, ctx.tenantId, {
      name: input.name,
      flow,
      isActive: input.isActive,
      celularTeste: input.celularTeste || null,
      userId: ctx.userId,
    });
  });

/**
 * PUT /chat-flow/:id (and the import). Under the flow's row lock: a `revision` other than the stored one is
 * refused with 409, the body carrying the stored revision, so two editors never overwrite each other; a new
 * document is checked against the tenant's ids; every save raises the revision.
 */
export const updateChatFlow = (
  services: TDb,
  ctx: TRequestContext,
  id: number,
  input: TChatFlowChange,
): Promise<TChatFlow> =>
  withTenant(services.db, ctx.tenantId, async (tx) => {
    const current = await getChatFlow(tx, ctx.tenantId, id, true);
    if (input.revision !== undefined && input.revision !== current.revision)
      throw new AppError('ERR_CHAT_FLOW_CONFLICT', { data: { revision: current.revision } });
    if (input.flow) await assertValidFlow(tx, ctx.tenantId, input.flow, id);
    const updated = await updateChatFlowRow(tx, ctx.tenantId, id, {
      ...(input.name === undefined ? {} : { name: input.name }),
      ...(input.flow === undefined ? {} : { flow: input.flow }),
      ...(input.isActive === undefined ? {} : { isActive: input.isActive }),
      ...(input.celularTeste === undefined ? {} : { celularTeste: input.celularTeste || null }),
      revision: current.revision + 1,
    });
    if (!updated) throw new AppError('ERR_NO_CHAT_FLOW_FOUND');
    return updated;
  });

/** POST /chat-flow-duplicate: "<name> (cópia)", inactive until someone turns it on, test phone kept. */
export const duplicateChatFlow = (services: TDb, ctx: TRequestContext, chatFlowId: number): Promise<TChatFlow> =>
  withTenant(services.db, ctx.tenantId, async (tx) => {
    const source = await getChatFlow(tx, ctx.tenantId, chatFlowId);
    // Not checked again: the copy names what its source names, and it stays off until an admin saves it.
    const flow: TFlowDocument = structuredClone(source.flow);
    return insertChatFlow(tx, ctx.tenantId, {
      name: `${source.name} (cópia)`.slice(0, 200),
      flow,
      isActive: false,
      celularTeste: source.celularTeste,
      userId: ctx.userId,
    });
  });
