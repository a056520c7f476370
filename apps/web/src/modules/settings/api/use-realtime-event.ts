import { useEffect, useRef } from 'react';
import { getSocket } from '../../../app/realtime/socket';
import { useSessionStore } from '../../../app/session/session-store';

/**
 * Listens to one tenant event on whichever realtime connection is open. The shell opens the connection in
 * its own effect, which runs after the screens' effects, and opens a new one after a new login: so the hook
 * looks for the current socket again every second instead of once.
 */
export const useRealtimeEvent = <T>(eventFor: (tenantId: number) => string, listener: (payload: T) => void): void => {
  const tenantId = useSessionStore((state) => state.tenantId);
  const latest = useRef(listener);
  latest.current = listener;

  useEffect(() => {
    if (tenantId === null) return;
    const event = eventFor(tenantId);
    const handler = (payload: T) => latest.current(payload);
    let attached: ReturnType<typeof getSocket> = null;
    const attach = () => {
      const socket = getSocket();
      if (socket === attached) return;
      attached?.off(event, handler);
      socket?.on(event, handler);
      attached = socket;
    };
    attach();
    const timer = window.setInterval(attach, 1000);
    return () => {
      window.clearInterval(timer);
      attached?.off(event, handler);
    };
  }, [tenantId, eventFor]);
};
