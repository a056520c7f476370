import type { TExecutor } from '../../platform/db/client.js';
import type { TServices } from '../../platform/services.js';
import { publishContactUpdated } from './contacts.events.js';
import { type TContactRow, updateContactLane, updateContactRow } from './contacts.repository.js';

/**
 * What the contacts module offers the other modules and the channel host, inside their own tenant transaction
 * (never contacts.repository): contacts and the owners of channel identities read, the identities' locks, the
 * contacts and identities the inbound batch makes for new people, and a number a customer typed in.
 */
export { findIdentityOwners, insertIdentityRows, lockIdentities } from './contact-identities.repository.js';
export { findContactRow, findContactRows, insertContacts, type TContactRow } from './contacts.repository.js';

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

/**
 * Moves a contact to a kanban lane from automation (a chat flow's Kanban step), inside the caller's transaction.
 * The contact's lane is the one the campaigns' audiences and contatos-por-kanban read. Nothing is written or
 * announced when the contact is on that lane already.
 */
export const moveContactToLane = async (
  services: Pick<TServices, 'events'>,
  tx: TExecutor,
  tenantId: number,
  contactId: number,
  kanban: number | null,
): Promise<boolean> => {
  const moved = await updateContactLane(tx, tenantId, contactId, kanban);
  if (moved) await publishContactUpdated(services, tx, tenantId, { contactId, fields: ['kanban'] });
  return moved;
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
