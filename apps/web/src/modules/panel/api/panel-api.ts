import { useThrottledCallback } from '@mantine/hooks';
import type { TTicketPanel } from '@prosa/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { http } from '../../../app/http/client';
import { onRealtimeReconnect, onTicketListEvent } from '../../../app/realtime/socket';

export const panelKeys = { all: ['ticket-panel'] as const };

export const useTicketPanel = () =>
  useQuery({
    queryKey: panelKeys.all,
    queryFn: async () => (await http.get<TTicketPanel>('/dash-tickets-queues')).data,
  });

/** Busy tenants send many ticket events a second: the panel reloads at most once every two seconds. */
const refreshEveryMs = 2000;

/** `{tenantId}:ticketList` (tickets and messages) and reconnections reload the panel, throttled. */
export const usePanelRealtime = (): void => {
  const client = useQueryClient();
  const refresh = useThrottledCallback(
    () => void client.invalidateQueries({ queryKey: panelKeys.all }),
    refreshEveryMs,
  );
  useEffect(() => {
    const stopEvents = onTicketListEvent(refresh);
    const stopReconnect = onRealtimeReconnect(refresh);
    return () => {
      stopEvents();
      stopReconnect();
    };
  }, [refresh]);
};
