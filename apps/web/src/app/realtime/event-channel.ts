/**
 * Listeners of one kind of realtime event: the socket hands each event to `dispatch` (tests may too), and
 * screens subscribe with `on`, which returns how to unsubscribe.
 */
export const createEventChannel = <T>() => {
  const listeners = new Set<(event: T) => void>();
  return {
    on: (listener: (event: T) => void): (() => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dispatch: (event: T): void => {
      for (const listener of listeners) listener(event);
    },
  };
};
