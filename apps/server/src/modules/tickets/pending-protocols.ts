import type { TTicket } from '@prosa/contracts';
import type { TExecutor } from '../../platform/db/client.js';
import { getTenantScope, isTenantTx } from '../../platform/db/tenant-tx.js';

const waiting = new WeakMap<object, TTicket[]>();

/**
 * A ticket DTO about to be announced while its ticket has no protocol yet: a ticket opened by this transaction
 * gets it last, just before the commit (see `assignProtocolsLast`), after whatever else the transaction announced
 * about it (its message, the chat-flow engine's step). Kept to be given it then (`giveProtocols`).
 */
export const awaitProtocol = (tx: TExecutor, ticket: TTicket): void => {
  if (ticket.protocol !== null || !isTenantTx(tx)) return;
  const { root } = getTenantScope(tx);
  const list = waiting.get(root);
  if (list) list.push(ticket);
  else waiting.set(root, [ticket]);
};

/** The protocols the transaction just assigned, given to the DTOs it announced for those tickets. */
export const giveProtocols = (tx: TExecutor, protocols: ReadonlyMap<number, string>): void => {
  const { root } = getTenantScope(tx);
  for (const ticket of waiting.get(root) ?? []) ticket.protocol = protocols.get(ticket.id) ?? ticket.protocol;
};
