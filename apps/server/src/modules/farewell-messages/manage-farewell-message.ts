import { canShowAll, type TFarewellMessage } from '@prosa/contracts';
import type { TRequestContext } from '../../platform/auth/authenticate.js';
import type { TExecutor } from '../../platform/db/client.js';
import { withTenant } from '../../platform/db/tenant-tx.js';
import { AppError } from '../../platform/errors.js';
import type { TServices } from '../../platform/services.js';
import {
  deleteFarewellMessageRow,
  findVisibleFarewellMessage,
  insertFarewellMessage,
  updateFarewellMessageRow,
} from './farewell-messages.repository.js';

type TInput = { message?: string; shared?: boolean };

/** Shared texts speak for the whole tenant, so only those who may see everything (admin, super) keep them. */
const mayKeepShared = (ctx: TRequestContext) => canShowAll(ctx.profile);

/** The row `ctx` may change: someone else's private one is a 404 (it is invisible), a shared one needs a manager. */
const loadWritable = async (tx: TExecutor, ctx: TRequestContext, id: number) => {
  const row = await findVisibleFarewellMessage(tx, ctx.tenantId, ctx.userId, id);
  if (!row) throw new AppError('ERR_NOT_FOUND');
  if (row.shared && !mayKeepShared(ctx)) throw new AppError('ERR_NO_PERMISSION');
  return row;
};

/** POST /farewellPrivateMessage and PUT /farewellPrivateMessage/:id. */
export const saveFarewellMessage = (
  services: Pick<TServices, 'db'>,
  ctx: TRequestContext,
  id: number | null,
  input: TInput,
): Promise<TFarewellMessage> =>
  withTenant(services.db, ctx.tenantId, async (tx) => {
    if (input.shared && !mayKeepShared(ctx)) throw new AppError('ERR_NO_PERMISSION');
    const owner = input.shared === undefined ? {} : { userId: input.shared ? null : ctx.userId };
    if (id === null) {
      const row = await insertFarewellMessage(tx, ctx.tenantId, {
        message: input.message ?? '',
        userId: input.shared ? null : ctx.userId,
      });
      if (!row) throw new AppError('ERR_INTERNAL');
      return row;
    }
    await loadWritable(tx, ctx, id);
    const row = await updateFarewellMessageRow(tx, ctx.tenantId, id, {
      ...(input.message === undefined ? {} : { message: input.message }),
      ...owner,
    });
    if (!row) throw new AppError('ERR_NOT_FOUND');
    return row;
  });

/** DELETE /farewellPrivateMessage/:id. */
export const deleteFarewellMessage = (services: Pick<TServices, 'db'>, ctx: TRequestContext, id: number) =>
  withTenant(services.db, ctx.tenantId, async (tx) => {
    await loadWritable(tx, ctx, id);
    if (!(await deleteFarewellMessageRow(tx, ctx.tenantId, id))) throw new AppError('ERR_NOT_FOUND');
  });
