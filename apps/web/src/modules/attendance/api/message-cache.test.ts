import type { TMessage } from '@prosa/contracts';
import { describe, expect, it } from 'vitest';
import { makeMessage, makeTicket } from '../test-fixtures';
import {
  addOptimisticMessage,
  applyMessageEvent,
  applyScheduledEvent,
  createOptimisticMessage,
  failOptimisticMessage,
  flattenMessages,
  markMessagePending,
  type TMessagePage,
} from './message-cache';

const at = (minute: number) => Date.parse(`2026-11-20T12:${String(minute).padStart(2, '0')}:00.000Z`);
const iso = (minute: number, second = 0) =>
  `2026-11-20T12:${String(minute).padStart(2, '0')}:${String(second).padStart(2, '0')}.000Z`;

const msg = (id: number, minute: number, overrides: Partial<TMessage> = {}): TMessage =>
  makeMessage({ id, timestamp: at(minute), createdAt: iso(minute), updatedAt: iso(minute), ...overrides });

/** Page 1 = newest (minutes 10-12), page 2 = older (minutes 1-3); each oldest first. */
const pagesOf = (): TMessagePage[] => [
  { messages: [msg(10, 10), msg(11, 11), msg(12, 12)], ticket: makeTicket(), count: 6, hasMore: true },
  { messages: [msg(1, 1), msg(2, 2), msg(3, 3)], ticket: makeTicket(), count: 6, hasMore: false },
];

const bodies = (pages: TMessagePage[]) => flattenMessages(pages).map((message) => message.id);

describe('flattenMessages', () => {
  it('joins the pages oldest first (§4: ascending by timestamp)', () => {
    expect(bodies(pagesOf())).toEqual([1, 2, 3, 10, 11, 12]);
  });

  it('keeps one copy of a message that two pages both hold (offsets shifted by new messages)', () => {
    const pages = pagesOf();
    pages[1]?.messages.push(msg(10, 10, { status: 'delivered', updatedAt: iso(13) }));
    const list = flattenMessages(pages);
    expect(list.map((message) => message.id)).toEqual([1, 2, 3, 10, 11, 12]);
    expect(list.find((message) => message.id === 10)?.status).toBe('delivered');
  });

  it('sorts by creation time on equal timestamps, then by id', () => {
    const pages: TMessagePage[] = [
      {
        messages: [
          msg(5, 5, { createdAt: iso(5, 30) }),
          msg(4, 5, { createdAt: iso(5, 10) }),
          msg(3, 5, { createdAt: iso(5, 10) }),
        ],
        ticket: makeTicket(),
        count: 3,
        hasMore: false,
      },
    ];
    expect(bodies(pages)).toEqual([3, 4, 5]);
  });
});

describe('applyMessageEvent', () => {
  it('chat:create adds a new message to the newest page', () => {
    const next = applyMessageEvent(pagesOf(), 'chat:create', msg(13, 13, { body: 'nova' }));
    expect(bodies(next)).toEqual([1, 2, 3, 10, 11, 12, 13]);
    expect(next[0]?.messages.at(-1)?.body).toBe('nova');
  });

  it('chat:create of a message already there (socket after the POST answer) changes nothing', () => {
    const pages = pagesOf();
    expect(applyMessageEvent(pages, 'chat:create', msg(12, 12))).toBe(pages);
  });

  it('chat:ack moves the ticks; an older copy arriving late does not move them back', () => {
    let pages = applyMessageEvent(
      pagesOf(),
      'chat:ack',
      msg(12, 12, { fromMe: true, status: 'read', updatedAt: iso(20) }),
    );
    expect(flattenMessages(pages).at(-1)?.status).toBe('read');
    pages = applyMessageEvent(
      pages,
      'chat:ack',
      msg(12, 12, { fromMe: true, status: 'delivered', updatedAt: iso(15) }),
    );
    expect(flattenMessages(pages).at(-1)?.status).toBe('read');
  });

  it('chat:update shows the edition; chat:delete the deleted state', () => {
    let pages = applyMessageEvent(pagesOf(), 'chat:update', msg(11, 11, { edition: 'corrigido', updatedAt: iso(30) }));
    expect(flattenMessages(pages).find((message) => message.id === 11)?.edition).toBe('corrigido');
    pages = applyMessageEvent(pages, 'chat:delete', msg(11, 11, { isDeleted: true, body: '', updatedAt: iso(31) }));
    expect(flattenMessages(pages).find((message) => message.id === 11)?.isDeleted).toBe(true);
  });

  it('ignores changes to messages older than what is loaded, and deletes of unknown messages', () => {
    const pages = pagesOf();
    expect(applyMessageEvent(pages, 'chat:update', msg(99, 0))).toBe(pages);
    expect(applyMessageEvent(pages, 'chat:delete', msg(98, 13, { isDeleted: true }))).toBe(pages);
  });

  it('a scheduled message stays out of the conversation until it is sent', () => {
    const pages = pagesOf();
    const scheduled = msg(20, 30, { fromMe: true, status: 'scheduled', sendType: 'schedule' });
    expect(applyMessageEvent(pages, 'chat:create', scheduled)).toBe(pages);
    const sent = applyMessageEvent(pages, 'chat:ack', { ...scheduled, status: 'sent', updatedAt: iso(31) });
    expect(bodies(sent).at(-1)).toBe(20);
  });

  it('does nothing while the conversation is not loaded', () => {
    expect(applyMessageEvent([], 'chat:create', msg(1, 1))).toEqual([]);
  });
});

describe('optimistic sending', () => {
  const ticket = makeTicket({ id: 1, contactId: 5 });
  const draft = (idFront: string, now = at(14)) =>
    createOptimisticMessage({ idFront, ticket, userId: 7, body: 'Já vou verificar', quoted: null, now });

  it('shows a pending bubble at once, as the newest message', () => {
    const bubble = draft('front-1');
    expect(bubble).toMatchObject({ status: 'pending', fromMe: true, idFront: 'front-1', ticketId: 1, contactId: 5 });
    expect(bubble.id).toBeLessThan(0);
    const pages = addOptimisticMessage(pagesOf(), bubble);
    expect(flattenMessages(pages).at(-1)?.idFront).toBe('front-1');
    // Adding the same bubble twice keeps one.
    expect(addOptimisticMessage(pages, bubble)).toBe(pages);
  });

  it('the POST answer replaces the bubble (matched by idFront), then chat:create of the same message is a no-op', () => {
    let pages = addOptimisticMessage(pagesOf(), draft('front-2'));
    const saved = msg(40, 14, { fromMe: true, idFront: 'front-2', status: 'pending', body: 'Já vou verificar' });
    pages = applyMessageEvent(pages, 'chat:create', saved);
    const after = flattenMessages(pages);
    expect(after.filter((message) => message.idFront === 'front-2')).toHaveLength(1);
    expect(after.at(-1)?.id).toBe(40);
    expect(applyMessageEvent(pages, 'chat:create', saved)).toBe(pages);
  });

  it('chat:create arriving before the POST answer also replaces the bubble, and the late answer changes nothing', () => {
    let pages = addOptimisticMessage(pagesOf(), draft('front-3'));
    const viaSocket = msg(41, 14, { fromMe: true, idFront: 'front-3', status: 'sent', updatedAt: iso(14, 2) });
    pages = applyMessageEvent(pages, 'chat:create', viaSocket);
    const lateAnswer = msg(41, 14, { fromMe: true, idFront: 'front-3', status: 'pending', updatedAt: iso(14, 1) });
    pages = applyMessageEvent(pages, 'chat:create', lateAnswer);
    const list = flattenMessages(pages).filter((message) => message.idFront === 'front-3');
    expect(list).toHaveLength(1);
    expect(list[0]?.status).toBe('sent');
  });

  it('a failed send turns the bubble red with the reason; "Reenviar" puts it back to pending', () => {
    let pages = addOptimisticMessage(pagesOf(), draft('front-4'));
    pages = failOptimisticMessage(pages, 'front-4', 'Sem conexão');
    const failed = flattenMessages(pages).at(-1) as TMessage;
    expect(failed).toMatchObject({ status: 'failed', failureReason: 'Sem conexão' });
    pages = markMessagePending(pages, failed);
    expect(flattenMessages(pages).at(-1)).toMatchObject({ status: 'pending', failureReason: null, idFront: 'front-4' });
  });

  it('a failure reported after the server already answered does not undo the stored message', () => {
    let pages = addOptimisticMessage(pagesOf(), draft('front-5'));
    pages = applyMessageEvent(pages, 'chat:create', msg(42, 14, { fromMe: true, idFront: 'front-5', status: 'sent' }));
    pages = failOptimisticMessage(pages, 'front-5', 'timeout');
    expect(flattenMessages(pages).at(-1)).toMatchObject({ id: 42, status: 'sent' });
  });

  it('keeps the quoted message on the bubble', () => {
    const quoted = msg(11, 11, { body: 'Qual o prazo?' });
    const bubble = createOptimisticMessage({ idFront: 'q', ticket, userId: 7, body: 'Amanhã', quoted, now: at(15) });
    expect(bubble.quotedMsg).toEqual({
      id: 11,
      body: 'Qual o prazo?',
      fromMe: false,
      mediaType: 'chat',
      isDeleted: false,
    });
  });
});

describe('applyScheduledEvent', () => {
  const scheduled = (id: number, minute: number) =>
    msg(id, minute, { fromMe: true, status: 'scheduled', sendType: 'schedule', scheduleDate: iso(minute) });

  it('adds a scheduled message in date order and removes it once sent or cancelled', () => {
    let list = applyScheduledEvent([], scheduled(2, 40));
    list = applyScheduledEvent(list, scheduled(1, 30));
    expect(list.map((message) => message.id)).toEqual([1, 2]);
    list = applyScheduledEvent(list, { ...scheduled(1, 30), status: 'sent' });
    expect(list.map((message) => message.id)).toEqual([2]);
    list = applyScheduledEvent(list, {
      ...scheduled(2, 40),
      isDeleted: true,
      status: 'failed',
      failureReason: 'canceled',
    });
    expect(list).toEqual([]);
  });

  it('leaves the list as it is for unrelated messages', () => {
    const list = [scheduled(1, 30)];
    expect(applyScheduledEvent(list, msg(5, 5))).toBe(list);
  });
});
