import { useDebouncedCallback } from '@mantine/hooks';
import type { TMonitor } from '@prosa/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { http } from '../../../app/http/client';
import { onRealtimeReconnect, onSessionEvent, onStaffEvent, onTicketListEvent } from '../../../app/realtime/socket';

export const monitorKeys = { all: ['monitor'] as const };

/** Besides the events, the monitor reloads this often (a wait crossing its threshold sends no event). */
export const monitorPollMs = 30_000;

/** A burst of events (a busy tenant, a transfer touching several tickets) reloads the monitor once. */
export const monitorDebounceMs = 1000;

export const useMonitor = () =>
  useQuery({
    queryKey: monitorKeys.all,
    queryFn: async () => (await http.get<TMonitor>('/monitor')).data,
    refetchInterval: monitorPollMs,
  });

/** Ticket, message, user and connection events, and reconnections, reload the monitor, debounced. */
export const useMonitorRealtime = (): void => {
  const client = useQueryClient();
  const refresh = useDebouncedCallback(
    () => void client.invalidateQueries({ queryKey: monitorKeys.all }),
    monitorDebounceMs,
  );
  useEffect(() => {
    const stops = [
      onTicketListEvent(refresh),
      onStaffEvent(refresh),
      onSessionEvent(refresh),
      onRealtimeReconnect(refresh),
    ];
    return () => {
      for (const stop of stops) stop();
    };
  }, [refresh]);
};
