import type { TVisibilityTicket } from '@prosa/contracts';
import type { TDomainEventOf, TPublishedEvent } from '../../platform/events/domain-events.js';
import type { TEventListener } from '../../platform/events/event-bus.js';
import type { TServices } from '../../platform/services.js';
import { forgetListCounts } from './list-counts.js';

const heard = [
  'ticket.created',
  'ticket.updated',
  'ticket.transferred',
  'ticket.closed',
  'ticket.deleted',
  'contact.updated',
  'contact.deleted',
  'settings.updated',
  'user.changed',
  'user.deleted',
] as const;
type THeard = TPublishedEvent<TDomainEventOf<(typeof heard)[number]>>;

const sameIds = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((id, index) => id === b[index]);

/** Whether a ticket's change can move it in or out of a list: what the visibility rules and the tabs read. */
const visibilityMoved = (before: TVisibilityTicket | null, after: TVisibilityTicket): boolean =>
  before === null ||
  before.status !== after.status ||
  before.userId !== after.userId ||
  before.queueId !== after.queueId ||
  before.whatsappId !== after.whatsappId ||
  before.isGroup !== after.isGroup ||
  before.kanbanId !== after.kanbanId ||
  before.chatFlowId !== after.chatFlowId ||
  !sameIds(before.tagIds, after.tagIds) ||
  !sameIds(before.contactWalletUserIds, after.contactWalletUserIds);

/**
 * Drops the tenant's kept list totals (`list-counts.ts`) on every instance when a ticket comes, goes or changes
 * who may see it, or when a contact's wallets, the settings or the users change. A new message only moves a
 * ticket within its list (its `ticket.updated` keeps the same visibility), so the totals survive it.
 */
export const listCountsListener = (services: Pick<TServices, 'db'>): TEventListener<THeard['type']> => ({
  name: 'tickets.list-counts',
  events: heard,
  scope: 'instance',
  handle: async (event) => {
    if (event.type === 'ticket.updated' && !visibilityMoved(event.before, event.ticket)) return;
    // What a customer's side teaches of a contact (a profile name, a number's form) never touches its wallets.
    if (event.type === 'contact.updated' && event.byCustomer) return;
    forgetListCounts(services.db, event.tenantId);
  },
});
