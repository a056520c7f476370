import { io, type Socket } from 'socket.io-client';
import type { TestApp } from './harness.js';

const sockets = new Set<Socket>();

/** A Socket.IO client on the real server, websocket only, no reconnection (a refused token stays refused). */
export const connect = (url: string, token: string | undefined, options: { namespace?: string } = {}): Socket => {
  const socket = io(`${url}${options.namespace ?? ''}`, {
    path: '/socket.io',
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    timeout: 10_000,
    ...(token === undefined ? {} : { auth: { token } }),
  });
  sockets.add(socket);
  return socket;
};

export const connected = (socket: Socket): Promise<Socket> =>
  new Promise((resolve, reject) => {
    if (socket.connected) return resolve(socket);
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });

export const connectError = (socket: Socket): Promise<Error & { data?: unknown }> =>
  new Promise((resolve, reject) => {
    socket.once('connect', () => reject(new Error('connected, but should have been refused')));
    socket.once('connect_error', resolve);
  });

/** Resolves with the first `event` whose payload matches. */
export const nextEvent = <T>(socket: Socket, event: string, match: (payload: T) => boolean = () => true): Promise<T> =>
  new Promise((resolve) => {
    const listener = (payload: T) => {
      if (!match(payload)) return;
      socket.off(event, listener);
      resolve(payload);
    };
    socket.on(event, listener);
  });

const SETTLED = 'test:settled';

/** Every event a socket receives, in order (the barrier of `heardSoFar` left out). */
export const recordAll = (socket: Socket) => {
  const seen: { event: string; payload: unknown }[] = [];
  socket.onAny((event: string, payload: unknown) => {
    if (event !== SETTLED) seen.push({ event, payload });
  });
  return seen;
};

/**
 * Resolves once each socket has received everything the server emitted to it so far, so a test can show that
 * one heard nothing: the event listeners are let finish, then a last event goes to each socket's user, and a
 * socket receives in the order the server sent.
 */
export const heardSoFar = async (app: TestApp, targets: { socket: Socket; tenantId: number; userId: number }[]) => {
  await app.prosa.services.events.idle();
  const arrived = targets.map(({ socket }) => nextEvent(socket, SETTLED));
  for (const { tenantId, userId } of targets)
    app.prosa.services.realtime.emitToLocalUsers(tenantId, [userId], SETTLED, {});
  await Promise.all(arrived);
};

/** Closes every socket opened through `connect`. */
export const closeSockets = () => {
  for (const socket of sockets) socket.close();
  sockets.clear();
};

/** Waits until `check` passes (polling), for effects that arrive asynchronously. */
export const eventually = async <T>(check: () => T | Promise<T>, timeoutMs = 5_000): Promise<T> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }
};
