import { type TWebchatMessage, webchatSocket } from '@prosa/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  connectVisitorSocket,
  fetchConversation,
  sendVisitorFile,
  sendVisitorMessage,
  WebchatError,
} from '../api/webchat-api';
import { mergeHistory, type TVisitorMessage } from '../routes/webchat-history';

const newClientId = () => crypto.randomUUID();
const megabytes = (bytes: number) => Math.round(bytes / 1_048_576);

const webchatApi = { connectVisitorSocket, fetchConversation, sendVisitorFile, sendVisitorMessage };
export type TWebchatApi = typeof webchatApi;

type TConversationOptions = {
  channel: string;
  token: string;
  maxFileBytes: number;
  /** The server's side (tests pass a fake). */
  api?: TWebchatApi;
};

/**
 * The visitor's side of the conversation: the history and the live socket (messages, edits, ticks, the agent
 * typing, the agent ending it), sending text and files with a local copy until the server answers, and what
 * went wrong (a notice).
 */
export const useVisitorConversation = ({ channel, token, maxFileBytes, api = webchatApi }: TConversationOptions) => {
  const { t } = useTranslation();
  const [messages, setMessages] = useState<TVisitorMessage[]>([]);
  const [agentState, setAgentState] = useState<string>('paused');
  const [online, setOnline] = useState(true);
  const [notice, setNotice] = useState<string | null>(null);
  // When the agent closed the conversation: a notice shows there; writing again starts a new one.
  const [endedAt, setEndedAt] = useState<number | null>(null);
  const socketRef = useRef<ReturnType<typeof connectVisitorSocket> | null>(null);
  // The visitor's sends, chained: each starts when the one before has its answer (or failed).
  const sending = useRef<Promise<void>>(Promise.resolve());

  const upsert = useCallback((incoming: TVisitorMessage, replaceId?: string) => {
    setMessages((current) => {
      const without = current.filter((m) => m.id !== incoming.id && m.id !== replaceId);
      return [...without, incoming].sort((a, b) => a.timestamp - b.timestamp);
    });
  }, []);

  const refetch = useCallback(async () => {
    const history = await api.fetchConversation(channel, token);
    setMessages((current) => mergeHistory(history, current));
  }, [api, channel, token]);

  useEffect(() => {
    void refetch().catch(() => undefined);
    const socket = api.connectVisitorSocket(token);
    socketRef.current = socket;
    // Read again on every connection, the first one included: a reply sent while the socket was still joining
    // (a greeting or absence message answering the visitor's first words on a slow network) is in the history.
    socket.on('connect', () => {
      setOnline(true);
      void refetch().catch(() => undefined);
    });
    socket.on('disconnect', () => setOnline(false));
    socket.on(webchatSocket.message, (message: TWebchatMessage) => {
      upsert(message);
      setAgentState('paused');
    });
    socket.on(webchatSocket.update, (message: TWebchatMessage) => upsert(message));
    socket.on(webchatSocket.agentTyping, (event: { state: string }) => setAgentState(event.state));
    socket.on(webchatSocket.ended, () => {
      setEndedAt(Date.now());
      setAgentState('paused');
    });
    socket.on(webchatSocket.seen, (event: { ids: string[] }) =>
      setMessages((current) => current.map((m) => (event.ids.includes(m.id) ? { ...m, status: 'read' } : m))),
    );
    return () => {
      socket.close();
      socketRef.current = null;
    };
  }, [api, token, refetch, upsert]);

  // Tell the agent which of their messages are on screen (read).
  useEffect(() => {
    const unread = messages.filter((m) => !m.fromMe && m.status !== 'read' && !m.local).map((m) => m.id);
    if (unread.length > 0 && document.visibilityState === 'visible')
      socketRef.current?.emit(webchatSocket.read, unread);
  }, [messages]);

  const deliver = (clientId: string, body: string, file?: File) => {
    const localId = `local-${clientId}`;
    const local = (state: 'pending' | 'failed'): TVisitorMessage => ({
      id: localId,
      clientId,
      fromMe: true,
      body,
      status: state,
      timestamp: Date.now(),
      isDeleted: false,
      edition: null,
      local: state,
      ...(file
        ? {
            file,
            mediaName: file.name,
            mediaType: file.type.startsWith('image/') ? 'image' : 'document',
            // The picture shows at once from the visitor's own copy; other files show their name.
            mediaUrl: file.type.startsWith('image/') ? URL.createObjectURL(file) : null,
          }
        : {}),
    });
    upsert(local('pending'));
    const post = async () => {
      try {
        const saved = file
          ? await api.sendVisitorFile(channel, token, { clientId, file })
          : await api.sendVisitorMessage(channel, token, { clientId, body });
        upsert(saved, localId);
        setNotice(null);
      } catch (failure) {
        const status = failure instanceof WebchatError ? failure.status : 0;
        if (status === 429) setNotice(t('webchat.tooMany'));
        else if (file && status === 413) setNotice(t('webchat.fileTooLarge', { max: megabytes(maxFileBytes) }));
        else if (file && status === 400) setNotice(t('webchat.fileRefused'));
        upsert(local('failed'));
      }
    };
    // One at a time, in the order the visitor sent them: a photo and the words typed right after it reach the
    // agent in that order, however much quicker the words are to upload. `post` never throws.
    sending.current = sending.current.then(post);
    return sending.current;
  };

  const sendText = (body: string) => void deliver(newClientId(), body);

  const sendFile = (file: File) => {
    if (file.size > maxFileBytes) {
      setNotice(t('webchat.fileTooLarge', { max: megabytes(maxFileBytes) }));
      return;
    }
    void deliver(newClientId(), '', file);
  };

  /** A failed message of the visitor's, sent again with the same client id (never twice on the server). */
  const retry = (message: TVisitorMessage) => {
    if (message.clientId) void deliver(message.clientId, message.body, message.file);
  };

  const emitTyping = (state: 'composing' | 'paused') => socketRef.current?.emit(webchatSocket.typing, state);

  return { messages, agentState, online, notice, endedAt, sendText, sendFile, retry, emitTyping };
};
