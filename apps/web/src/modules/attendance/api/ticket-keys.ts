import type { TTicketListParams } from '../store/attendance-filter';

export const ticketKeys = {
  all: ['tickets'] as const,
  lists: () => ['tickets', 'list'] as const,
  list: (params: TTicketListParams) => ['tickets', 'list', params] as const,
  detail: (ticketId: number) => ['tickets', 'detail', ticketId] as const,
  logs: (ticketId: number) => ['tickets', 'logs', ticketId] as const,
};

export const messageKeys = {
  all: ['messages'] as const,
  list: (ticketId: number) => ['messages', 'list', ticketId] as const,
  scheduled: (ticketId: number) => ['messages', 'scheduled', ticketId] as const,
};

export const lookupKeys = {
  fastReplies: ['fastreply'] as const,
  reasons: ['reasons'] as const,
  transferUsers: ['users', 'transfer'] as const,
};
