import type { io } from 'socket.io-client';
import { describe, expect, it, vi } from 'vitest';
import { fakeSocket } from '../../test/fake-socket';
import { connectRealtime, disconnectRealtime, onRealtimeReconnect } from './socket';

// Socket.IO's client as the module drives it: `connect` is played by the test, as the server would answer.
const client = fakeSocket();
const open = (() => client) as unknown as typeof io;

describe('the realtime connection', () => {
  it('has the screens read their data again on the first connection too, and on each later one', () => {
    const reread = vi.fn();
    const stop = onRealtimeReconnect(reread);
    connectRealtime(
      'token',
      1,
      {
        onUserEvent: vi.fn(),
        onUsersEvent: vi.fn(),
        reauthenticate: vi.fn(async () => null),
        onSessionOver: vi.fn(),
      },
      open,
    );
    // Whatever was sent while the socket joined its rooms reached no one: the screens read it now.
    client.receive('connect');
    expect(reread).toHaveBeenCalledTimes(1);
    client.receive('disconnect');
    client.receive('connect');
    expect(reread).toHaveBeenCalledTimes(2);
    stop();
    disconnectRealtime();
  });
});
