import type { TMessage } from '@prosa/contracts';
import type { TRequestContext } from '../../platform/auth/authenticate.js';
import { assertOwnedIds } from '../../platform/db/owned-ids.js';
import { contacts } from '../../platform/db/schema.js';
import { withTenant } from '../../platform/db/tenant-tx.js';
import { AppError } from '../../platform/errors.js';
import type { TServices } from '../../platform/services.js';
import { createTicket } from '../tickets/create-ticket.js';
import { loadVisibleTicket } from '../tickets/load-visible-ticket.js';
import { findActiveTicket } from '../tickets/tickets.service.js';
import { findMessagesByIds } from './messages.repository.js';
import { sendMessage } from './send-message.js';

type TForwardServices = Pick<TServices, 'db' | 'events' | 'outbound' | 'channels'>;

/**
 * POST /forward-messages/: copies messages the agent may see (text and media) to another contact, in that
 * contact's active ticket on the same connection, or in a new one opened for the agent. Each copy goes
 * through the outbound queue like any reply. Order is kept; a message deleted for everyone is refused.
 */
export const forwardMessages = async (
  services: TForwardServices,
  ctx: TRequestContext,
  input: { messages: number[]; contact: number },
): Promise<TMessage[]> => {
  const { sources, ticketId } = await withTenant(services.db, ctx.tenantId, async (tx) => {
    const rows = await findMessagesByIds(tx, ctx.tenantId, [...new Set(input.messages)]);
    if (rows.length !== new Set(input.messages).size) throw new AppError('ERR_NO_MESSAGE_FOUND', { field: 'messages' });
    if (rows.some((row) => row.isDeleted || row.status === 'scheduled'))
      throw new AppError('ERR_VALIDATION', {
        field: 'messages',
        detail: 'deleted or scheduled messages cannot be forwarded',
      });
    const seen = new Map<number, number | null>();
    for (const row of rows)
      if (!seen.has(row.ticketId))
        seen.set(row.ticketId, (await loadVisibleTicket(tx, ctx, row.ticketId)).row.whatsappId);
    await assertOwnedIds(tx, ctx.tenantId, contacts, 'contact', input.contact);
    const whatsappId = seen.get(rows[0]?.ticketId ?? 0) ?? null;
    const active = await findActiveTicket(tx, ctx.tenantId, input.contact, whatsappId);
    const order = new Map(input.messages.map((id, index) => [id, index]));
    return {
      sources: [...rows]
        .sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0))
        .map((row) => ({ row, whatsappId })),
      ticketId: active?.id ?? null,
    };
  });
  const whatsappId = sources[0]?.whatsappId ?? null;
  const targetId =
    ticketId ??
    (
      await createTicket(services, ctx, {
        contactId: input.contact,
        whatsappId,
        status: 'open',
        userId: ctx.userId,
        isActiveDemand: true,
      })
    ).id;
  const sent: TMessage[] = [];
  for (const { row } of sources)
    sent.push(
      await sendMessage(services, ctx, targetId, {
        body: row.body,
        media: row.mediaUrl
          ? {
              url: row.mediaUrl,
              name: row.mediaName ?? 'arquivo',
              mime: row.mediaMime ?? 'application/octet-stream',
              size: row.mediaSize ?? 0,
              mediaType: row.mediaType,
            }
          : undefined,
      }),
    );
  return sent;
};
