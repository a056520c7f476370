import type { TTicketStatus, TVisibilityTicket } from '@prosa/contracts';
import { sql } from 'drizzle-orm';
import { queryRows, type TExecutor } from '../../platform/db/client.js';

type TVisibilityRow = {
  id: number;
  status: TTicketStatus;
  user_id: number | null;
  queue_id: number | null;
  whatsapp_id: number | null;
  channel: string;
  is_group: boolean;
  kanban: number | null;
  chat_flow_id: number | null;
  tag_ids: number[];
  wallet_ids: number[];
};

/**
 * What the visibility rules read of one ticket, in one light statement: for events that only need to reach the
 * ticket's audience (a message's delivery state), where the full DTO's joins would be most of the work.
 */
export const loadVisibilityTicket = async (
  tx: TExecutor,
  tenantId: number,
  ticketId: number,
): Promise<TVisibilityTicket | undefined> => {
  const [row] = await queryRows<TVisibilityRow>(
    tx,
    sql`select t.id, t.status, t.user_id, t.queue_id, t.whatsapp_id, t.channel, t.is_group, t.kanban, t.chat_flow_id,
      coalesce((select array_agg(tt.tag_id) from ticket_tags tt
        where tt.tenant_id = t.tenant_id and tt.ticket_id = t.id), '{}') as tag_ids,
      coalesce((select array_agg(cw.user_id) from contact_wallets cw
        where cw.tenant_id = t.tenant_id and cw.contact_id = t.contact_id), '{}') as wallet_ids
    from tickets t where t.tenant_id = ${tenantId} and t.id = ${ticketId}`,
  );
  if (!row) return undefined;
  return {
    id: Number(row.id),
    status: row.status,
    userId: row.user_id === null ? null : Number(row.user_id),
    queueId: row.queue_id === null ? null : Number(row.queue_id),
    whatsappId: row.whatsapp_id === null ? null : Number(row.whatsapp_id),
    channel: row.channel,
    isGroup: row.is_group,
    kanbanId: row.kanban === null ? null : Number(row.kanban),
    tagIds: row.tag_ids.map(Number),
    chatFlowId: row.chat_flow_id === null ? null : Number(row.chat_flow_id),
    contactWalletUserIds: row.wallet_ids.map(Number),
  };
};
