import { z } from 'zod';
import { canShowAll, type TProfile } from './profiles.js';
import { type TTicket, type TTicketStatus, ticketStatuses, ZTicketStatus } from './tickets.js';

/** What the visibility rules read of a ticket (build it with `toVisibilityTicket`). */
export type TVisibilityTicket = {
  id: number;
  status: TTicketStatus;
  userId: number | null;
  queueId: number | null;
  /** The connection the ticket runs on. */
  whatsappId: number | null;
  /** Channel type, e.g. 'whatsapp', 'waba', 'telegram'. */
  channel: string;
  isGroup: boolean;
  kanbanId: number | null;
  tagIds: number[];
  chatFlowId: number | null;
  /** Users whose wallet holds the ticket's contact. */
  contactWalletUserIds: number[];
};

/** The user looking at the list (or whose sockets may receive the ticket). */
export type TVisibilityViewer = {
  userId: number;
  profile: TProfile;
  /** The queues the user is registered in. */
  queueIds: number[];
};

const ZIdList = z.array(z.number().int()).default(() => []);

/**
 * The part of the attendance filter (§3) the visibility rules read. Unknown keys are stripped, so a stored
 * `filtrosAtendimento` parses as is.
 */
export const ZVisibilityFilter = z.object({
  status: z.array(ZTicketStatus).default((): TTicketStatus[] => ['open', 'pending']),
  showAll: z.boolean().default(false),
  queuesIds: ZIdList,
  /** Connections. */
  whatsappIds: ZIdList,
  /** Channel types. */
  channels: z.array(z.string()).default(() => []),
  selectedUser: ZIdList,
  kanbanId: z.number().int().nullable().default(null),
  tagIds: ZIdList,
  isNotAssignedUser: z.boolean().default(false),
  includeNotQueueDefined: z.boolean().default(true),
});
export type TVisibilityFilter = z.infer<typeof ZVisibilityFilter>;

export const defaultVisibilityFilter: TVisibilityFilter = ZVisibilityFilter.parse({});

/** The tenant settings the rules read (§3 Local settings and the four other visibility settings). */
export const ZVisibilitySettings = z.object({
  notViewTicketsChatBot: z.boolean().default(false),
  directTicketsToWallets: z.boolean().default(false),
  notViewAssignedTickets: z.boolean().default(false),
  showClosedToEverybody: z.boolean().default(false),
  showGroupsToAll: z.boolean().default(false),
  nullTickets: z.boolean().default(false),
  supervisorAdmin: z.boolean().default(false),
});
export type TVisibilitySettings = z.infer<typeof ZVisibilitySettings>;

export const defaultVisibilitySettings: TVisibilitySettings = ZVisibilitySettings.parse({});

/** The fields of an API ticket the rules read. */
export const toVisibilityTicket = (ticket: TTicket): TVisibilityTicket => ({
  id: ticket.id,
  status: ticket.status,
  userId: ticket.userId,
  queueId: ticket.queueId,
  whatsappId: ticket.whatsappId,
  channel: ticket.channel,
  isGroup: ticket.isGroup,
  kanbanId: ticket.kanban,
  tagIds: ticket.tags.map((tag) => tag.id),
  chatFlowId: ticket.chatFlowId,
  contactWalletUserIds: ticket.contact.wallets.map((wallet) => wallet.id),
});

const isIn = (ids: readonly number[], id: number | null): boolean => id !== null && ids.includes(id);

/** A 'user' agent with registered queues is bound to them (§6). */
const isQueueBoundAgent = (viewer: TVisibilityViewer): boolean =>
  viewer.profile === 'user' && viewer.queueIds.length > 0;

/** The queue filter of rule 13, also the limit of rule 9. No filter: every queue passes. */
const passesQueueFilter = (ticket: TVisibilityTicket, filter: TVisibilityFilter): boolean => {
  if (filter.queuesIds.length === 0) return true;
  if (ticket.queueId === null) return filter.includeNotQueueDefined;
  return filter.queuesIds.includes(ticket.queueId);
};

/**
 * The ticket visibility rules of spec §5, in their order: the first rule that decides wins, a ticket no rule
 * hides is visible. Pure, so the browser filters its list and the server picks socket audiences with it;
 * `visibility-sql.ts` on the server mirrors it rule by rule for paginated lists.
 */
export const isTicketVisible = (
  ticket: TVisibilityTicket,
  viewer: TVisibilityViewer,
  filter: TVisibilityFilter,
  settings: TVisibilitySettings,
): boolean => {
  // 1. Admin or super with showAll: always visible, within the connections the admin filtered on.
  if (filter.showAll && canShowAll(viewer.profile))
    return filter.whatsappIds.length === 0 || isIn(filter.whatsappIds, ticket.whatsappId);
  // 2. Closed tickets shown to everybody; a queue-bound agent only those of their queues.
  if (settings.showClosedToEverybody && ticket.status === 'closed') {
    return !isQueueBoundAgent(viewer) || isIn(viewer.queueIds, ticket.queueId);
  }
  // 3. Status must be in the filter's list (an empty list shows nothing).
  if (!filter.status.includes(ticket.status)) return false;
  // 4. Groups: visible to everyone with show-groups-to-all; otherwise they go through the rules below like any ticket.
  if (ticket.isGroup && settings.showGroupsToAll) return true;
  // 5. Channel filter: channel types and connections.
  if (filter.channels.length > 0 && !filter.channels.includes(ticket.channel)) return false;
  if (filter.whatsappIds.length > 0 && !isIn(filter.whatsappIds, ticket.whatsappId)) return false;
  // 6. User filter (an unassigned ticket belongs to none of them).
  if (filter.selectedUser.length > 0 && !isIn(filter.selectedUser, ticket.userId)) return false;
  // 7. Kanban filter: a ticket on another kanban, or on none, is excluded.
  if (filter.kanbanId !== null && ticket.kanbanId !== filter.kanbanId) return false;
  // 8. Tag filter: the ticket carries at least one of the tags.
  if (filter.tagIds.length > 0 && !filter.tagIds.some((tagId) => ticket.tagIds.includes(tagId))) return false;
  // 9. Assigned to the viewer: visible, limited by the queue filter if set.
  if (ticket.userId === viewer.userId) return passesQueueFilter(ticket, filter);
  // 10. NotViewTicketsChatBot: no user, no queue, but in a chat flow: hidden.
  if (settings.notViewTicketsChatBot && ticket.userId === null && ticket.queueId === null && ticket.chatFlowId !== null)
    return false;
  // 11. NotViewAssignedTickets: assigned to someone else: hidden.
  // NOTE: admins too (they keep rule 1); only a supervisor with supervisor-admin enabled still sees them.
  const seesAssignedToOthers = viewer.profile === 'supervisor' && settings.supervisorAdmin;
  if (settings.notViewAssignedTickets && ticket.userId !== null && !seesAssignedToOthers) return false;
  // 12. A queue-bound agent sees only their queues' tickets; with the null-ticket setting also queue-less ones.
  if (isQueueBoundAgent(viewer)) {
    const allowed = ticket.queueId === null ? settings.nullTickets : viewer.queueIds.includes(ticket.queueId);
    if (!allowed) return false;
  }
  // 13. Queue filter excludes other queues; queue-less tickets pass only with includeNotQueueDefined.
  if (!passesQueueFilter(ticket, filter)) return false;
  // 14. DirectTicketsToWallets: a contact with wallets is seen only by its wallet users.
  if (
    settings.directTicketsToWallets &&
    ticket.contactWalletUserIds.length > 0 &&
    !ticket.contactWalletUserIds.includes(viewer.userId)
  )
    return false;
  // 15. Not-assigned filter keeps only tickets without a user.
  if (filter.isNotAssignedUser && ticket.userId !== null) return false;
  return true;
};

/** The tickets of a list the viewer sees under the filter, in their order. */
export const visibleTickets = <T extends TVisibilityTicket>(
  tickets: readonly T[],
  viewer: TVisibilityViewer,
  filter: TVisibilityFilter,
  settings: TVisibilitySettings,
): T[] => tickets.filter((ticket) => isTicketVisible(ticket, viewer, filter, settings));

/**
 * The filter for "may this user see this ticket at all": every status, no channel, user, kanban, tag, queue
 * or not-assigned choice, and showAll for the profiles allowed to use it.
 */
export const socketVisibilityFilter = (profile: TProfile): TVisibilityFilter => ({
  ...defaultVisibilityFilter,
  status: [...ticketStatuses],
  showAll: canShowAll(profile),
});

/**
 * The users whose sockets receive a ticket's events.
 *
 * The server does not know the filter each browser has on screen (tab, queues, tags, ...), and the browser
 * re-applies its own filter with `isTicketVisible` on every event. So the audience is decided with
 * `socketVisibilityFilter`: with it the UI rules (3, 5-8, 13, 15) pass every ticket and only the permission
 * rules decide: 1 (admin-type profiles always receive), 2 (closed to everybody), 4 (groups to all),
 * 9 (own tickets), 10 (chat bot), 11 (assigned to others), 12 (queue-bound agents) and 14 (wallets).
 * NOTE: using any narrower filter here would starve a browser that changes its filter later; any wider one
 * would leak conversations to users the rules hide them from.
 */
export const whoCanSee = (
  ticket: TVisibilityTicket,
  viewers: readonly TVisibilityViewer[],
  settings: TVisibilitySettings,
): number[] => {
  const userIds = viewers
    .filter((viewer) => isTicketVisible(ticket, viewer, socketVisibilityFilter(viewer.profile), settings))
    .map((viewer) => viewer.userId);
  return [...new Set(userIds)];
};
