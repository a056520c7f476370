import { Box, Center, Drawer, Loader, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { MAX_FORWARDED_MESSAGES, type TMessage } from '@prosa/contracts';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { notifyWarning } from '../../../app/notify';
import { useAppNavigate } from '../../../app/router/use-app-navigate';
import { useSessionStore } from '../../../app/session/session-store';
import { breakpoints } from '../../../app/theme/theme';
import { ConfirmDeleteModal } from '../../../ui/confirm-delete-modal';
import { ErrorState } from '../../../ui/data-states';
import { showApiError } from '../../../ui/server-errors';
import { ChatAiMenu } from '../../assistants/components/chat-ai-menu';
import { useCreateNote, useTicketNotes } from '../../notes/api/notes-api';
import { flattenMessages } from '../api/message-cache';
import {
  useDeleteMessage,
  useEditMessage,
  useMessages,
  useReactToMessage,
  useRetryMessage,
  useSendMessage,
} from '../api/messages-api';
import { useServiceWindow } from '../api/templates-api';
import { useTicket } from '../api/tickets-api';
import { useFollowTicket } from '../api/use-follow-ticket';
import { useOpenTicket } from '../api/use-open-ticket';
import { useReadWhileOpen } from '../api/use-read-while-open';
import { useSendFiles } from '../api/use-send-files';
import { ChatHeader } from '../components/chat-header';
import { CloseTicketModal } from '../components/close-ticket-modal';
import { Composer } from '../components/composer';
import { ContactPanel } from '../components/contact-panel';
import { EarlierTickets } from '../components/earlier-tickets';
import { EditMessageModal } from '../components/edit-message-modal';
import { ForwardMessageModal } from '../components/forward-message-modal';
import { ForwardSelectionBar } from '../components/forward-selection-bar';
import { MessageList } from '../components/message-list';
import { OtherOpenTicketModal } from '../components/other-open-ticket-modal';
import { fillQuickReply } from '../components/quick-replies';
import { ScheduleMessageModal } from '../components/schedule-message-modal';
import { ScheduledMessages } from '../components/scheduled-messages';
import { TemplateModal } from '../components/template-modal';
import { TransferModal } from '../components/transfer-modal';
import { useTicketActions } from '../components/use-ticket-actions';
import { useAttendanceStore } from '../store/attendance-store';
import { parseTicketId } from './attendance-layout';
import { ChatEmptyPage } from './chat-empty-page';

/** /atendimento/:ticketId: header and actions, scheduled list, the conversation and the message box. */
export const ChatPage = () => {
  const { t } = useTranslation();
  const navigate = useAppNavigate();
  const ticketId = parseTicketId(useParams().ticketId);
  const { userId, username } = useSessionStore();
  const isPhone = useMediaQuery(`(max-width: calc(${breakpoints.sm} - 1px))`) ?? false;
  const isWide = useMediaQuery(`(min-width: ${breakpoints.lg})`) ?? false;
  const { contactPanelOpen, toggleContactPanel } = useAttendanceStore();

  const ticketQuery = useTicket(ticketId);
  const messagesQuery = useMessages(ticketId);
  const notesQuery = useTicketNotes(ticketId);
  const createNote = useCreateNote();
  const send = useSendMessage();
  const sendFiles = useSendFiles();
  const retry = useRetryMessage();
  const edit = useEditMessage();
  const remove = useDeleteMessage();
  const react = useReactToMessage();
  const openTicket = useOpenTicket();

  const [replyTo, setReplyTo] = useState<TMessage | null>(null);
  const [editing, setEditing] = useState<TMessage | null>(null);
  const [deleting, setDeleting] = useState<TMessage | null>(null);
  // Forwarding: the messages picked so far (null outside selection mode), then the dialog.
  const [picked, setPicked] = useState<Map<number, TMessage> | null>(null);
  const [forwarding, setForwarding] = useState<TMessage[] | null>(null);
  const [scheduleBody, setScheduleBody] = useState<string | null>(null);
  const [attachments, setAttachments] = useState<File[]>([]);
  const [dropping, setDropping] = useState(false);
  const [templatesOpen, setTemplatesOpen] = useState(false);
  // A reply the AI suggested: goes into the message box for the agent to edit and send.
  const [suggestion, setSuggestion] = useState<{ text: string; at: number } | null>(null);

  const ticket = ticketQuery.data;
  const backToList = () => navigate('chat-empty');
  const actions = useTicketActions(ticket, { currentUserId: userId, agentName: username ?? '', onLeave: backToList });
  useReadWhileOpen(ticket);
  useFollowTicket(ticket, userId);
  const serviceWindow = useServiceWindow(ticket);
  const messages = useMemo(() => flattenMessages(messagesQuery.data?.pages ?? []), [messagesQuery.data]);

  // A different ticket: nothing of the previous one's drafts or dialogs stays.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the ticket changes
  useEffect(() => {
    setReplyTo(null);
    setEditing(null);
    setDeleting(null);
    setPicked(null);
    setForwarding(null);
    setScheduleBody(null);
    setAttachments([]);
    setDropping(false);
    setTemplatesOpen(false);
    setSuggestion(null);
    actions.reset();
  }, [ticketId]);

  if (ticketId === null) return <ChatEmptyPage />;
  if (ticketQuery.isError) {
    return (
      <Box p="md">
        <ErrorState error={ticketQuery.error} onRetry={() => void ticketQuery.refetch()} />
      </Box>
    );
  }
  if (!ticket) {
    return (
      <Center h="100%">
        <Loader />
      </Center>
    );
  }

  const onSend = (body: string) => {
    send.mutate({ ticketId: ticket.id, contactId: ticket.contactId, body, quoted: replyTo, userId });
    setReplyTo(null);
  };

  const onSaveEdit = async (body: string) => {
    if (!editing) return;
    try {
      await edit.mutateAsync({ message: editing, body });
      setEditing(null);
    } catch (error) {
      showApiError(error);
    }
  };

  const onConfirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting);
      setDeleting(null);
    } catch (error) {
      showApiError(error);
    }
  };

  const togglePicked = (message: TMessage) =>
    setPicked((current) => {
      const next = new Map(current ?? []);
      if (next.has(message.id)) next.delete(message.id);
      else if (next.size >= MAX_FORWARDED_MESSAGES)
        notifyWarning(t('attendance.forward.limit', { max: MAX_FORWARDED_MESSAGES }));
      else next.set(message.id, message);
      return next;
    });
  // In the order of the conversation, whatever order they were picked in.
  const pickedInOrder = () => messages.filter((message) => picked?.has(message.id));

  const onReact = (message: TMessage, emoji: string) => {
    const mine = message.reactions.find((reaction) => reaction.fromMe && reaction.userId === userId);
    // Choosing one's own reaction again takes it back.
    react.mutate({ message, emoji: mine?.emoji === emoji ? '' : emoji }, { onError: (error) => showApiError(error) });
  };

  const closed = ticket.status === 'closed';
  const contactPanel = <ContactPanel ticket={ticket} />;

  return (
    <Box display="flex" h="100%" style={{ minHeight: 0 }}>
      <Stack
        gap={0}
        h="100%"
        pos="relative"
        style={{ flex: 1, minWidth: 0 }}
        data-testid="chat-panel"
        // Files dropped on the conversation join the composer's tray, like the attach button's.
        onDragOver={(event) => {
          if (closed || !event.dataTransfer.types.includes('Files')) return;
          event.preventDefault();
          setDropping(true);
        }}
        onDragLeave={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDropping(false);
        }}
        onDrop={(event) => {
          setDropping(false);
          const files = Array.from(event.dataTransfer.files);
          if (closed || files.length === 0) return;
          event.preventDefault();
          setAttachments((current) => [...current, ...files]);
        }}
      >
        {dropping && (
          <Center
            pos="absolute"
            inset={0}
            m="xs"
            bg="var(--mantine-color-body)"
            style={{
              zIndex: 20,
              opacity: 0.92,
              border: '2px dashed var(--mantine-color-primary-6)',
              borderRadius: 8,
              pointerEvents: 'none',
            }}
            data-testid="chat-drop-zone"
          >
            <Text fw={600} c="primary">
              {t('attendance.composer.dropHint')}
            </Text>
          </Center>
        )}
        <ChatHeader
          ticket={ticket}
          onBack={isPhone ? backToList : undefined}
          busy={actions.busy}
          onAction={(action) => void actions.onAction(action)}
          onToggleContact={() => toggleContactPanel()}
          aiMenu={
            <ChatAiMenu
              ticket={ticket}
              compact={isPhone}
              onSuggestion={(text) => setSuggestion({ text, at: Date.now() })}
            />
          }
        />
        <ScheduledMessages ticketId={ticket.id} />
        <Box style={{ flex: 1, minHeight: 0 }}>
          {messagesQuery.isError ? (
            <Box p="md">
              <ErrorState error={messagesQuery.error} onRetry={() => void messagesQuery.refetch()} />
            </Box>
          ) : messagesQuery.isLoading ? (
            <Center h="100%">
              <Loader />
            </Center>
          ) : (
            <MessageList
              key={ticket.id}
              messages={messages}
              notes={notesQuery.data}
              hasOlder={Boolean(messagesQuery.hasNextPage)}
              loadingOlder={messagesQuery.isFetchingNextPage}
              onLoadOlder={() => void messagesQuery.fetchNextPage()}
              currentUserId={userId}
              contactName={ticket.contact.name || ticket.name}
              onReply={setReplyTo}
              onReact={onReact}
              onEdit={setEditing}
              onDelete={setDeleting}
              onForward={(message) => setPicked(new Map([[message.id, message]]))}
              selection={picked ? { ids: new Set(picked.keys()), onToggle: togglePicked } : null}
              onRetry={(message) => retry.mutate(message, { onError: (error) => showApiError(error) })}
              before={
                <EarlierTickets
                  ticketId={ticket.id}
                  currentUserId={userId}
                  contactName={ticket.contact.name || ticket.name}
                />
              }
            />
          )}
        </Box>
        {picked ? (
          <ForwardSelectionBar
            count={picked.size}
            onCancel={() => setPicked(null)}
            onForward={() => setForwarding(pickedInOrder())}
          />
        ) : (
          <Composer
            key={ticket.id}
            ticket={ticket}
            agentName={username}
            replyTo={replyTo}
            onCancelReply={() => setReplyTo(null)}
            onSend={onSend}
            onNote={(notes) =>
              createNote.mutate(
                { ticketId: ticket.id, notes, idFront: crypto.randomUUID() },
                { onError: (error) => showApiError(error) },
              )
            }
            attachments={attachments}
            onAttachmentsChange={setAttachments}
            onAttach={(files, caption) => {
              sendFiles.mutate({
                ticketId: ticket.id,
                contactId: ticket.contactId,
                files,
                caption,
                quoted: replyTo,
                userId,
              });
              setAttachments([]);
              setReplyTo(null);
            }}
            onVoice={(file) =>
              sendFiles.mutate({
                ticketId: ticket.id,
                contactId: ticket.contactId,
                files: [file],
                caption: '',
                userId,
                voice: true,
              })
            }
            onSchedule={setScheduleBody}
            disabled={closed}
            disabledHint={t('attendance.composer.closedHint')}
            compact={isPhone}
            onTemplates={serviceWindow.data?.templates ? () => setTemplatesOpen(true) : undefined}
            windowClosed={serviceWindow.data?.open === false}
            prefill={suggestion}
          />
        )}
      </Stack>
      {contactPanelOpen && isWide && (
        <Box w={320} style={{ flexShrink: 0, borderLeft: '1px solid var(--mantine-color-default-border)' }}>
          {contactPanel}
        </Box>
      )}
      <Drawer
        opened={contactPanelOpen && !isWide}
        onClose={() => toggleContactPanel(false)}
        position="right"
        size={340}
        title={t('attendance.contact.title')}
      >
        {contactPanel}
      </Drawer>
      <TemplateModal opened={templatesOpen} ticket={ticket} onClose={() => setTemplatesOpen(false)} />
      <TransferModal
        opened={actions.dialog === 'transfer'}
        ticket={ticket}
        loading={actions.busy === 'transfer'}
        onClose={() => actions.setDialog(null)}
        onConfirm={(choice) => void actions.onTransfer(choice)}
      />
      <CloseTicketModal
        opened={actions.dialog === 'close'}
        loading={actions.busy === 'close'}
        reasonError={actions.reasonError}
        onClose={() => actions.setDialog(null)}
        onConfirm={(choice) => void actions.onClose(choice)}
        fill={(message) => fillQuickReply(message, ticket, username ?? '')}
      />
      <ScheduleMessageModal
        opened={scheduleBody !== null}
        ticketId={ticket.id}
        initialBody={scheduleBody ?? ''}
        onClose={() => setScheduleBody(null)}
      />
      <EditMessageModal
        message={editing}
        loading={edit.isPending}
        onClose={() => setEditing(null)}
        onSave={(body) => void onSaveEdit(body)}
      />
      <ForwardMessageModal messages={forwarding} onClose={() => setForwarding(null)} onDone={() => setPicked(null)} />
      <ConfirmDeleteModal
        opened={deleting !== null}
        title={t('attendance.message.deleteTitle')}
        message={t('attendance.message.deleteText')}
        loading={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => void onConfirmDelete()}
      />
      <OtherOpenTicketModal
        holder={actions.holder}
        onClose={() => actions.setHolder(null)}
        onOpen={(id) => {
          actions.setHolder(null);
          void openTicket(id);
        }}
      />
    </Box>
  );
};
