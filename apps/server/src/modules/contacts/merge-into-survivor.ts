import type { TContact } from '@prosa/contracts';
import type { TExecutor } from '../../platform/db/client.js';
import type { TServices } from '../../platform/services.js';
import { publishTicketChanged, publishTicketClosed } from '../tickets/ticket-events.js';
import { loadTicketDto } from '../tickets/ticket-rules.js';
import { toContactDtoOne } from './contacts.dto.js';
import { publishContactDeleted, publishContactUpdated } from './contacts.events.js';
import { deleteContactRows, type TContactRow, type TContactValues, updateContactRow } from './contacts.repository.js';
import { closeTicketForMerge, findActiveTicketsOfContact, moveContactBelongings } from './contacts-merge.repository.js';

/** Fields the survivor takes from a duplicate when it has none of its own. */
const fillable = [
  'number',
  'email',
  'cpf',
  'birthday',
  'firstName',
  'lastName',
  'businessName',
  'profilePicUrl',
  'pushname',
  'kanban',
] as const satisfies readonly (keyof TContactValues & keyof TContactRow)[];

export type TMergedContacts = { contact: TContact; movedTickets: number; closedTicketIds: number[] };

/**
 * The part of a contact merge done inside the caller's tenant transaction (the manual merge and an inbound
 * message that shows two contacts are one person): the duplicates' tickets, messages, tags, wallets, channel
 * identities and custom fields (those whose name the survivor lacks) move to the survivor, blanks of the
 * survivor are filled from them, and they are deleted. An open or pending ticket of a duplicate on a
 * connection where the survivor already has one is closed first (one active ticket per contact and
 * connection), with a ticket log saying why. The tickets that changed, the duplicates' deletion and the
 * survivor's change are published in `tx`.
 *
 * The caller has taken the identities' locks and the rows (FOR UPDATE), in that order, and refused groups.
 * `actorId` null: nobody asked, a channel showed it.
 */
export const mergeIntoSurvivor = async (
  services: Pick<TServices, 'events'>,
  tx: TExecutor,
  tenantId: number,
  merge: { survivor: TContactRow; duplicates: TContactRow[]; actorId: number | null },
): Promise<TMergedContacts> => {
  const { survivor, duplicates, actorId } = merge;
  const survivorId = survivor.id;
  const closedTicketIds: number[] = [];
  let movedTickets = 0;
  const fills: Partial<TContactValues> = {};
  for (const duplicate of duplicates) {
    const held = new Map(
      (await findActiveTicketsOfContact(tx, tenantId, survivorId)).map((t) => [t.whatsappId ?? 0, t.id]),
    );
    for (const ticket of await findActiveTicketsOfContact(tx, tenantId, duplicate.id)) {
      const keptTicketId = held.get(ticket.whatsappId ?? 0);
      if (keptTicketId === undefined) continue;
      await closeTicketForMerge(tx, tenantId, ticket, { survivorId, duplicateId: duplicate.id, keptTicketId }, actorId);
      closedTicketIds.push(ticket.id);
    }
    movedTickets += (await moveContactBelongings(tx, tenantId, duplicate.id, survivorId)).tickets;
    for (const field of fillable) {
      if (survivor[field] === null && fills[field] == null && duplicate[field] !== null)
        Object.assign(fills, { [field]: duplicate[field] });
    }
  }
  const mergedIds = duplicates.map((duplicate) => duplicate.id);
  await deleteContactRows(tx, tenantId, mergedIds);
  const row = (await updateContactRow(tx, tenantId, survivorId, fills)) ?? survivor;
  // Open lists show the tickets that changed hands (new contact) or were closed by the merge.
  for (const ticketId of closedTicketIds) {
    const ticket = await loadTicketDto(tx, tenantId, ticketId);
    await publishTicketChanged(services, tx, tenantId, ticket, { userId: actorId });
    await publishTicketClosed(services, tx, tenantId, ticket, actorId);
  }
  for (const { id } of await findActiveTicketsOfContact(tx, tenantId, survivorId))
    await publishTicketChanged(services, tx, tenantId, await loadTicketDto(tx, tenantId, id), { userId: actorId });
  const contact = await toContactDtoOne(tx, tenantId, row);
  for (const id of mergedIds) await publishContactDeleted(services, tx, tenantId, id, survivorId);
  await publishContactUpdated(services, tx, tenantId, { contactId: survivorId, fields: Object.keys(fills), contact });
  return { contact, movedTickets, closedTicketIds };
};
