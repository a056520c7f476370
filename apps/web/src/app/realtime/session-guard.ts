import { events, type TAuthRevokedEvent, type TRevocationReason } from '@prosa/contracts';
import type { Socket } from 'socket.io-client';

/** Handshake refusals that a fresh access token may cure (an expired token) or that end the session. */
const authRefusals = new Set(['ERR_INVALID_TOKEN', 'ERR_SESSION_EXPIRED', 'ERR_TENANT_INACTIVE', 'ERR_UNAUTHORIZED']);

/** The part of a Socket.IO client the guard drives (a fake in tests). */
export type TGuardedSocket = Pick<Socket, 'auth' | 'connect' | 'disconnect' | 'on'>;

export type TSessionGuardDeps = {
  /** A new access token from the refresh cookie (shared with the HTTP layer), or null when it is refused. */
  reauthenticate: () => Promise<string | null>;
  /** The refresh was refused after the server closed the socket: tell the user why (the HTTP layer logs out). */
  onSessionOver: (reason: TRevocationReason | 'expired') => void;
  /** Whether this socket is still the app's (a logout or a new login replaced it while refreshing). */
  isCurrent: () => boolean;
};

/**
 * Keeps the realtime connection on a valid session. The server closes a socket whose rights were revoked
 * (password or profile changed, queues changed, user deleted, tenant inactive) after sending `auth:revoked`
 * with the reason; a reconnection refused for the token ends up here too. Either way the client asks for a new
 * access token once: granted, it reconnects with it (the server then applies the new rights); refused, the
 * session is over and the user is told why.
 */
export const guardSession = (client: TGuardedSocket, deps: TSessionGuardDeps): void => {
  let revoked: TRevocationReason | null = null;
  /** One refresh per failure: a token the server refuses right after a refresh means the session is over. */
  let refreshedSinceConnect = false;

  const resume = async (reason: TRevocationReason | 'expired') => {
    if (refreshedSinceConnect) {
      deps.onSessionOver(reason);
      return;
    }
    refreshedSinceConnect = true;
    const token = await deps.reauthenticate();
    if (!token) {
      deps.onSessionOver(reason);
      return;
    }
    if (!deps.isCurrent()) return;
    client.auth = { token };
    client.connect();
  };

  client.on('connect', () => {
    revoked = null;
    refreshedSinceConnect = false;
  });
  client.on(events.authRevoked, (payload: TAuthRevokedEvent) => {
    revoked = payload.reason;
  });
  client.on('connect_error', (error: Error) => {
    if (!authRefusals.has(error.message)) return;
    // Socket.IO does not retry a refused handshake by itself; stop it and try a fresh token instead.
    client.disconnect();
    void resume('expired');
  });
  client.on('disconnect', (reason: string) => {
    // Closed by the server: socket.io will not reconnect by itself.
    if (reason !== 'io server disconnect') return;
    if (revoked) void resume(revoked);
    else client.connect();
  });
};
