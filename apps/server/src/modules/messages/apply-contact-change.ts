import { withTenant } from '../../platform/db/tenant-tx.js';
import type { TServices } from '../../platform/services.js';
import { loadTicketDto } from '../tickets/ticket-rules.js';
import { toMessageDtos } from './message-dto.js';
import { publishMessageEvent } from './message-events.js';
import { findMessageByExternalId, updateMessageRow } from './messages.repository.js';

/**
 * The customer edited or deleted ("for everyone") one of their messages on WhatsApp: the stored message
 * shows the new text as its edition, or is marked deleted, as the agents' own edits and deletes are. Only a
 * customer's message can be changed this way; one we do not have changes nothing. Repeats are harmless.
 */
export const applyContactChange = async (
  services: Pick<TServices, 'db' | 'events'>,
  change: { tenantId: number; connectionId: number; externalId: string } & (
    | { kind: 'edit'; body: string }
    | { kind: 'revoke' }
  ),
): Promise<boolean> => {
  const result = await withTenant(services.db, change.tenantId, async (tx) => {
    const row = await findMessageByExternalId(tx, change.tenantId, change.connectionId, change.externalId);
    if (!row || row.fromMe || row.isDeleted) return null;
    const updated = await updateMessageRow(
      tx,
      change.tenantId,
      row.id,
      change.kind === 'edit' ? { edition: change.body } : { isDeleted: true },
    );
    if (!updated) return null;
    const [message] = await toMessageDtos(tx, change.tenantId, [updated]);
    if (!message) return null;
    const ticket = await loadTicketDto(tx, change.tenantId, row.ticketId);
    const type = change.kind === 'edit' ? 'message.edited' : 'message.deleted';
    await publishMessageEvent(services, tx, change.tenantId, type, ticket, message);
    return message;
  });
  return result !== null;
};
