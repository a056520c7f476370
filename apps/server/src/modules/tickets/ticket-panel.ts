import {
  canShowAll,
  defaultVisibilityFilter,
  panelTicketsPerQueue,
  type TPanelQueue,
  type TTicketPanel,
  type TVisibilityFilter,
} from '@prosa/contracts';
import type { TRequestContext } from '../../platform/auth/authenticate.js';
import { withTenant } from '../../platform/db/tenant-tx.js';
import type { TServices } from '../../platform/services.js';
import { countActiveTicketsByQueue, findPanelQueues, findRecentActiveTickets } from './ticket-panel.repository.js';
import { loadViewer } from './visibility-context.js';
import { visibilityCondition } from './visibility-sql.js';

/**
 * GET /dash-tickets-queues: open and pending tickets per queue of the tenant plus "Sem fila", counted and
 * listed under the viewer's visibility rules (admins see everything, as with showAll), so an agent's panel
 * never reveals a conversation their list would hide.
 */
export const getTicketPanel = (services: Pick<TServices, 'db'>, ctx: TRequestContext): Promise<TTicketPanel> =>
  withTenant(services.db, ctx.tenantId, async (tx) => {
    const { viewer, settings } = await loadViewer(tx, ctx.tenantId, ctx);
    const filter: TVisibilityFilter = {
      ...defaultVisibilityFilter,
      status: ['open', 'pending'],
      showAll: canShowAll(ctx.profile),
    };
    const visible = visibilityCondition(viewer, filter, settings);
    const [queueRows, counts, rows] = await Promise.all([
      findPanelQueues(tx, ctx.tenantId),
      countActiveTicketsByQueue(tx, ctx.tenantId, visible),
      findRecentActiveTickets(tx, ctx.tenantId, visible, panelTicketsPerQueue),
    ]);
    const columns = new Map<number | null, TPanelQueue>();
    for (const queue of queueRows) columns.set(queue.id, { ...queue, open: 0, pending: 0, tickets: [] });
    columns.set(null, { id: null, name: null, color: null, open: 0, pending: 0, tickets: [] });
    for (const row of counts) {
      const column = columns.get(row.queueId);
      if (column && (row.status === 'open' || row.status === 'pending')) column[row.status] = row.count;
    }
    for (const row of rows) {
      const column = columns.get(row.queueId);
      if (!column || (row.status !== 'open' && row.status !== 'pending')) continue;
      column.tickets.push({
        id: row.id,
        contactName: row.contactName,
        userName: row.userName,
        status: row.status,
        lastMessageAt: row.lastMessageAt?.toISOString() ?? null,
        unreadMessages: row.unreadMessages,
      });
    }
    return { queues: [...columns.values()] };
  });
