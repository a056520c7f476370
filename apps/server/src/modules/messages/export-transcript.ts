import { stringify } from 'csv-stringify/sync';
import { eq } from 'drizzle-orm';
import type { TRequestContext } from '../../platform/auth/authenticate.js';
import { tenants } from '../../platform/db/schema.js';
import { withTenant } from '../../platform/db/tenant-tx.js';
import type { TServices } from '../../platform/services.js';
import { loadVisibleTicket } from '../tickets/load-visible-ticket.js';
import { findTicketTranscript } from './messages.repository.js';

/** More than any real conversation; a transcript is never unbounded. */
const MAX_MESSAGES = 20_000;

export type TTranscript = { fileName: string; contentType: string; body: string };

const mediaLabel = (mediaType: string, mediaName: string | null) =>
  mediaType === 'chat' ? '' : `[${mediaType}${mediaName ? `: ${mediaName}` : ''}]`;

/**
 * GET /exportMessages/:ticketId: the conversation as text (default) or CSV, dated in the tenant's time zone,
 * for a ticket the user may see. Deleted messages show as such, never their old text.
 */
export const exportTranscript = (
  services: Pick<TServices, 'db'>,
  ctx: TRequestContext,
  ticketId: number,
  format: 'txt' | 'csv',
): Promise<TTranscript> =>
  withTenant(services.db, ctx.tenantId, async (tx) => {
    const { before: ticket } = await loadVisibleTicket(tx, ctx, ticketId);
    const [tenant] = await tx.select({ timezone: tenants.timezone }).from(tenants).where(eq(tenants.id, ctx.tenantId));
    const dateOf = new Intl.DateTimeFormat('pt-BR', {
      timeZone: tenant?.timezone ?? 'America/Sao_Paulo',
      dateStyle: 'short',
      timeStyle: 'short',
    });
    const rows = (await findTicketTranscript(tx, ctx.tenantId, ticket.id, MAX_MESSAGES)).map(
      ({ message, userName }) => ({
        at: dateOf.format(new Date(message.timestamp)),
        sender: message.fromMe ? (userName ?? 'Sistema') : ticket.contact.name,
        text: message.isDeleted
          ? 'Mensagem apagada'
          : [message.edition ?? message.body, mediaLabel(message.mediaType, message.mediaName)]
              .filter(Boolean)
              .join(' '),
      }),
    );
    const base = `atendimento-${ticket.id}${ticket.protocol ? `-${ticket.protocol}` : ''}`;
    if (format === 'csv')
      return {
        fileName: `${base}.csv`,
        contentType: 'text/csv; charset=utf-8',
        body: `\uFEFF${stringify(rows, { header: true, columns: { at: 'data', sender: 'remetente', text: 'mensagem' } })}`,
      };
    const header = [
      `Atendimento #${ticket.id}${ticket.protocol ? ` (protocolo ${ticket.protocol})` : ''}`,
      `Contato: ${ticket.contact.name}${ticket.contact.number ? ` ${ticket.contact.number}` : ''}`,
      '',
    ];
    return {
      fileName: `${base}.txt`,
      contentType: 'text/plain; charset=utf-8',
      body: `${[...header, ...rows.map((row) => `[${row.at}] ${row.sender}: ${row.text}`)].join('\n')}\n`,
    };
  });
