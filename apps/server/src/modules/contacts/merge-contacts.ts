import type { TMergeContactsResult, TProfile } from '@prosa/contracts';
import { withTenant } from '../../platform/db/tenant-tx.js';
import { AppError } from '../../platform/errors.js';
import type { TServices } from '../../platform/services.js';
import { publishTicketChanged, publishTicketClosed } from '../tickets/ticket-events.js';
import { loadTicketDto } from '../tickets/ticket-rules.js';
import { invalidField } from './contact-rules.js';
import { toContactDtoOne } from './contacts.dto.js';
import { emitContactChanged, emitContactDeleted } from './contacts.events.js';
import {
  deleteContactRows,
  findContactRows,
  findIdentitiesOfContacts,
  lockIdentities,
  type TContactRow,
  type TContactValues,
  updateContactRow,
} from './contacts.repository.js';
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

/**
 * Merges duplicates into one contact, in one transaction: their tickets, messages, tags, wallets, channel
 * identities and custom fields (those whose name the survivor lacks) move to the survivor, blanks of the
 * survivor are filled from them, and they are deleted. An open or pending ticket of a duplicate on a
 * connection where the survivor already has one is closed first (one active ticket per contact and
 * connection), with a ticket log saying why.
 */
export const mergeContacts = async (options: {
  services: Pick<TServices, 'db' | 'realtime' | 'events' | 'log'>;
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
        await closeTicketForMerge(
          tx,
          tenantId,
          ticket,
          { survivorId, duplicateId: duplicate.id, keptTicketId },
          actor.userId,
        );
        closedTicketIds.push(ticket.id);
      }
      movedTickets += (await moveContactBelongings(tx, tenantId, duplicate.id, survivorId)).tickets;
      for (const field of fillable) {
        if (survivor[field] === null && fills[field] == null && duplicate[field] !== null)
          Object.assign(fills, { [field]: duplicate[field] });
      }
    }
    await deleteContactRows(tx, tenantId, duplicateIds);
    const row = (await updateContactRow(tx, tenantId, survivorId, fills)) ?? survivor;
    // Open lists show the tickets that changed hands (new contact) or were closed by the merge.
    for (const ticketId of closedTicketIds) {
      const ticket = await loadTicketDto(tx, tenantId, ticketId);
      await publishTicketChanged(services, tx, tenantId, ticket, { userId: actor.userId });
      await publishTicketClosed(services, tx, tenantId, ticket, actor.userId);
    }
    for (const { id } of await findActiveTicketsOfContact(tx, tenantId, survivorId))
      await publishTicketChanged(services, tx, tenantId, await loadTicketDto(tx, tenantId, id), {
        userId: actor.userId,
      });
    return {
      contact: await toContactDtoOne(tx, tenantId, row),
      mergedIds: duplicateIds,
      movedTickets,
      closedTicketIds,
    };
  });

  services.log.info(
    { tenantId, survivorId, mergedIds: merged.mergedIds, closedTicketIds: merged.closedTicketIds, by: actor.userId },
    'contacts merged',
  );
  for (const id of merged.mergedIds) emitContactDeleted(services.realtime, tenantId, id);
  emitContactChanged(services.realtime, tenantId, merged.contact);
  return merged;
};
