import type { TRequestContext } from '../../platform/auth/authenticate.js';
import { withTenant } from '../../platform/db/tenant-tx.js';
import { AppError } from '../../platform/errors.js';
import type { TServices } from '../../platform/services.js';
import { updateConnectionRow } from './connections.repository.js';

/**
 * DELETE /whatsapp/:id: soft delete (its tickets and messages keep their history); the token stops working. A
 * session channel's session is removed from the provider afterwards, so the number is no longer linked.
 */
export const deleteConnection = async (
  services: Pick<TServices, 'db' | 'channels' | 'background'>,
  ctx: TRequestContext,
  id: number,
) => {
  const row = await withTenant(services.db, ctx.tenantId, async (tx) => {
    const deleted = await updateConnectionRow(tx, ctx.tenantId, id, {
      isDeleted: true,
      isActive: false,
      isDefault: false,
    });
    if (!deleted) throw new AppError('ERR_NO_WAPP_FOUND');
    return deleted;
  });
  const session = services.channels.session(row);
  if (session) services.background.run('connection-session-remove', () => session.remove(row));
};
