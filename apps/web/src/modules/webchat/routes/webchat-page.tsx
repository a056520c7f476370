import {
  ActionIcon,
  Alert,
  Box,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  ScrollArea,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { parsePhone, type TWebchatMessage, webchatSocket } from '@prosa/contracts';
import { IconAlertCircle, IconCheck, IconChecks, IconClock, IconPaperclip, IconSend } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import {
  connectVisitorSocket,
  fetchConversation,
  fetchWebchatInfo,
  loadStoredSession,
  sendVisitorFile,
  sendVisitorMessage,
  startVisitorSession,
  storeSession,
  WebchatError,
} from '../api/webchat-api';
import { mergeHistory, type TVisitorMessage } from './webchat-history';

/** What the visitor may pick (the server checks the bytes again). */
const acceptedFiles = 'image/*,audio/*,video/*,.pdf,.doc,.docx,.xls,.xlsx,.ppt,.pptx,.txt,.csv,.zip';

const isEmail = (text: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text);
/** A phone the server will store on the contact (with area code; international with '+'). */
const isPhone = (text: string) => parsePhone(text).ok;
const newClientId = () => crypto.randomUUID();
const megabytes = (bytes: number) => Math.round(bytes / 1_048_576);

const StartForm = ({ channel, onStarted }: { channel: string; onStarted: (token: string) => void }) => {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [contact, setContact] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const value = contact.trim();
    if (!name.trim()) return setError(t('webchat.errors.name'));
    if (!isEmail(value) && !isPhone(value)) return setError(t('webchat.errors.contact'));
    setBusy(true);
    setError(null);
    try {
      const { token } = await startVisitorSession(channel, {
        name: name.trim(),
        ...(isEmail(value) ? { email: value } : { phone: value }),
      });
      storeSession(channel, token);
      onStarted(token);
    } catch (failure) {
      setError(
        failure instanceof WebchatError && failure.status === 429 ? t('webchat.tooMany') : t('webchat.errors.contact'),
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('webchat.intro')}
        </Text>
        <TextInput
          label={t('webchat.name')}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          maxLength={80}
          data-testid="webchat-name"
          autoFocus
        />
        <TextInput
          label={`${t('webchat.phone')} / ${t('webchat.email')}`}
          description={t('webchat.contactHint')}
          value={contact}
          onChange={(e) => setContact(e.currentTarget.value)}
          maxLength={200}
          data-testid="webchat-contact"
        />
        {error && (
          <Text size="sm" c="negative" role="alert">
            {error}
          </Text>
        )}
        <Button type="submit" loading={busy} data-testid="webchat-start">
          {t('webchat.start')}
        </Button>
      </Stack>
    </form>
  );
};

/** A file an agent sent: the picture itself, a player for audio, a link for the rest. */
const VisitorMedia = ({ message }: { message: TVisitorMessage }) => {
  if (message.isDeleted || !message.mediaUrl) return null;
  if (message.mediaType === 'image')
    return (
      <a href={message.mediaUrl} target="_blank" rel="noopener noreferrer">
        <img
          src={message.mediaUrl}
          alt={message.mediaName ?? ''}
          style={{ maxWidth: 240, borderRadius: 6, display: 'block' }}
          data-testid="webchat-image"
        />
      </a>
    );
  if (message.mediaType === 'audio' || message.mediaType === 'ptt')
    return (
      <audio controls src={message.mediaUrl} preload="none" style={{ maxWidth: 240 }}>
        <track kind="captions" />
      </audio>
    );
  return (
    <a href={message.mediaUrl} target="_blank" rel="noopener noreferrer" data-testid="webchat-file">
      {message.mediaName ?? message.mediaUrl}
    </a>
  );
};

/** The visitor's own message: a clock while it travels, one tick delivered, two blue ticks read. */
const StatusTick = ({ status }: { status: string }) => {
  if (status === 'pending') return <IconClock size={12} aria-hidden />;
  if (status === 'failed') return <IconAlertCircle size={12} aria-hidden />;
  if (status === 'read') return <IconChecks size={14} color="var(--mantine-color-blue-6)" aria-hidden />;
  return <IconCheck size={14} aria-hidden />;
};

const Bubble = ({ message, onRetry }: { message: TVisitorMessage; onRetry: () => void }) => {
  const { t } = useTranslation();
  const mine = message.fromMe;
  const status = message.local ?? message.status;
  const label = (t(`webchat.status.${status}`, { defaultValue: '' }) as string) || null;
  return (
    <Group justify={mine ? 'flex-end' : 'flex-start'} data-testid={mine ? 'webchat-mine' : 'webchat-theirs'}>
      <Paper
        px="sm"
        py={6}
        radius="md"
        maw="80%"
        withBorder={!mine}
        bg={mine ? 'var(--mantine-color-primary-1)' : undefined}
        onClick={message.local === 'failed' ? onRetry : undefined}
        style={message.local === 'failed' ? { cursor: 'pointer' } : undefined}
      >
        <VisitorMedia message={message} />
        {(message.isDeleted || message.edition || message.body) && (
          <Text
            size="sm"
            style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
            fs={message.isDeleted ? 'italic' : undefined}
          >
            {message.isDeleted ? t('webchat.deleted') : (message.edition ?? message.body)}
          </Text>
        )}
        <Group gap={6} justify="flex-end">
          {message.edition && !message.isDeleted && (
            <Text size="xs" c="dimmed">
              {t('webchat.edited')}
            </Text>
          )}
          <Text size="xs" c="dimmed">
            {new Date(message.timestamp).toLocaleTimeString('pt-BR', { hour: '2-digit', minute: '2-digit' })}
          </Text>
          {mine && label && (
            <Group gap={2} wrap="nowrap" c={status === 'failed' ? 'negative' : 'dimmed'}>
              <StatusTick status={status} />
              <Text size="xs" c="inherit" data-testid="webchat-status">
                {status === 'failed' ? t('webchat.failed') : label}
              </Text>
            </Group>
          )}
        </Group>
      </Paper>
    </Group>
  );
};

type TChatProps = { channel: string; token: string; greeting: string | null; maxFileBytes: number };

const Chat = ({ channel, token, greeting, maxFileBytes }: TChatProps) => {
  const { t } = useTranslation();
  const [messages, setMessages] = useState<TVisitorMessage[]>([]);
  const [text, setText] = useState('');
  const [agentState, setAgentState] = useState<string>('paused');
  const [online, setOnline] = useState(true);
  const [notice, setNotice] = useState<string | null>(null);
  // When the agent closed the conversation: a notice shows there; writing again starts a new one.
  const [endedAt, setEndedAt] = useState<number | null>(null);
  const viewport = useRef<HTMLDivElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const socketRef = useRef<ReturnType<typeof connectVisitorSocket> | null>(null);

  const upsert = useCallback((incoming: TVisitorMessage, replaceId?: string) => {
    setMessages((current) => {
      const without = current.filter((m) => m.id !== incoming.id && m.id !== replaceId);
      return [...without, incoming].sort((a, b) => a.timestamp - b.timestamp);
    });
  }, []);

  const refetch = useCallback(async () => {
    const history = await fetchConversation(channel, token);
    setMessages((current) => mergeHistory(history, current));
  }, [channel, token]);

  useEffect(() => {
    void refetch().catch(() => undefined);
    const socket = connectVisitorSocket(token);
    socketRef.current = socket;
    let first = true;
    socket.on('connect', () => {
      setOnline(true);
      if (!first) void refetch().catch(() => undefined);
      first = false;
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
  }, [token, refetch, upsert]);

  // Tell the agent which of their messages are on screen (read), and keep the newest in view.
  useEffect(() => {
    const unread = messages.filter((m) => !m.fromMe && m.status !== 'read' && !m.local).map((m) => m.id);
    if (unread.length > 0 && document.visibilityState === 'visible')
      socketRef.current?.emit(webchatSocket.read, unread);
    viewport.current?.scrollTo({ top: viewport.current.scrollHeight });
  }, [messages]);

  const deliver = async (clientId: string, body: string, file?: File) => {
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
    try {
      const saved = file
        ? await sendVisitorFile(channel, token, { clientId, file })
        : await sendVisitorMessage(channel, token, { clientId, body });
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

  const sendFile = (file: File) => {
    if (file.size > maxFileBytes) {
      setNotice(t('webchat.fileTooLarge', { max: megabytes(maxFileBytes) }));
      return;
    }
    void deliver(newClientId(), '', file);
  };

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    const body = text.trim();
    if (!body) return;
    setText('');
    socketRef.current?.emit(webchatSocket.typing, 'paused');
    void deliver(newClientId(), body);
  };

  const typingTimer = useRef<number | undefined>(undefined);
  const onType = (value: string) => {
    setText(value);
    if (!typingTimer.current) socketRef.current?.emit(webchatSocket.typing, 'composing');
    window.clearTimeout(typingTimer.current);
    typingTimer.current = window.setTimeout(() => {
      socketRef.current?.emit(webchatSocket.typing, 'paused');
      typingTimer.current = undefined;
    }, 3000);
  };

  return (
    <Stack gap={0} h="100%">
      {!online && (
        <Alert color="warning" py={4} radius={0}>
          {t('webchat.offline')}
        </Alert>
      )}
      <ScrollArea flex={1} viewportRef={viewport} px="sm" py="xs" data-testid="webchat-messages">
        <Stack gap={6}>
          {greeting && (
            <Paper withBorder px="sm" py={6} radius="md" maw="80%">
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {greeting}
              </Text>
            </Paper>
          )}
          {messages.length === 0 && !greeting && (
            <Text size="sm" c="dimmed" ta="center" mt="lg">
              {t('webchat.empty')}
            </Text>
          )}
          {messages
            .filter((message) => endedAt === null || message.timestamp <= endedAt)
            .map((message) => (
              <Bubble
                key={message.id}
                message={message}
                onRetry={() => message.clientId && void deliver(message.clientId, message.body, message.file)}
              />
            ))}
          {endedAt !== null && (
            <Alert color="gray" variant="light" radius="md" py={6} data-testid="webchat-ended">
              <Text size="sm">{t('webchat.ended')}</Text>
            </Alert>
          )}
          {endedAt !== null &&
            messages
              .filter((message) => message.timestamp > endedAt)
              .map((message) => (
                <Bubble
                  key={message.id}
                  message={message}
                  onRetry={() => message.clientId && void deliver(message.clientId, message.body, message.file)}
                />
              ))}
        </Stack>
      </ScrollArea>
      <Box px="sm" h={20}>
        {agentState !== 'paused' && (
          <Text size="xs" c="dimmed" data-testid="webchat-agent-typing">
            {agentState === 'recording' ? t('webchat.recording') : t('webchat.typing')}
          </Text>
        )}
      </Box>
      {notice && (
        <Text size="xs" c="negative" px="sm">
          {notice}
        </Text>
      )}
      <form onSubmit={submit}>
        <Group gap="xs" p="sm" align="flex-end" wrap="nowrap">
          <input
            ref={fileInput}
            type="file"
            accept={acceptedFiles}
            hidden
            onChange={(event) => {
              const file = event.currentTarget.files?.[0];
              event.currentTarget.value = '';
              if (file) sendFile(file);
            }}
            data-testid="webchat-file-input"
          />
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={t('webchat.attach')}
            onClick={() => fileInput.current?.click()}
            data-testid="webchat-attach"
          >
            <IconPaperclip size={18} />
          </ActionIcon>
          <Textarea
            flex={1}
            autosize
            minRows={1}
            maxRows={4}
            maxLength={4096}
            placeholder={t('webchat.placeholder')}
            aria-label={t('webchat.placeholder')}
            value={text}
            onChange={(e) => onType(e.currentTarget.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && !e.shiftKey) {
                e.preventDefault();
                submit();
              }
            }}
            data-testid="webchat-input"
          />
          <ActionIcon
            type="submit"
            size="lg"
            aria-label={t('webchat.send')}
            disabled={!text.trim()}
            data-testid="webchat-send"
          >
            <IconSend size={18} />
          </ActionIcon>
        </Group>
      </form>
    </Stack>
  );
};

/** `/webchat/:token`: the public page a site's visitor chats on (also what the embedded widget opens). */
export const WebchatPage = () => {
  const { t } = useTranslation();
  const channel = useParams().token ?? '';
  const [token, setToken] = useState<string | null>(() => loadStoredSession(channel));
  const info = useQuery({ queryKey: ['webchat', channel], queryFn: () => fetchWebchatInfo(channel), retry: false });
  useEffect(() => {
    if (info.data) document.title = `${info.data.name} · ${info.data.appName}`;
  }, [info.data]);

  return (
    <Center mih="100dvh" p={{ base: 0, sm: 'md' }} bg="var(--mantine-color-gray-1)">
      <Paper
        withBorder
        shadow="md"
        radius="lg"
        w="100%"
        maw={480}
        h={{ base: '100dvh', sm: 640 }}
        style={{ display: 'flex', flexDirection: 'column', overflow: 'hidden' }}
      >
        <Group px="md" py="sm" bg="var(--mantine-color-primary-6)" justify="space-between" wrap="nowrap">
          <Stack gap={0} miw={0}>
            <Title order={4} c="white" lineClamp={2}>
              {info.data?.name ?? t('webchat.title')}
            </Title>
            {info.data && (
              <Text size="xs" c="white" opacity={0.85}>
                {info.data.appName}
              </Text>
            )}
          </Stack>
          {token && (
            <Button
              size="compact-xs"
              variant="white"
              style={{ flexShrink: 0 }}
              onClick={() => {
                storeSession(channel, null);
                setToken(null);
              }}
            >
              {t('webchat.newConversation')}
            </Button>
          )}
        </Group>
        <Box flex={1} mih={0} style={{ display: 'flex', flexDirection: 'column' }}>
          {info.isPending && (
            <Center flex={1}>
              <Loader aria-label={t('webchat.loading')} />
            </Center>
          )}
          {info.isError && (
            <Center flex={1} p="lg">
              <Text c="dimmed">{t('webchat.notFound')}</Text>
            </Center>
          )}
          {info.data && !token && (
            <Box p="md">
              <StartForm channel={channel} onStarted={setToken} />
            </Box>
          )}
          {info.data && token && (
            <Chat
              channel={channel}
              token={token}
              greeting={info.data.greetingMessage}
              maxFileBytes={info.data.maxFileBytes}
            />
          )}
        </Box>
      </Paper>
    </Center>
  );
};
