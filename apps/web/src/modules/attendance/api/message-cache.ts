import type { TMessage, TTicket } from '@prosa/contracts';

/** One page of GET /messages/:ticketId. Page 1 holds the newest messages; each page is oldest first. */
export type TMessagePage = { messages: TMessage[]; ticket: TTicket; count: number; hasMore: boolean };

export type TMessageEventType = 'chat:create' | 'chat:update' | 'chat:ack' | 'chat:delete';

const timeOf = (message: TMessage): number => message.timestamp || Date.parse(message.createdAt) || 0;

/** Spec §4: messages sorted ascending by timestamp (or creation time); ties keep the id order. */
export const compareMessages = (a: TMessage, b: TMessage): number => {
  const byTime = timeOf(a) - timeOf(b);
  if (byTime !== 0) return byTime;
  const byCreation = (Date.parse(a.createdAt) || 0) - (Date.parse(b.createdAt) || 0);
  if (byCreation !== 0) return byCreation;
  // Optimistic messages (negative ids) are the newest of all.
  if (a.id < 0 !== b.id < 0) return a.id < 0 ? 1 : -1;
  return a.id - b.id;
};

export const isOptimistic = (message: TMessage): boolean => message.id < 0;

const sameMessage = (a: TMessage, b: TMessage): boolean =>
  a.id === b.id || (a.idFront !== null && b.idFront !== null && a.idFront === b.idFront);

/** Server copies can arrive out of order (the POST answer after its ack): the newest change wins. */
const pickNewer = (current: TMessage, incoming: TMessage): TMessage => {
  if (isOptimistic(current) || isOptimistic(incoming)) return isOptimistic(incoming) ? current : incoming;
  return (Date.parse(current.updatedAt) || 0) >= (Date.parse(incoming.updatedAt) || 0) ? current : incoming;
};

/** The conversation on screen: every page, each message once, oldest first. */
export const flattenMessages = (pages: readonly TMessagePage[]): TMessage[] => {
  const result: TMessage[] = [];
  const byId = new Map<number, number>();
  const byIdFront = new Map<string, number>();
  for (const page of pages) {
    for (const message of page.messages) {
      const index = byId.get(message.id) ?? (message.idFront !== null ? byIdFront.get(message.idFront) : undefined);
      if (index === undefined) {
        byId.set(message.id, result.length);
        if (message.idFront !== null) byIdFront.set(message.idFront, result.length);
        result.push(message);
      } else {
        const kept = pickNewer(result[index] as TMessage, message);
        result[index] = kept;
        byId.set(kept.id, index);
      }
    }
  }
  return result.sort(compareMessages);
};

const findIn = (pages: readonly TMessagePage[], message: TMessage): { page: number; index: number } | null => {
  for (let page = 0; page < pages.length; page += 1) {
    const index = (pages[page] as TMessagePage).messages.findIndex((item) => sameMessage(item, message));
    if (index !== -1) return { page, index };
  }
  return null;
};

const replaceAt = (
  pages: TMessagePage[],
  at: { page: number; index: number },
  update: (current: TMessage) => TMessage,
): TMessagePage[] =>
  pages.map((page, pageIndex) => {
    if (pageIndex !== at.page) return page;
    const messages = page.messages.map((item, index) => (index === at.index ? update(item) : item));
    return { ...page, messages };
  });

const addToNewest = (pages: TMessagePage[], message: TMessage): TMessagePage[] => {
  const [newest, ...older] = pages;
  if (!newest) return pages;
  const messages = [...newest.messages, message].sort(compareMessages);
  return [{ ...newest, messages, count: newest.count + 1 }, ...older];
};

const oldestLoaded = (pages: readonly TMessagePage[]): number => {
  let oldest = Number.POSITIVE_INFINITY;
  for (const page of pages) for (const message of page.messages) oldest = Math.min(oldest, timeOf(message));
  return oldest;
};

/**
 * A realtime message event (or the server's answer to a send) applied to the loaded pages. The same message
 * is matched by id or by the client's idFront, so the optimistic bubble is replaced, never doubled.
 * Scheduled messages live in their own list, not in the conversation.
 */
export const applyMessageEvent = (
  pages: TMessagePage[],
  type: TMessageEventType,
  message: TMessage,
): TMessagePage[] => {
  if (pages.length === 0) return pages;
  const at = findIn(pages, message);
  if (at) {
    const current = (pages[at.page] as TMessagePage).messages[at.index] as TMessage;
    const next = pickNewer(current, message);
    return next === current ? pages : replaceAt(pages, at, () => next);
  }
  if (message.status === 'scheduled' || message.isDeleted) return pages;
  // A change to a message we do not hold: only one inside the loaded window (a scheduled one just sent) joins.
  if (type !== 'chat:create' && timeOf(message) < oldestLoaded(pages)) return pages;
  return addToNewest(pages, message);
};

export type TDraft = {
  idFront: string;
  ticket: Pick<TTicket, 'id' | 'contactId'>;
  userId: number | null;
  body: string;
  quoted: TMessage | null;
  now?: number;
};

/** The pending bubble shown the moment the agent sends (replaced by the server's copy). */
export const createOptimisticMessage = ({
  idFront,
  ticket,
  userId,
  body,
  quoted,
  now = Date.now(),
}: TDraft): TMessage => {
  const iso = new Date(now).toISOString();
  return {
    id: -now - Math.floor(Math.random() * 1000),
    messageId: null,
    idFront,
    ticketId: ticket.id,
    contactId: ticket.contactId,
    userId,
    fromMe: true,
    body,
    mediaType: 'chat',
    mediaUrl: null,
    mediaName: null,
    status: 'pending',
    failureReason: null,
    read: true,
    isDeleted: false,
    edition: null,
    reactions: [],
    quotedMsg: quoted
      ? {
          id: quoted.id,
          body: quoted.body,
          fromMe: quoted.fromMe,
          mediaType: quoted.mediaType,
          isDeleted: quoted.isDeleted,
        }
      : null,
    sendType: 'chat',
    scheduleDate: null,
    timestamp: now,
    createdAt: iso,
    updatedAt: iso,
  };
};

/** Add the optimistic bubble (to the newest page). */
export const addOptimisticMessage = (pages: TMessagePage[], message: TMessage): TMessagePage[] =>
  findIn(pages, message) ? pages : addToNewest(pages, message);

/** The send failed before the server stored it: the bubble turns red with the reason. */
export const failOptimisticMessage = (pages: TMessagePage[], idFront: string, reason: string): TMessagePage[] => {
  const at = pages.length > 0 ? findIn(pages, { id: 0, idFront } as TMessage) : null;
  if (!at) return pages;
  return replaceAt(pages, at, (current) =>
    isOptimistic(current) ? { ...current, status: 'failed', failureReason: reason } : current,
  );
};

/** Put a message back exactly as given (a retry that failed to start). */
export const restoreMessage = (pages: TMessagePage[], message: TMessage): TMessagePage[] => {
  const at = findIn(pages, message);
  return at ? replaceAt(pages, at, () => message) : pages;
};

/** Sending again: the bubble goes back to pending (a local failure keeps its idFront, so no duplicate). */
export const markMessagePending = (pages: TMessagePage[], message: TMessage): TMessagePage[] => {
  const at = findIn(pages, message);
  if (!at) return pages;
  return replaceAt(pages, at, (current) => ({ ...current, status: 'pending', failureReason: null }));
};

/** The scheduled list of the open ticket (§4): a scheduled message joins; once it is sent or cancelled it leaves. */
export const applyScheduledEvent = (list: TMessage[], message: TMessage): TMessage[] => {
  const rest = list.filter((item) => item.id !== message.id);
  if (message.status !== 'scheduled' || message.isDeleted) return rest.length === list.length ? list : rest;
  return [...rest, message].sort(
    (a, b) => (Date.parse(a.scheduleDate ?? '') || 0) - (Date.parse(b.scheduleDate ?? '') || 0),
  );
};
