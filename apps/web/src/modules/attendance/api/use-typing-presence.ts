import { useCallback, useEffect, useRef } from 'react';
import { http } from '../../../app/http/client';

const REPEAT_MS = 3_000;
const IDLE_MS = 5_000;

const post = (ticketId: number, state: 'typing' | 'paused') =>
  void http.post(`/messages/${ticketId}/${state}`).catch(() => undefined);

/**
 * The customer sees "digitando..." while the agent types: a typing signal at most every 3 s while keys are
 * pressed, and paused after 5 s without one or when the message is sent.
 */
export const useTypingPresence = (ticketId: number, enabled: boolean) => {
  const lastSent = useRef(0);
  const idle = useRef<number | undefined>(undefined);
  const stop = useCallback(() => {
    window.clearTimeout(idle.current);
    idle.current = undefined;
    if (lastSent.current > 0) post(ticketId, 'paused');
    lastSent.current = 0;
  }, [ticketId]);
  useEffect(() => stop, [stop]);
  const onType = useCallback(() => {
    if (!enabled) return;
    const now = Date.now();
    if (now - lastSent.current > REPEAT_MS) {
      lastSent.current = now;
      post(ticketId, 'typing');
    }
    window.clearTimeout(idle.current);
    idle.current = window.setTimeout(stop, IDLE_MS);
  }, [enabled, stop, ticketId]);
  return { onType, stop };
};
