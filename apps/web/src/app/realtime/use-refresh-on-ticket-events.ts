import { useThrottledCallback } from '@mantine/hooks';
import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { onRealtimeReconnect, onTicketListEvent } from './socket';

/**
 * Reloads these queries on ticket and message events (`{tenantId}:ticketList`) and after a reconnection. A busy
 * tenant sends many a second: at most once every `everyMs`.
 */
export const useRefreshOnTicketEvents = (queryKey: QueryKey, everyMs = 2000): void => {
  const client = useQueryClient();
  const refresh = useThrottledCallback(() => void client.invalidateQueries({ queryKey }), everyMs);
  useEffect(() => {
    const stopEvents = onTicketListEvent(refresh);
    const stopReconnect = onRealtimeReconnect(refresh);
    return () => {
      stopEvents();
      stopReconnect();
    };
  }, [refresh]);
};
