import type { TTicketPanel } from '@prosa/contracts';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../app/http/client';
import { useRefreshOnTicketEvents } from '../../../app/realtime/use-refresh-on-ticket-events';

export const panelKeys = { all: ['ticket-panel'] as const };

export const useTicketPanel = () =>
  useQuery({
    queryKey: panelKeys.all,
    queryFn: async () => (await http.get<TTicketPanel>('/dash-tickets-queues')).data,
  });

/** Ticket and message events and reconnections reload it, at most every two seconds. */
export const usePanelRealtime = (): void => useRefreshOnTicketEvents(panelKeys.all);
