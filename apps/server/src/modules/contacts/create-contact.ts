import type { TContact, TCreateContactBody } from '@prosa/contracts';
import { isUniqueViolation } from '../../platform/db/errors.js';
import { withTenant } from '../../platform/db/tenant-tx.js';
import { AppError } from '../../platform/errors.js';
import type { TServices } from '../../platform/services.js';
import { insertIdentities } from './contact-identities.repository.js';
import { applyContactRelations, claimPhoneKey, requireContactPhone } from './contact-rules.js';
import { toContactDtoOne } from './contacts.dto.js';
import { publishContactCreated } from './contacts.events.js';
import { insertContact } from './contacts.repository.js';

/**
 * A contact typed in by staff. Its number's canonical key (both forms of a Brazilian mobile give one key) is
 * a phone identity: a second contact with the same person's number is refused with the first one's id.
 */
export const createContact = async (options: {
  services: Pick<TServices, 'db' | 'events'>;
  tenantId: number;
  input: TCreateContactBody;
}): Promise<TContact> => {
  const { services, tenantId, input } = options;
  const phone = input.number ? requireContactPhone(input.number) : null;
  try {
    const contact = await withTenant(services.db, tenantId, async (tx) => {
      if (phone) await claimPhoneKey(tx, tenantId, phone.key);
      const row = await insertContact(tx, tenantId, {
        name: input.name,
        number: phone?.e164 ?? null,
        email: input.email ?? null,
        cpf: input.cpf ?? null,
        birthday: input.birthday ?? null,
        firstName: input.firstName ?? null,
        lastName: input.lastName ?? null,
        businessName: input.businessName ?? null,
        profilePicUrl: input.profilePicUrl ?? null,
        kanban: input.kanban ?? null,
        notes: input.notes ?? null,
      });
      if (phone)
        await insertIdentities(tx, tenantId, row.id, [{ kind: 'phone', value: phone.key }], { ignoreTaken: false });
      await applyContactRelations(tx, tenantId, row.id, input);
      const created = await toContactDtoOne(tx, tenantId, row);
      await publishContactCreated(services, tx, tenantId, created.id, created);
      return created;
    });
    return contact;
  } catch (error) {
    // Only reachable if a writer skipped the identity lock; the claim above names the holder otherwise.
    if (isUniqueViolation(error, 'contact_identities_key'))
      throw new AppError('ERR_DUPLICATED_CONTACT', { field: 'number' });
    throw error;
  }
};
