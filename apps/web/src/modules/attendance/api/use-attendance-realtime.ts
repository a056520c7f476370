import type { TTicketListEvent } from '@prosa/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { onRealtimeReconnect, onTicketListEvent } from '../../../app/realtime/socket';
import { applyNoteToCache, noteKeys } from '../../notes/api/notes-api';
import { applyMessageToCache } from './messages-api';
import { messageKeys, ticketKeys } from './ticket-keys';
import { applyTicketActionToCache } from './tickets-api';

type TRealtimeOptions = {
  openTicketId: number | null;
  /** The open ticket was deleted or is no longer visible to this user. */
  onOpenTicketGone: () => void;
};

/**
 * Socket events patch the TanStack Query cache (there is no second copy of server data): ticket lists through
 * the §4 reducer, the open conversation through the message merge. After a reconnection everything on screen
 * is fetched again, so nothing missed while offline stays missing.
 */
export const useAttendanceRealtime = ({ openTicketId, onOpenTicketGone }: TRealtimeOptions): void => {
  const queryClient = useQueryClient();
  const latest = useRef({ openTicketId, onOpenTicketGone });
  latest.current = { openTicketId, onOpenTicketGone };

  useEffect(() => {
    const onEvent = (event: TTicketListEvent) => {
      switch (event.type) {
        case 'ticket:create':
        case 'ticket:update':
          applyTicketActionToCache(queryClient, event);
          return;
        case 'ticket:delete':
          applyTicketActionToCache(queryClient, event);
          if (event.payload.id === latest.current.openTicketId) latest.current.onOpenTicketGone();
          return;
        case 'chat:create':
        case 'chat:update':
        case 'chat:ack':
        case 'chat:delete':
          applyMessageToCache(queryClient, event.type, event.payload);
          return;
        case 'chat:history':
          // Earlier messages were imported (history sync): the conversation's pages load again, in order.
          void queryClient.invalidateQueries({ queryKey: messageKeys.list(event.payload.ticketId) });
          return;
        case 'note:create':
        case 'note:update':
        case 'note:delete':
          applyNoteToCache(queryClient, event);
          return;
        default: {
          const exhaustive: never = event;
          return exhaustive;
        }
      }
    };
    const onReconnect = () => {
      void queryClient.invalidateQueries({ queryKey: ticketKeys.lists() });
      const ticketId = latest.current.openTicketId;
      if (ticketId === null) return;
      void queryClient.invalidateQueries({ queryKey: ticketKeys.detail(ticketId) });
      void queryClient.invalidateQueries({ queryKey: messageKeys.list(ticketId) });
      void queryClient.invalidateQueries({ queryKey: messageKeys.scheduled(ticketId) });
      void queryClient.invalidateQueries({ queryKey: noteKeys.ofTicket(ticketId) });
    };
    const stopEvents = onTicketListEvent(onEvent);
    const stopReconnect = onRealtimeReconnect(onReconnect);
    return () => {
      stopEvents();
      stopReconnect();
    };
  }, [queryClient]);
};
