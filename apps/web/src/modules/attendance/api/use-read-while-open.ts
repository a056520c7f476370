import type { TTicket } from '@prosa/contracts';
import { useEffect, useState } from 'react';
import { updateTicket } from './tickets-api';

/** A message that arrives while the agent is looking at the chat is read: the unread count goes back to 0. */
export const useReadWhileOpen = (ticket: TTicket | undefined): void => {
  const unread = ticket?.unreadMessages ?? 0;
  const ticketId = ticket?.id;
  const [visible, setVisible] = useState(() => document.visibilityState === 'visible');
  useEffect(() => {
    const onChange = () => setVisible(document.visibilityState === 'visible');
    document.addEventListener('visibilitychange', onChange);
    return () => document.removeEventListener('visibilitychange', onChange);
  }, []);
  useEffect(() => {
    if (!ticketId || unread === 0 || !visible) return;
    const timer = setTimeout(() => void updateTicket(ticketId, { unreadMessages: 0 }).catch(() => undefined), 1000);
    return () => clearTimeout(timer);
  }, [ticketId, unread, visible]);
};
