import {
  defaultVisibilitySettings,
  isTicketVisible,
  phoneSearchDigits,
  type TTicket,
  type TTicketList,
  type TVisibilityFilter,
  type TVisibilitySettings,
  type TVisibilityViewer,
  toVisibilityTicket,
} from '@prosa/contracts';

/**
 * NOTE: the server already applies the permission rules (§5) and only sends a user the tickets that user may
 * see; the browser only places tickets in its tabs, with the tenant's settings from GET /settings. Until those
 * have arrived the lists use this stand-in, which leaves the permission-only rules open (null tickets
 * allowed): a rule here can only hide what the server allowed, never show what it refused.
 */
export const clientVisibilitySettings: TVisibilitySettings = { ...defaultVisibilitySettings, nullTickets: true };

/** One page of GET /tickets as the infinite query keeps it (`orderedBy` absent on a page made here). */
export type TTicketPage = Omit<TTicketList, 'orderedBy'> & Partial<Pick<TTicketList, 'orderedBy'>>;

/** What a list needs to decide whether a ticket belongs in it. */
export type TTicketListContext = {
  viewer: TVisibilityViewer;
  filter: TVisibilityFilter;
  settings: TVisibilitySettings;
  /** The list's search text: a new ticket joins a searched list only if it matches. */
  searchParam?: string;
  /** "Não lidas": a new ticket joins only with unread messages. */
  withUnreadMessages?: boolean;
};

export type TTicketListAction =
  | { type: 'ticket:create' | 'ticket:update'; payload: TTicket }
  | { type: 'ticket:delete'; payload: { id: number } }
  | { type: 'reset' };

const normalize = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/**
 * Client-side stand-in for the server search, for a ticket that arrives by socket: name, number (a Brazilian
 * mobile typed in its old eight-digit form too), protocol, or its last message contains the text. The server
 * searches every message of the ticket; a live ticket only brings its last one.
 */
export const matchesSearch = (ticket: TTicket, searchParam: string | undefined): boolean => {
  const wanted = normalize(searchParam?.trim() ?? '');
  if (!wanted) return true;
  const digits = wanted.replace(/\D/g, '');
  const haystack = [ticket.name, ticket.contact.name, ticket.protocol ?? '', ticket.lastMessage ?? ''].map(normalize);
  if (haystack.some((text) => text.includes(wanted))) return true;
  if (digits.length === 0 || digits !== wanted) return false;
  const number = ticket.contact.number ?? '';
  return phoneSearchDigits(digits).some((form) => number.includes(form));
};

const hasName = (ticket: TTicket): boolean => (ticket.name || ticket.contact.name).trim().length > 0;

/**
 * Visibility rules of spec §5 with the list's own filter. The list's statuses (its tab) always apply: "show
 * all" (rule 1) widens who sees a ticket, not which tab it belongs in.
 */
export const qualifiesForList = (ticket: TTicket, ctx: TTicketListContext): boolean =>
  ctx.filter.status.includes(ticket.status) &&
  isTicketVisible(toVisibilityTicket(ticket), ctx.viewer, ctx.filter, ctx.settings);

const isNewer = (incoming: TTicket, current: TTicket): boolean => {
  const next = Date.parse(incoming.lastMessageAt ?? '') || 0;
  const previous = Date.parse(current.lastMessageAt ?? '') || 0;
  return next > previous;
};

const withCount = (pages: TTicketPage[], delta: number): TTicketPage[] =>
  delta === 0 ? pages : pages.map((page) => ({ ...page, count: Math.max(0, page.count + delta) }));

const removeTicket = (pages: TTicketPage[], id: number): TTicketPage[] => {
  let removed = 0;
  const next = pages.map((page) => {
    const tickets = page.tickets.filter((ticket) => ticket.id !== id);
    removed += page.tickets.length - tickets.length;
    return tickets.length === page.tickets.length ? page : { ...page, tickets };
  });
  return removed === 0 ? pages : withCount(next, -1);
};

/** How the list was ordered by the server: newest message first unless a page says newest ticket first. */
const orderOf = (pages: TTicketPage[]): TTicketList['orderedBy'] => pages[0]?.orderedBy ?? 'lastMessage';

const createdOf = (ticket: TTicket): number => Date.parse(ticket.createdAt) || 0;

/**
 * Newest ticket first: a ticket new to the list goes where its creation puts it among those loaded; one older
 * than every loaded ticket while more pages wait stays for its page (counted now).
 */
const insertByCreation = (pages: TTicketPage[], ticket: TTicket): TTicketPage[] => {
  const at = createdOf(ticket);
  for (let index = 0; index < pages.length; index += 1) {
    const page = pages[index] as TTicketPage;
    const position = page.tickets.findIndex(
      (item) => createdOf(item) < at || (createdOf(item) === at && item.id < ticket.id),
    );
    if (position === -1) continue;
    const tickets = [...page.tickets.slice(0, position), ticket, ...page.tickets.slice(position)];
    return withCount(
      pages.map((item, i) => (i === index ? { ...page, tickets } : item)),
      1,
    );
  }
  const last = pages[pages.length - 1];
  if (last?.hasMore) return withCount(pages, 1);
  if (!last) return [{ tickets: [ticket], count: 1, hasMore: false }];
  return withCount(
    pages.map((item) => (item === last ? { ...last, tickets: [...last.tickets, ticket] } : item)),
    1,
  );
};

const prepend = (pages: TTicketPage[], ticket: TTicket): TTicketPage[] => {
  const [first, ...rest] = pages;
  if (!first) return [{ tickets: [ticket], count: 0, hasMore: false }];
  return [{ ...first, tickets: [ticket, ...first.tickets] }, ...rest];
};

const findTicket = (pages: TTicketPage[], id: number): TTicket | undefined => {
  for (const page of pages) {
    const found = page.tickets.find((ticket) => ticket.id === id);
    if (found) return found;
  }
  return undefined;
};

const updatedAtOf = (ticket: TTicket): number => Date.parse(ticket.updatedAt) || 0;

const upsertTicket = (pages: TTicketPage[], ticket: TTicket, ctx: TTicketListContext): TTicketPage[] => {
  const current = findTicket(pages, ticket.id);
  // An older copy than the one shown (a slow answer overtaken by a socket event) changes nothing: every change
  // of a ticket is dated later than the one before it (the server's `updated_at`).
  if (current && updatedAtOf(ticket) < updatedAtOf(current)) return pages;
  const qualifies = hasName(ticket) && qualifiesForList(ticket, ctx);
  if (!current) {
    // A ticket new to this list: only if the rules let it in, it has a name, and it fits the search and unread filter.
    if (!qualifies || !matchesSearch(ticket, ctx.searchParam)) return pages;
    if (ctx.withUnreadMessages && ticket.unreadMessages === 0) return pages;
    if (orderOf(pages) === 'created') return insertByCreation(pages, ticket);
    return withCount(prepend(pages, ticket), 1);
  }
  // An update re-filters: a ticket that no longer qualifies (closed, transferred away...) leaves the list.
  if (!qualifies) return removeTicket(pages, ticket.id);
  const merged: TTicket = { ...current, ...ticket };
  // Ordered by last message: unread messages (or a newer last message) take it to the top, as the server
  // would. Ordered by creation it keeps its place (unread tickets still come first on screen).
  if (orderOf(pages) === 'lastMessage' && (ticket.unreadMessages > 0 || isNewer(ticket, current))) {
    return prepend(
      pages.map((page) =>
        page.tickets.some((item) => item.id === ticket.id)
          ? { ...page, tickets: page.tickets.filter((item) => item.id !== ticket.id) }
          : page,
      ),
      merged,
    );
  }
  return pages.map((page) =>
    page.tickets.some((item) => item.id === ticket.id)
      ? { ...page, tickets: page.tickets.map((item) => (item.id === ticket.id ? merged : item)) }
      : page,
  );
};

/**
 * The ticket list's realtime patching of spec §4, pure, over the pages the infinite query holds.
 * Returns the same array when nothing changed.
 */
export const applyTicketEvent = (
  pages: TTicketPage[],
  action: TTicketListAction,
  ctx: TTicketListContext,
): TTicketPage[] => {
  switch (action.type) {
    case 'ticket:create':
    case 'ticket:update':
      return upsertTicket(pages, action.payload, ctx);
    case 'ticket:delete':
      return removeTicket(pages, action.payload.id);
    case 'reset':
      // Reset empties the list and sets hasMore true.
      return [{ tickets: [], count: 0, hasMore: true }];
    default: {
      const exhaustive: never = action;
      return exhaustive;
    }
  }
};

/**
 * The list on screen: pages joined, each ticket once. Loading a page merges by id: a ticket already shown
 * (a realtime event moved it up while later pages shifted) keeps its place with the freshest copy. Tickets
 * with unread messages come first (spec §4), each group in the server's order.
 */
export const flattenTickets = (pages: readonly TTicketPage[]): TTicket[] => {
  const order: number[] = [];
  const byId = new Map<number, TTicket>();
  for (const page of pages) {
    for (const ticket of page.tickets) {
      const seen = byId.get(ticket.id);
      if (!seen) {
        order.push(ticket.id);
        byId.set(ticket.id, ticket);
      } else if (updatedAtOf(ticket) > updatedAtOf(seen)) {
        byId.set(ticket.id, ticket);
      }
    }
  }
  const merged = order.map((id) => byId.get(id) as TTicket);
  return [
    ...merged.filter((ticket) => ticket.unreadMessages > 0),
    ...merged.filter((ticket) => !ticket.unreadMessages),
  ];
};
