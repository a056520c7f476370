import { and, asc, eq, gt, lt, or, sql } from 'drizzle-orm';
import { tickets } from '../../platform/db/schema.js';
import { withTenant } from '../../platform/db/tenant-tx.js';
import type { TServices } from '../../platform/services.js';
import { queueAutomaticMessage } from '../messages/queue-automatic-message.js';
import { getTenantSettings } from '../settings/settings.reader.js';
import { fillTicketText } from '../variables/variables.service.js';
import { closeTicketBySystem } from './close-by-system.js';
import { notifyConversationEnded } from './notify-conversation-ended.js';
import { publishTicketChange } from './ticket-events.js';
import { loadTicketDto } from './ticket-rules.js';
import { findTicketRow } from './tickets.service.js';

/** Tickets one run closes at most; a full batch leaves the rest to a follow-up run (auto-close.job.ts). */
export const AUTO_CLOSE_BATCH = 100;

type TAutoCloseServices = Pick<TServices, 'db' | 'events' | 'outbound' | 'channels' | 'log'>;
/** Keyset position: the last ticket a batch looked at, by (last message time, id). */
export type TAutoCloseCursor = { at: string; id: number };

/**
 * Closes one idle ticket, if it still is at `now` (checked under its row lock: a customer who wrote meanwhile,
 * or an agent who closed it, wins): the auto-close message first (queued, variables filled), then the close,
 * logged `autoClose` with no user, published as `ticket.updated` + `ticket.closed`. Idempotent.
 */
const closeIdleTicket = async (
  services: TAutoCloseServices,
  tenantId: number,
  ticketId: number,
  run: { now: Date; threshold: Date; minutes: number; message: string },
): Promise<boolean> => {
  const closed = await withTenant(services.db, tenantId, async (tx) => {
    const row = await findTicketRow(tx, tenantId, ticketId, { forUpdate: true });
    if (row?.status !== 'open' || !row.lastMessageAt || row.lastMessageAt >= run.threshold) return null;
    const before = await loadTicketDto(tx, tenantId, row.id);
    // The tenant's variables and zone, the ticket's agent as {{user}}, at the run's time.
    const body = run.message.trim() ? await fillTicketText(tx, tenantId, before, run.message, { at: run.now }) : '';
    if (body) await queueAutomaticMessage(services, tx, tenantId, before, { body, sendType: 'autoClose', at: run.now });
    await closeTicketBySystem(tx, tenantId, row, {
      at: run.now,
      logType: 'autoClose',
      data: { reason: 'inactivity', minutes: run.minutes },
    });
    const after = await loadTicketDto(tx, tenantId, row.id);
    await publishTicketChange(services, tx, tenantId, { before, after, byUserId: null });
    return { before, after };
  });
  if (!closed) return false;
  await notifyConversationEnded(services, tenantId, closed.after, closed.before);
  return true;
};

/**
 * One auto-close run of a tenant for the time `now`: with `autoClose` on (minutes), the open tickets whose
 * last message is older than that are closed, oldest first, at most AUTO_CLOSE_BATCH of them; `next` is
 * where a follow-up run goes on when the batch was full.
 */
export const closeIdleTickets = async (
  services: TAutoCloseServices,
  tenantId: number,
  now: Date,
  after?: TAutoCloseCursor,
): Promise<{ closed: number; next: TAutoCloseCursor | null }> => {
  const plan = await withTenant(services.db, tenantId, async (tx) => {
    const settings = await getTenantSettings(tx, tenantId);
    const minutes = Number(settings.autoClose);
    if (!Number.isFinite(minutes) || minutes <= 0) return null;
    const threshold = new Date(now.getTime() - minutes * 60_000);
    const keyset = after
      ? or(
          gt(tickets.lastMessageAt, new Date(after.at)),
          and(eq(tickets.lastMessageAt, new Date(after.at)), gt(tickets.id, after.id)),
        )
      : undefined;
    // Read through tickets_tenant_status_order_idx (tenant, status, last message time).
    const rows = await tx
      .select({ id: tickets.id, lastMessageAt: tickets.lastMessageAt })
      .from(tickets)
      .where(
        and(
          eq(tickets.tenantId, tenantId),
          eq(tickets.status, 'open'),
          lt(tickets.lastMessageAt, threshold),
          sql`${tickets.lastMessageAt} is not null`,
          keyset,
        ),
      )
      .orderBy(asc(tickets.lastMessageAt), asc(tickets.id))
      .limit(AUTO_CLOSE_BATCH);
    return { rows, minutes, threshold, message: settings.autoCloseMessage };
  });
  if (!plan) return { closed: 0, next: null };
  let closed = 0;
  for (const row of plan.rows) {
    if (await closeIdleTicket(services, tenantId, row.id, { now, ...plan })) closed += 1;
  }
  const last = plan.rows.at(-1);
  const next =
    plan.rows.length === AUTO_CLOSE_BATCH && last?.lastMessageAt
      ? { at: last.lastMessageAt.toISOString(), id: last.id }
      : null;
  return { closed, next };
};
