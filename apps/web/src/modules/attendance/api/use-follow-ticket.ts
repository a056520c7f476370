import type { TTicket } from '@prosa/contracts';
import { useEffect, useRef } from 'react';
import { useAttendanceStore } from '../store/attendance-store';
import { tabToFollow } from './follow-ticket';

/** The list follows the open ticket to "Abertos" once the agent takes it (from a click, a reply or an event). */
export const useFollowTicket = (ticket: TTicket | undefined, currentUserId: number | null): void => {
  const previous = useRef<TTicket | undefined>(undefined);
  useEffect(() => {
    if (!ticket) return;
    const { tab, setTab } = useAttendanceStore.getState();
    const next = tabToFollow(previous.current, ticket, tab, currentUserId);
    previous.current = ticket;
    if (next) setTab(next);
  }, [ticket, currentUserId]);
};
