import type { TMergeContactsResult, TProfile } from '@prosa/contracts';
import { withTenant } from '../../platform/db/tenant-tx.js';
import { AppError } from '../../platform/errors.js';
import type { TServices } from '../../platform/services.js';
import { findIdentitiesOfContacts, lockIdentities } from './contact-identities.repository.js';
import { invalidField } from './contact-rules.js';
import { findContactRows } from './contacts.repository.js';
import { mergeIntoSurvivor } from './merge-into-survivor.js';

/**
 * Merges duplicates into one contact, as a person asked (`POST /contacts/merge`), in one transaction: checks
 * that every contact exists and none is a group, locks them, and hands over to `mergeIntoSurvivor` (tickets,
 * messages, tags, wallets, identities and custom fields move; a duplicate's open ticket where the survivor has
 * one is closed, with a ticket log saying why).
 */
export const mergeContacts = async (options: {
  services: Pick<TServices, 'db' | 'events' | 'log'>;
  tenantId: number;
  actor: { userId: number; profile: TProfile };
  survivorId: number;
  duplicateIds: number[];
}): Promise<TMergeContactsResult> => {
  const { services, tenantId, actor, survivorId } = options;
  const duplicateIds = [...new Set(options.duplicateIds)].sort((a, b) => a - b);
  if (duplicateIds.includes(survivorId)) throw invalidField('duplicateIds', 'the survivor is among the duplicates');
  const merged = await withTenant(services.db, tenantId, async (tx) => {
    const ids = [survivorId, ...duplicateIds];
    // NOTE: identity locks first, then the rows: the order of every contact writer, so an inbound message for
    // a duplicate waits for the merge and then finds the survivor.
    await lockIdentities(tx, tenantId, await findIdentitiesOfContacts(tx, tenantId, ids));
    const rows = await findContactRows(tx, tenantId, ids, { forUpdate: true });
    const survivor = rows.find((row) => row.id === survivorId);
    if (!survivor) throw new AppError('ERR_NO_CONTACT_FOUND', { field: 'survivorId' });
    const duplicates = rows.filter((row) => row.id !== survivorId);
    const missing = duplicateIds.filter((id) => !duplicates.some((row) => row.id === id));
    if (missing.length > 0)
      throw new AppError('ERR_NO_CONTACT_FOUND', { field: 'duplicateIds', data: { contactIds: missing } });
    if (rows.some((row) => row.isGroup)) throw invalidField('duplicateIds', 'groups cannot be merged');

    const { contact, movedTickets, closedTicketIds } = await mergeIntoSurvivor(services, tx, tenantId, {
      survivor,
      duplicates,
      actorId: actor.userId,
    });
    return { contact, mergedIds: duplicateIds, movedTickets, closedTicketIds };
  });

  services.log.info(
    { tenantId, survivorId, mergedIds: merged.mergedIds, closedTicketIds: merged.closedTicketIds, by: actor.userId },
    'contacts merged',
  );
  return merged;
};
