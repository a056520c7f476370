import type { TExecutor } from '../../platform/db/client.js';
import type { TServices } from '../../platform/services.js';
import { publishContactUpdated } from './contacts.events.js';
import { type TContactRow, updateContactRow } from './contacts.repository.js';

/**
 * What the contacts module offers the other modules and the channel host, inside their own tenant transaction
 * (never contacts.repository): contacts and the owners of channel identities read, the identities' locks, the
 * contacts and identities the inbound batch makes for new people, and a number a customer typed in.
 */
export {
  findContactRow,
  findContactRows,
  findIdentityOwners,
  insertContacts,
  insertIdentityRows,
  lockIdentities,
  type TContactRow,
} from './contacts.repository.js';

/** A number a customer typed in (not verified, so never an identity), kept when the contact has none. */
export const fillContactNumber = async (
  services: Pick<TServices, 'events'>,
  tx: TExecutor,
  tenantId: number,
  contact: TContactRow,
  number: string,
): Promise<TContactRow> => {
  if (contact.number) return contact;
  const row = (await updateContactRow(tx, tenantId, contact.id, { number })) ?? contact;
  await publishContactUpdated(services, tx, tenantId, { contactId: contact.id, fields: ['number'], byCustomer: true });
  return row;
};

/** Outreach (campaigns, mass sends): audiences by tag, wallet and kanban lane, and contacts by typed number. */
export { audienceContactsQuery, pickedPeopleQuery, type TAudienceFilter } from './contact-audience.repository.js';
export {
  findOrCreatePhoneContacts,
  type TPhoneContactResult,
  type TPhonePerson,
} from './find-or-create-phone-contacts.js';
/** Contacts' names by phone (a WhatsApp group's members named in the group tools). */
export { findPhoneContactNames } from './phone-contact-names.repository.js';
