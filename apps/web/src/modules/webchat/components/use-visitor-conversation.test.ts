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

  it('sends the visitor’s messages one at a time, in order, however quick the later one is', async () => {
    let finishUpload: (saved: TWebchatMessage) => void = () => undefined;
    vi.mocked(api.sendVisitorFile).mockImplementationOnce(
      () => new Promise<TWebchatMessage>((resolve) => (finishUpload = resolve)),
    );
    vi.mocked(api.sendVisitorMessage).mockImplementationOnce(async (_c, _t, input) => ({
      ...absence,
      id: 'm-4',
      fromMe: true,
      body: input.body,
      timestamp: 4,
    }));
    const { result } = renderHook(() => useVisitorConversation({ channel: 'c', token: 't', maxFileBytes: 100, api }));
    const photo = new File(['x'], 'mesa.png', { type: 'image/png' });
    act(() => result.current.sendFile(photo));
    act(() => result.current.sendText('Olha a mesa'));
    // Both show at once, waiting; the words go only once the photo is in.
    await waitFor(() => expect(result.current.messages.filter((m) => m.local === 'pending')).toHaveLength(2));
    expect(api.sendVisitorMessage).not.toHaveBeenCalled();
    act(() => finishUpload({ ...absence, id: 'm-3', fromMe: true, body: '', timestamp: 3 }));
    await waitFor(() => expect(result.current.messages.map((m) => m.id)).toEqual(['m-3', 'm-4']));
    expect(vi.mocked(api.sendVisitorMessage).mock.calls[0]?.[2]).toMatchObject({ body: 'Olha a mesa' });
  });
});
