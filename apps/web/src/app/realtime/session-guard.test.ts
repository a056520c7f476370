import { events } from '@prosa/contracts';
import { describe, expect, it, vi } from 'vitest';
import { fakeSocket } from '../../test/fake-socket';
import { guardSession, type TGuardedSocket } from './session-guard';

const setup = (options: { token?: string | null; isCurrent?: () => boolean } = {}) => {
  const socket = fakeSocket();
  socket.auth = { token: 'old-token' };
  const reauthenticate = vi.fn(async () => (options.token === undefined ? 'new-token' : options.token));
  const onSessionOver = vi.fn();
  guardSession(socket as unknown as TGuardedSocket, {
    reauthenticate,
    onSessionOver,
    isCurrent: options.isCurrent ?? (() => true),
  });
  return { socket, reauthenticate, onSessionOver };
};

/** Lets the guard's pending refresh settle. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('guardSession', () => {
  it('rights changed: refreshes the token and reconnects with it', async () => {
    const { socket, reauthenticate, onSessionOver } = setup();
    socket.receive(events.authRevoked, { reason: 'rights-changed' });
    socket.receive('disconnect', 'io server disconnect');
    await vi.waitFor(() => expect(socket.connect).toHaveBeenCalledTimes(1));
    expect(reauthenticate).toHaveBeenCalledTimes(1);
    expect(socket.auth).toEqual({ token: 'new-token' });
    expect(onSessionOver).not.toHaveBeenCalled();
  });

  it('session ended and the refresh refused: does not reconnect and says why', async () => {
    const { socket, onSessionOver } = setup({ token: null });
    socket.receive(events.authRevoked, { reason: 'session-ended' });
    socket.receive('disconnect', 'io server disconnect');
    await vi.waitFor(() => expect(onSessionOver).toHaveBeenCalledWith('session-ended'));
    expect(socket.connect).not.toHaveBeenCalled();
    expect(socket.auth).toEqual({ token: 'old-token' });
  });

  it('an inactive tenant leads to the login screen with that reason', async () => {
    const { socket, onSessionOver } = setup({ token: null });
    socket.receive(events.authRevoked, { reason: 'tenant-inactive' });
    socket.receive('disconnect', 'io server disconnect');
    await vi.waitFor(() => expect(onSessionOver).toHaveBeenCalledWith('tenant-inactive'));
  });

  it('closed by the server without a revocation (an instance shutting down): reconnects at once, no refresh', () => {
    const { socket, reauthenticate } = setup();
    socket.receive('disconnect', 'io server disconnect');
    expect(socket.connect).toHaveBeenCalledTimes(1);
    expect(reauthenticate).not.toHaveBeenCalled();
  });

  it('network drops and client-side closes are left to Socket.IO', async () => {
    const { socket, reauthenticate } = setup();
    socket.receive('disconnect', 'transport close');
    socket.receive('disconnect', 'io client disconnect');
    socket.receive('connect_error', new Error('xhr poll error'));
    await settle();
    expect(socket.connect).not.toHaveBeenCalled();
    expect(socket.disconnect).not.toHaveBeenCalled();
    expect(reauthenticate).not.toHaveBeenCalled();
  });

  it('an expired token at the handshake: one refresh and a reconnection; refused again: the session is over', async () => {
    const { socket, reauthenticate, onSessionOver } = setup();
    socket.receive('connect_error', new Error('ERR_SESSION_EXPIRED'));
    expect(socket.disconnect).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(socket.connect).toHaveBeenCalledTimes(1));
    expect(socket.auth).toEqual({ token: 'new-token' });

    // The fresh token is refused too (the user was deleted meanwhile): no refresh loop.
    socket.receive('connect_error', new Error('ERR_SESSION_EXPIRED'));
    await settle();
    expect(reauthenticate).toHaveBeenCalledTimes(1);
    expect(onSessionOver).toHaveBeenCalledWith('expired');
    expect(socket.connect).toHaveBeenCalledTimes(1);
  });

  it('after a successful connection, a later revocation may refresh again', async () => {
    const { socket, reauthenticate } = setup();
    socket.receive('connect_error', new Error('ERR_INVALID_TOKEN'));
    await vi.waitFor(() => expect(socket.connect).toHaveBeenCalledTimes(1));
    socket.receive('connect');
    socket.receive(events.authRevoked, { reason: 'rights-changed' });
    socket.receive('disconnect', 'io server disconnect');
    await vi.waitFor(() => expect(socket.connect).toHaveBeenCalledTimes(2));
    expect(reauthenticate).toHaveBeenCalledTimes(2);
  });

  it('a socket replaced while refreshing (logout, another login) is not reconnected', async () => {
    const { socket, reauthenticate } = setup({ isCurrent: () => false });
    socket.receive(events.authRevoked, { reason: 'rights-changed' });
    socket.receive('disconnect', 'io server disconnect');
    await vi.waitFor(() => expect(reauthenticate).toHaveBeenCalledTimes(1));
    await settle();
    expect(socket.connect).not.toHaveBeenCalled();
  });
});
