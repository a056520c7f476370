import { isTenantManager, type TProfile } from '@prosa/contracts';
import { withTenant } from '../../platform/db/tenant-tx.js';
import { AppError } from '../../platform/errors.js';
import type { TServices } from '../../platform/services.js';
import { publishContactDeleted } from './contacts.events.js';
import { deleteContactRows, findContactRow } from './contacts.repository.js';
import { countTicketsOfContacts } from './contacts-merge.repository.js';

/**
 * Deletes a contact. One with tickets is refused (409 ERR_CONTACT_HAS_TICKETS, with how many) unless an
 * admin forces it; then its tickets and messages go with it.
 */
export const deleteContact = async (options: {
  services: Pick<TServices, 'db' | 'events' | 'log'>;
  tenantId: number;
  actor: { userId: number; profile: TProfile };
  contactId: number;
  force: boolean;
}): Promise<void> => {
  const { services, tenantId, actor, contactId, force } = options;
  if (force && !isTenantManager(actor.profile)) throw new AppError('ERR_NO_PERMISSION', { field: 'force' });
  const tickets = await withTenant(services.db, tenantId, async (tx) => {
    const row = await findContactRow(tx, tenantId, contactId, { forUpdate: true });
    if (!row) throw new AppError('ERR_NO_CONTACT_FOUND');
    const count = (await countTicketsOfContacts(tx, tenantId, [contactId])).get(contactId) ?? 0;
    if (count > 0 && !force) throw new AppError('ERR_CONTACT_HAS_TICKETS', { data: { tickets: count } });
    await deleteContactRows(tx, tenantId, [contactId]);
    await publishContactDeleted(services, tx, tenantId, contactId);
    return count;
  });
  if (tickets > 0) services.log.info({ tenantId, contactId, tickets, by: actor.userId }, 'contact force-deleted');
};
