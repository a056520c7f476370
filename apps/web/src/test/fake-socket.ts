import { vi } from 'vitest';

type TListener = (...args: unknown[]) => void;

/** A Socket.IO client stand-in: records what the page emits and does, and `receive` plays the server's events. */
export const fakeSocket = () => {
  const listeners = new Map<string, TListener[]>();
  const socket = {
    auth: {} as unknown,
    connect: vi.fn(),
    disconnect: vi.fn(),
    close: vi.fn(),
    emit: vi.fn(),
    on: (event: string, listener: TListener) => {
      listeners.set(event, [...(listeners.get(event) ?? []), listener]);
      return socket;
    },
    receive: (event: string, ...args: unknown[]) => {
      for (const listener of listeners.get(event) ?? []) listener(...args);
    },
    removeAllListeners: () => listeners.clear(),
  };
  return socket;
};
