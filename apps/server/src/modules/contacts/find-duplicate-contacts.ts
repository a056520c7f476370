import type { TDuplicateGroup } from '@prosa/contracts';
import type { TDb } from '../../platform/db/client.js';
import { withTenant } from '../../platform/db/tenant-tx.js';
import { toContactDtos } from './contacts.dto.js';
import { findContactRows } from './contacts.repository.js';
import { countTicketsOfContacts, findDuplicateKeys } from './contacts-merge.repository.js';

const MAX_GROUPS = 200;

/**
 * Contacts that look like one person: the same phone (either form of a Brazilian mobile) or the same e-mail.
 * Each comes with its ticket count, so the merge screen can suggest the survivor.
 */
export const findDuplicateContacts = (db: TDb, tenantId: number): Promise<{ groups: TDuplicateGroup[] }> =>
  withTenant(db, tenantId, async (tx) => {
    const keys = await findDuplicateKeys(tx, tenantId, MAX_GROUPS);
    const ids = [...new Set(keys.flatMap((k) => k.ids))];
    const [dtos, tickets] = await Promise.all([
      findContactRows(tx, tenantId, ids).then((rows) => toContactDtos(tx, tenantId, rows)),
      countTicketsOfContacts(tx, tenantId, ids),
    ]);
    const byId = new Map(dtos.map((dto) => [dto.id, dto]));
    return {
      groups: keys.map(({ reason, key, ids: groupIds }) => ({
        reason,
        key,
        contacts: groupIds.flatMap((id) => {
          const contact = byId.get(id);
          return contact ? [{ ...contact, ticketCount: tickets.get(id) ?? 0 }] : [];
        }),
      })),
    };
  });
