import { AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { describe, expect, it } from 'vitest';
import { shouldPlayNewMessageSound } from '../../shell/alerts/notification-sound';
import { makeMessage, makeTicket } from '../test-fixtures';
import { buildChatItems, messageKey } from './chat-items';
import { formatDayLabel, formatRelativeTime, localInputToIsoWithOffset } from './format-time';
import { getOtherOpenTicket } from './other-open-ticket';
import { fillQuickReply, filterFastReplies, quickReplyQuery } from './quick-replies';
import { unreadTitle } from './use-unread-title';

const now = Date.parse('2026-11-20T15:00:00');

describe('relative time (pt-BR)', () => {
  it('reads like a person would say it', () => {
    expect(formatRelativeTime(new Date(now - 20_000).toISOString(), now, 'pt-BR')).toBe('agora');
    expect(formatRelativeTime(new Date(now - 5 * 60_000).toISOString(), now, 'pt-BR')).toBe('há 5 min.');
    expect(formatRelativeTime(new Date(now - 3 * 3_600_000).toISOString(), now, 'pt-BR')).toBe('há 3 h');
    expect(formatRelativeTime('2026-11-19T10:00:00', now, 'pt-BR')).toBe('ontem');
    expect(formatRelativeTime('2026-11-16T10:00:00', now, 'pt-BR')).toBe('há 4 dias');
    expect(formatRelativeTime('2026-10-01T10:00:00', now, 'pt-BR')).toBe('01/10/26');
    expect(formatRelativeTime(null, now)).toBe('');
  });

  it('labels day separators Hoje, Ontem or the long date', () => {
    expect(formatDayLabel(Date.parse('2026-11-20T08:00:00'), now, 'pt-BR')).toBe('Hoje');
    expect(formatDayLabel(Date.parse('2026-11-19T23:00:00'), now, 'pt-BR')).toBe('Ontem');
    expect(formatDayLabel(Date.parse('2026-11-02T10:00:00'), now, 'pt-BR')).toBe('2 de novembro de 2026');
  });
});

describe('chat items', () => {
  it('puts a day separator before each new day, keyed so prepending older messages keeps keys stable', () => {
    const messages = [
      makeMessage({ id: 1, timestamp: Date.parse('2026-11-19T10:00:00') }),
      makeMessage({ id: 2, timestamp: Date.parse('2026-11-19T11:00:00') }),
      makeMessage({ id: 3, timestamp: Date.parse('2026-11-20T09:00:00'), idFront: 'abc' }),
    ];
    const items = buildChatItems(messages, now);
    expect(items.map((item) => (item.kind === 'day' ? item.label : item.key))).toEqual([
      'Ontem',
      'm-1',
      'm-2',
      'Hoje',
      'f-abc',
    ]);
    // The optimistic bubble and the server's copy share the key: the row is updated, not replaced.
    expect(messageKey(makeMessage({ id: -5, idFront: 'abc' }))).toBe(
      messageKey(makeMessage({ id: 9, idFront: 'abc' })),
    );
  });
});

describe('scheduling', () => {
  it('turns the picker value into ISO 8601 with the local offset', () => {
    const iso = localInputToIsoWithOffset('2026-11-20T14:30') as string;
    expect(iso).toMatch(/^2026-11-20T14:30:00[+-]\d{2}:\d{2}$/);
    expect(Date.parse(iso)).toBe(new Date(2026, 10, 20, 14, 30).getTime());
    expect(localInputToIsoWithOffset('2026-02-30T10:00')).toBeNull();
    expect(localInputToIsoWithOffset('')).toBeNull();
  });
});

describe('quick messages', () => {
  const replies = [
    { id: 1, key: 'ola', message: 'Olá {{name}}, {{greeting}}!' },
    { id: 2, key: 'pix', message: 'Nossa chave PIX é ...' },
    { id: 3, key: 'prazo', message: 'O prazo de entrega (olá) é 5 dias.' },
  ];

  it('opens with a leading slash and closes on a line break', () => {
    expect(quickReplyQuery('/pi')).toBe('pi');
    expect(quickReplyQuery('/')).toBe('');
    expect(quickReplyQuery('oi /pix')).toBeNull();
    expect(quickReplyQuery('/pix\nmais')).toBeNull();
  });

  it('filters by shortcut first, then by text, ignoring accents', () => {
    expect(filterFastReplies(replies, 'ola').map((reply) => reply.id)).toEqual([1, 3]);
    expect(filterFastReplies(replies, 'PIX').map((reply) => reply.id)).toEqual([2]);
    expect(filterFastReplies(replies, '').map((reply) => reply.id)).toEqual([1, 2, 3]);
  });

  it('fills the template variables', () => {
    const ticket = makeTicket({ protocol: '123' });
    ticket.contact = { ...ticket.contact, name: 'Ana' };
    expect(
      fillQuickReply(
        'Olá {{name}}, {{greeting}}! Protocolo {{protocol}}. {{unknown}}',
        ticket,
        'Bia',
        new Date(2026, 0, 1, 9),
      ),
    ).toBe('Olá Ana, Bom dia! Protocolo 123. {{unknown}}');
    expect(fillQuickReply('{{greeting}}', ticket, 'Bia', new Date(2026, 0, 1, 20))).toBe('Boa noite');
  });
});

describe('new message sound', () => {
  const incoming = { fromMe: false, ticketId: 5, status: 'received' as const };
  it('plays for a customer message whose chat is not in front of the agent', () => {
    expect(shouldPlayNewMessageSound(incoming, 3, false)).toBe(true);
    expect(shouldPlayNewMessageSound(incoming, null, false)).toBe(true);
    expect(shouldPlayNewMessageSound(incoming, 5, true)).toBe(true);
    expect(shouldPlayNewMessageSound(incoming, 5, false)).toBe(false);
    expect(shouldPlayNewMessageSound({ ...incoming, fromMe: true }, 3, true)).toBe(false);
  });
});

describe('tab title', () => {
  it('shows the unread total as "(N) Prosa"', () => {
    expect(unreadTitle('Prosa', 0)).toBe('Prosa');
    expect(unreadTitle('Prosa', 4)).toBe('(4) Prosa');
    expect(unreadTitle('Prosa', 1200)).toBe('(999+) Prosa');
  });
});

describe('409 ERR_OTHER_OPEN_TICKET', () => {
  const config = { headers: {} } as InternalAxiosRequestConfig;
  const conflict = (data: unknown) =>
    new AxiosError('conflict', 'ERR_BAD_REQUEST', config, null, {
      status: 409,
      statusText: '',
      data,
      headers: {},
      config,
    } as AxiosResponse);

  it('says which ticket, queue and agent hold the contact', () => {
    const error = conflict({
      error: 'ERR_OTHER_OPEN_TICKET',
      message: 'x',
      ticketId: 12,
      ticket: { id: 12, status: 'open', queue: 'Vendas', username: 'Maria' },
    });
    expect(getOtherOpenTicket(error)).toEqual({ id: 12, status: 'open', queue: 'Vendas', username: 'Maria' });
  });

  it('copes with a queue object, missing fields, and other errors', () => {
    expect(
      getOtherOpenTicket(
        conflict({ error: 'ERR_OTHER_OPEN_TICKET', ticketId: 3, ticket: { queue: { queue: 'Suporte' } } }),
      ),
    ).toEqual({
      id: 3,
      status: null,
      queue: 'Suporte',
      username: null,
    });
    expect(getOtherOpenTicket(conflict({ error: 'ERR_NO_PERMISSION' }))).toBeNull();
    expect(getOtherOpenTicket(new Error('x'))).toBeNull();
  });
});
