import { canonicalPhoneKey, type TContact, type TUpdateContactBody } from '@prosa/contracts';
import { withTenant } from '../../platform/db/tenant-tx.js';
import { AppError } from '../../platform/errors.js';
import type { TServices } from '../../platform/services.js';
import { deleteIdentity, insertIdentities, lockIdentities } from './contact-identities.repository.js';
import { applyContactRelations, claimPhoneKey, invalidField, requireContactPhone } from './contact-rules.js';
import { toContactDtoOne } from './contacts.dto.js';
import { publishContactUpdated } from './contacts.events.js';
import { findContactRow, updateContactRow } from './contacts.repository.js';

/**
 * Changes a contact (also behind the block, chatbot-block, tags and wallet endpoints). A new number moves
 * the contact's phone identity to the new number's key, unless another contact holds it (409 with its id).
 */
export const updateContact = async (options: {
  services: Pick<TServices, 'db' | 'events'>;
  tenantId: number;
  contactId: number;
  input: TUpdateContactBody;
}): Promise<TContact> => {
  const { services, tenantId, contactId, input } = options;
  const { number, tags, wallets, extraInfo, ...fields } = input;
  const phone = number === undefined || number === null ? number : requireContactPhone(number);
  const contact = await withTenant(services.db, tenantId, async (tx) => {
    const before = await findContactRow(tx, tenantId, contactId);
    if (!before) throw new AppError('ERR_NO_CONTACT_FOUND');
    if (phone !== undefined) {
      if (before.isGroup) throw invalidField('number', 'a group keeps its id');
      const oldKey = before.number ? canonicalPhoneKey(before.number) : '';
      // NOTE: identity locks come before the row's lock (taken by the update below), as in every contact writer.
      await lockIdentities(
        tx,
        tenantId,
        [oldKey, phone?.key ?? ''].filter(Boolean).map((value) => ({ kind: 'phone' as const, value })),
      );
      if (phone) {
        await claimPhoneKey(tx, tenantId, phone.key, contactId);
        await insertIdentities(tx, tenantId, contactId, [{ kind: 'phone', value: phone.key }], { ignoreTaken: true });
      }
      if (oldKey && oldKey !== phone?.key)
        await deleteIdentity(tx, tenantId, contactId, { kind: 'phone', value: oldKey });
    }
    await applyContactRelations(tx, tenantId, contactId, { tags, wallets, extraInfo });
    const row = await updateContactRow(tx, tenantId, contactId, {
      ...fields,
      ...(phone !== undefined ? { number: phone?.e164 ?? null } : {}),
    });
    if (!row) throw new AppError('ERR_NO_CONTACT_FOUND');
    const updated = await toContactDtoOne(tx, tenantId, row);
    const changed = Object.keys(input).filter((field) => input[field as keyof TUpdateContactBody] !== undefined);
    await publishContactUpdated(services, tx, tenantId, { contactId, fields: changed, contact: updated });
    return updated;
  });
  return contact;
};
