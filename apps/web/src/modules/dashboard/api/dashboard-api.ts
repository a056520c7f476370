import type { TDashboard } from '@prosa/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { http } from '../../../app/http/client';
import { onInsightEvent } from '../../../app/realtime/socket';
import { useRefreshOnTicketEvents } from '../../../app/realtime/use-refresh-on-ticket-events';

/** What the dashboard asks for: a period (days, both included) and the queues and connections to keep. */
export type TDashboardFilters = { from: string; to: string; queueIds: number[]; connectionIds: number[] };

export const dashboardKeys = {
  all: ['dashboard'] as const,
  of: (filters: TDashboardFilters) => ['dashboard', filters] as const,
};

const paramsOf = (filters: TDashboardFilters) => {
  const params: Record<string, string> = { from: filters.from, to: filters.to };
  if (filters.queueIds.length) params.queueIds = filters.queueIds.join(',');
  if (filters.connectionIds.length) params.connectionIds = filters.connectionIds.join(',');
  return params;
};

/**
 * GET /dashboard: the cards and charts of the period; the previous figures stay on screen while new ones load.
 * Nothing is asked while the filters are not known yet (the tenant's zone still loading).
 */
export const useDashboard = (filters: TDashboardFilters | undefined) =>
  useQuery({
    queryKey: filters ? dashboardKeys.of(filters) : dashboardKeys.all,
    queryFn: async () =>
      (await http.get<TDashboard>('/dashboard', { params: paramsOf(filters as TDashboardFilters) })).data,
    placeholderData: keepPreviousData,
    enabled: filters !== undefined,
  });

/**
 * Ticket and message events and reconnections reload it, at most every two seconds; so does the server's word
 * that the figures were recomputed (they settle a moment after the ticket's own event).
 */
export const useDashboardRealtime = (): void => {
  useRefreshOnTicketEvents(dashboardKeys.all);
  const client = useQueryClient();
  useEffect(() => onInsightEvent(() => void client.invalidateQueries({ queryKey: dashboardKeys.all })), [client]);
};
