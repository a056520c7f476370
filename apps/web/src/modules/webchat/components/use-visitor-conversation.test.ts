import type { TWebchatMessage } from '@prosa/contracts';
import { act, renderHook, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeSocket } from '../../../test/fake-socket';
import { type TWebchatApi, useVisitorConversation } from './use-visitor-conversation';

// The socket and the history as the page sees them: a reply the server pushed before the socket joined its room
// reaches the visitor only through the history read once the socket is connected.
const socket = fakeSocket();
const history: TWebchatMessage[] = [];
const api = {
  connectVisitorSocket: () => socket,
  fetchConversation: vi.fn(async () => [...history]),
  sendVisitorFile: vi.fn(),
  sendVisitorMessage: vi.fn(),
} as unknown as TWebchatApi;

const absence: TWebchatMessage = {
  id: 'm-2',
  fromMe: false,
  body: 'Estamos fechados agora.',
  status: 'sent',
  timestamp: 2,
  isDeleted: false,
  edition: null,
} as TWebchatMessage;

describe('the visitor conversation', () => {
  beforeEach(() => {
    history.length = 0;
    socket.removeAllListeners();
  });

  it('reads the history again when the socket first connects, so an early reply is not lost', async () => {
    const { result } = renderHook(() => useVisitorConversation({ channel: 'c', token: 't', maxFileBytes: 1, api }));
    await waitFor(() => expect(result.current.messages).toEqual([]));
    // The absence message was sent while the socket was still connecting: no live event brought it.
    history.push(absence);
    act(() => socket.receive('connect'));
    await waitFor(() => expect(result.current.messages.map((m) => m.id)).toEqual(['m-2']));
  });
});
