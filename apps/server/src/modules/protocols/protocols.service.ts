import type { TTx } from '../../platform/db/client.js';
import { getTenantScope } from '../../platform/db/tenant-tx.js';
import { giveProtocols } from '../tickets/pending-protocols.js';
import { assignProtocols } from './protocols.repository.js';

/**
 * What the protocols module offers the other modules, inside their own tenant transaction (never
 * protocols.repository): a ticket's protocol, one at a time or for the tickets a transaction opened.
 */
export { nextProtocol } from './protocols.repository.js';

/**
 * The tickets `tx` opened get their protocols as its last statement (`getTenantScope(tx).last`: after the work
 * done just before the commit, such as the chat-flow engine's), so the tenant's counter, which every new ticket
 * of the tenant waits on, stays locked only until the commit. The ticket DTOs `tx` announced get them too, so
 * this instance's listeners see them (the others read the tickets).
 */
export const assignProtocolsLast = (tx: TTx, tenantId: number, opened: { ticketId: number; at: Date }[]) =>
  getTenantScope(tx).last(async () => {
    giveProtocols(tx, await assignProtocols(tx, tenantId, opened));
  });
