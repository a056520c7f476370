import { withTenant } from '../../platform/db/tenant-tx.js';
import type { TServices } from '../../platform/services.js';
import { loadTicketDto } from '../tickets/ticket-rules.js';
import type { TChangeOutcome } from './apply-contact-change.js';
import { toMessageDtos } from './message-dto.js';
import { publishMessageEvent } from './message-events.js';
import { findMessageByExternalId, updateMessageRow } from './messages.repository.js';

/**
 * The customer reacted to a message (any channel): their reaction replaces their previous one, an empty
 * emoji takes it back. A reaction to a message we do not have changes nothing. Repeats are harmless.
 */
export const applyContactReaction = async (
  services: Pick<TServices, 'db' | 'events'>,
  reaction: { tenantId: number; connectionId: number; externalId: string; emoji: string },
): Promise<TChangeOutcome> =>
  withTenant(services.db, reaction.tenantId, async (tx) => {
    const row = await findMessageByExternalId(tx, reaction.tenantId, reaction.connectionId, reaction.externalId);
    if (!row) return 'missing';
    const ours = row.reactions.filter((item) => item.fromMe);
    const reactions = reaction.emoji ? [...ours, { emoji: reaction.emoji, fromMe: false }] : ours;
    const updated = await updateMessageRow(tx, reaction.tenantId, row.id, { reactions });
    if (!updated) return 'ignored';
    const [message] = await toMessageDtos(tx, reaction.tenantId, [updated]);
    if (!message) return 'ignored';
    const ticket = await loadTicketDto(tx, reaction.tenantId, row.ticketId);
    await publishMessageEvent(services, tx, reaction.tenantId, 'message.edited', ticket, message);
    return 'applied';
  });
