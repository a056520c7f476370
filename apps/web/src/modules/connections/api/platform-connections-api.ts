import type { TConnectionStatus, TConnectionType, TPlatformConnectionList } from '@prosa/contracts';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { http } from '../../../app/http/client';
import { onPlatformSessionEvent, onRealtimeReconnect } from '../../../app/realtime/socket';
import { applyPlatformSessionEvent } from './platform-session-cache';

export type TPlatformConnectionFilters = {
  searchParam: string;
  status: TConnectionStatus | null;
  type: TConnectionType | null;
  tenantId: number | null;
};

export const platformConnectionKeys = {
  all: ['platform-connections'] as const,
  list: (filters: TPlatformConnectionFilters) => ['platform-connections', filters] as const,
};

/** A burst of status changes (a gateway restarting many numbers) costs one refetch per second at most. */
const refetchDelayMs = 1000;

const fetchPage = async (filters: TPlatformConnectionFilters, pageNumber: number) => {
  const params: Record<string, string | number> = { pageNumber };
  if (filters.searchParam) params.searchParam = filters.searchParam;
  if (filters.status) params.status = filters.status;
  if (filters.type) params.type = filters.type;
  if (filters.tenantId) params.tenantId = filters.tenantId;
  return (await http.get<TPlatformConnectionList>('/whatsappTenants', { params })).data;
};

/**
 * Keeps `/sessoestenants` live: each platform event patches the row on screen at once, then one refetch
 * (after a short pause) brings the filters and the counts per status up to date. After a realtime reconnect,
 * events may have been missed: refetch.
 */
const usePlatformSessionRefresh = () => {
  const client = useQueryClient();
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const refetch = () => void client.invalidateQueries({ queryKey: platformConnectionKeys.all });
    const stopEvents = onPlatformSessionEvent((event) => {
      client.setQueriesData(
        { queryKey: platformConnectionKeys.all },
        (data: Parameters<typeof applyPlatformSessionEvent>[0]) => applyPlatformSessionEvent(data, event),
      );
      timer ??= setTimeout(() => {
        timer = undefined;
        refetch();
      }, refetchDelayMs);
    });
    const stopReconnect = onRealtimeReconnect(refetch);
    return () => {
      clearTimeout(timer);
      stopEvents();
      stopReconnect();
    };
  }, [client]);
};

/** GET /whatsappTenants: every tenant's connections (superadmin), 40 a page, refreshed live. */
export const usePlatformConnections = (filters: TPlatformConnectionFilters) => {
  usePlatformSessionRefresh();
  return useInfiniteQuery({
    queryKey: platformConnectionKeys.list(filters),
    queryFn: ({ pageParam }) => fetchPage(filters, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });
};
