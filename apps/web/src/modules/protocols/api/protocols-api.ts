import type { TProtocol } from '@prosa/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { http } from '../../../app/http/client';

export type TProtocolPage = { protocols: TProtocol[]; count: number; hasMore: boolean };

export const protocolKeys = {
  all: ['protocols'] as const,
  list: (searchParam: string) => ['protocols', 'list', searchParam] as const,
};

/** GET /ticketProtocols: the server keeps to the tickets the user may see. */
export const useProtocolList = (searchParam: string) =>
  useInfiniteQuery({
    queryKey: protocolKeys.list(searchParam),
    queryFn: async ({ pageParam }) =>
      (await http.get<TProtocolPage>('/ticketProtocols', { params: { pageNumber: pageParam, searchParam } })).data,
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });
