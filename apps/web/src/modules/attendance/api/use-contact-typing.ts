import { useEffect, useState } from 'react';
import { onPresenceEvent } from '../../../app/realtime/socket';

/** A channel that never sends "paused" (a closed tab) must not leave the indicator on for ever. */
const STALE_MS = 10_000;

export type TContactPresence = 'composing' | 'recording' | null;

/** Whether the ticket's customer is typing or recording now, from the `{tenantId}:presence` events. */
export const useContactTyping = (ticketId: number): TContactPresence => {
  const [state, setState] = useState<TContactPresence>(null);
  useEffect(() => {
    setState(null);
    let stale: number | undefined;
    const stop = onPresenceEvent((event) => {
      if (event.ticketId !== ticketId || event.from !== 'contact') return;
      window.clearTimeout(stale);
      if (event.state === 'paused') return setState(null);
      setState(event.state);
      stale = window.setTimeout(() => setState(null), STALE_MS);
    });
    return () => {
      stop();
      window.clearTimeout(stale);
    };
  }, [ticketId]);
  return state;
};
