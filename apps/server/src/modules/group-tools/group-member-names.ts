import { canonicalPhoneKey, type TGroupMember } from '@prosa/contracts';
import type { TGroupParticipant } from '../../channels/host/modules-door.js';
import type { TDb } from '../../platform/db/client.js';
import { withTenant } from '../../platform/db/tenant-tx.js';
import { findPhoneContactNames } from '../contacts/contacts.service.js';

/** The key a member's number is stored under among the contacts' phone identities ('' without a number). */
const keyOf = (member: TGroupParticipant) => (member.number ? canonicalPhoneKey(`+${member.number}`) : '');

/** A name with no letter is a contact's placeholder (their number, as a channel gave it): no name to show. */
const isRealName = (name: string | undefined): name is string => name !== undefined && /\p{L}/u.test(name);

/**
 * Each group's members named after the tenant's contacts with their number (either form of a Brazilian mobile
 * meets the same contact), looked up in one query for all the groups; null when no contact has it, or the
 * contact's name is only a number. A member known by a LID alone has no number to look up.
 */
export const nameMembers = async (
  db: TDb,
  tenantId: number,
  groups: readonly (readonly TGroupParticipant[])[],
): Promise<TGroupMember[][]> => {
  const keys = [...new Set(groups.flat().map(keyOf))].filter(Boolean);
  const names =
    keys.length === 0
      ? new Map<string, string>()
      : await withTenant(db, tenantId, (tx) => findPhoneContactNames(tx, tenantId, keys));
  return groups.map((members) =>
    members.map((member) => {
      const name = names.get(keyOf(member));
      return { ...member, name: isRealName(name) ? name : null };
    }),
  );
};
