import {
  PAGE_SIZE,
  type TScheduleFilters,
  type TScheduleList,
  type TScheduleStatus,
  ZScheduleOptions,
} from '@prosa/contracts';
import { and, asc, count, desc, eq, gte, isNotNull, lte, ne, type SQL, sql } from 'drizzle-orm';
import type { TRequestContext } from '../../platform/auth/authenticate.js';
import { connections, contacts, messageSchedules, messages, tickets, users } from '../../platform/db/schema.js';
import { withTenant } from '../../platform/db/tenant-tx.js';
import type { TServices } from '../../platform/services.js';
import { permissionFilter } from '../tickets/load-visible-ticket.js';
import { loadViewer } from '../tickets/visibility-context.js';
import { visibilityCondition } from '../tickets/visibility-sql.js';

/** A schedule's state as the screen names it, from its message and its options row. */
const statusCondition = (status: TScheduleStatus): SQL | undefined => {
  switch (status) {
    case 'pending':
      return and(eq(messages.status, 'scheduled'), eq(messages.isDeleted, false));
    case 'cancelled':
      return and(eq(messages.isDeleted, true), eq(messages.failureReason, 'canceled'));
    case 'failed':
      return and(eq(messages.status, 'failed'), eq(messages.isDeleted, false));
    case 'sent':
      return and(ne(messages.status, 'scheduled'), ne(messages.status, 'failed'), eq(messages.isDeleted, false));
  }
};

const statusOf = (row: { status: string; isDeleted: boolean; failureReason: string | null }): TScheduleStatus => {
  if (row.isDeleted) return 'cancelled';
  if (row.status === 'scheduled') return 'pending';
  if (row.status === 'failed') return 'failed';
  return 'sent';
};

/**
 * GET /messagesSchedule: the tenant's schedules of the tickets the caller may see (the ticket list's
 * visibility rules; admins see them all), with filters. Pending ones soonest first, then the rest latest first.
 */
export const listSchedules = (
  services: Pick<TServices, 'db'>,
  ctx: TRequestContext,
  filters: TScheduleFilters,
): Promise<TScheduleList> =>
  withTenant(services.db, ctx.tenantId, async (tx) => {
    const { viewer, settings } = await loadViewer(tx, ctx.tenantId, ctx);
    const creator = sql<string | null>`${users.name}`;
    // NOTE: tenant on every joined table; the visibility condition reads the joined ticket's columns.
    const condition = and(
      eq(messages.tenantId, ctx.tenantId),
      eq(messages.sendType, 'schedule'),
      isNotNull(messages.scheduleDate),
      eq(tickets.tenantId, ctx.tenantId),
      visibilityCondition(viewer, permissionFilter(ctx.profile), settings),
      filters.status ? statusCondition(filters.status) : undefined,
      filters.from ? gte(messages.scheduleDate, new Date(filters.from)) : undefined,
      filters.to ? lte(messages.scheduleDate, new Date(filters.to)) : undefined,
      filters.contactId ? eq(messages.contactId, filters.contactId) : undefined,
      filters.whatsappId ? eq(messages.whatsappId, filters.whatsappId) : undefined,
      filters.userId ? eq(messages.userId, filters.userId) : undefined,
    );
    const base = tx
      .select({
        message: messages,
        schedule: messageSchedules,
        contact: { id: contacts.id, name: contacts.name, number: contacts.number },
        connectionId: connections.id,
        connectionName: connections.name,
        creatorName: creator,
      })
      .from(messages)
      .innerJoin(tickets, eq(tickets.id, messages.ticketId))
      .innerJoin(contacts, and(eq(contacts.id, messages.contactId), eq(contacts.tenantId, ctx.tenantId)))
      .leftJoin(
        messageSchedules,
        and(eq(messageSchedules.messageId, messages.id), eq(messageSchedules.tenantId, ctx.tenantId)),
      )
      .leftJoin(connections, and(eq(connections.id, messages.whatsappId), eq(connections.tenantId, ctx.tenantId)))
      .leftJoin(users, and(eq(users.id, messages.userId), eq(users.tenantId, ctx.tenantId)))
      .where(condition);
    const pendingFirst = sql`case when ${messages.status} = 'scheduled' and not ${messages.isDeleted} then 0 else 1 end`;
    const pendingSoonest = sql`case when ${messages.status} = 'scheduled' and not ${messages.isDeleted} then ${messages.scheduleDate} end`;
    const rows = await base
      .orderBy(asc(pendingFirst), asc(pendingSoonest), desc(messages.scheduleDate), desc(messages.id))
      .limit(PAGE_SIZE + 1)
      .offset((filters.page - 1) * PAGE_SIZE);
    const [total] = await tx
      .select({ n: count() })
      .from(messages)
      .innerJoin(tickets, eq(tickets.id, messages.ticketId))
      .where(condition);
    const schedules = rows.slice(0, PAGE_SIZE).map(({ message, schedule, contact, ...row }) => ({
      id: message.id,
      ticketId: message.ticketId,
      body: message.body,
      mediaType: message.mediaType,
      mediaUrl: message.mediaUrl,
      mediaName: message.mediaName,
      scheduleDate: (message.scheduleDate as Date).toISOString(),
      status: statusOf(message),
      messageStatus: message.status,
      failureReason: message.isDeleted ? null : message.failureReason,
      cancelReason: schedule?.cancelReason ?? (message.isDeleted ? 'agent' : null),
      cancelledAt: schedule?.cancelledAt?.toISOString() ?? null,
      firedAt: schedule?.firedAt?.toISOString() ?? null,
      contact,
      connection: row.connectionId ? { id: row.connectionId, name: row.connectionName ?? '' } : null,
      createdBy: message.userId && row.creatorName ? { id: message.userId, name: row.creatorName } : null,
      options: ZScheduleOptions.parse(schedule ?? {}),
      createdAt: message.createdAt.toISOString(),
    }));
    return { schedules, count: total?.n ?? 0, hasMore: rows.length > PAGE_SIZE };
  });
