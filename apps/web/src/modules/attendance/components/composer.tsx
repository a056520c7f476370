import {
  ActionIcon,
  Alert,
  Box,
  Button,
  CloseButton,
  FileButton,
  Group,
  Paper,
  Stack,
  Text,
  Textarea,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import type { TMessage, TTicket } from '@prosa/contracts';
import {
  IconCalendarTime,
  IconClockOff,
  IconMicrophone,
  IconPaperclip,
  IconPlayerStopFilled,
  IconSend,
  IconTemplate,
  IconTrash,
} from '@tabler/icons-react';
import { type ClipboardEvent, type KeyboardEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../../app/notify';
import { useFastReplies } from '../api/lookups-api';
import { useTypingPresence } from '../api/use-typing-presence';
import { AttachmentTray } from './attachment-tray';
import { EmojiPicker } from './emoji-picker';
import { formatDuration } from './media-helpers';
import { fillQuickReply, filterFastReplies, quickReplyQuery } from './quick-replies';
import { useVoiceRecorder } from './use-voice-recorder';

type TComposerProps = {
  ticket: TTicket;
  agentName: string;
  replyTo: TMessage | null;
  onCancelReply: () => void;
  onSend: (body: string) => void;
  /** Files waiting in the tray (picked here, dropped on the chat or pasted). */
  attachments?: File[];
  onAttachmentsChange?: (files: File[]) => void;
  /** Sends the tray's files, with what was typed as the caption of the first. */
  onAttach?: (files: File[], caption: string) => void;
  /** A voice note just recorded (sent as ptt). */
  onVoice?: (file: File) => void;
  onSchedule: (body: string) => void;
  disabled: boolean;
  /** Shown instead of the placeholder when sending is not possible. */
  disabledHint?: string;
  /** Phone width: a shorter placeholder. */
  compact?: boolean;
  /** Channels with approved templates (WhatsApp Cloud API): opens the template picker. */
  onTemplates?: () => void;
  /** The customer-service window is closed: free text cannot go, only a template. */
  windowClosed?: boolean;
};

/**
 * Message box: Enter sends, Shift+Enter breaks the line; "/" opens the quick messages (filtered as you type,
 * ↑/↓ and Enter or Tab to insert, Esc to close); a reply shows as a chip; scheduling opens a date-time picker.
 * Files (picked, pasted or dropped on the chat) wait in a tray and go with the next send, the text as caption;
 * the microphone records a voice note (record, then stop to send or the bin to discard).
 */
export const Composer = ({
  ticket,
  agentName,
  replyTo,
  onCancelReply,
  onSend,
  attachments = [],
  onAttachmentsChange,
  onAttach,
  onVoice,
  onSchedule,
  disabled,
  disabledHint,
  compact = false,
  onTemplates,
  windowClosed = false,
}: TComposerProps) => {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [highlight, setHighlight] = useState(0);
  const [dismissedQuery, setDismissedQuery] = useState<string | null>(null);
  const input = useRef<HTMLTextAreaElement>(null);
  const resetFilePicker = useRef<() => void>(null);
  const voice = useVoiceRecorder();
  const presence = useTypingPresence(ticket.id, !disabled && ticket.status !== 'closed');
  const query = quickReplyQuery(text);
  const pickingReply = query !== null && query !== dismissedQuery;
  const fastReplies = useFastReplies(pickingReply);
  const options = useMemo(
    () => (pickingReply ? filterFastReplies(fastReplies.data ?? [], query ?? '') : []),
    [pickingReply, fastReplies.data, query],
  );

  useEffect(() => {
    if (replyTo) input.current?.focus();
  }, [replyTo]);

  const insertReply = (message: string) => {
    setText(fillQuickReply(message, ticket, agentName));
    setHighlight(0);
    input.current?.focus();
  };

  const addFiles = (files: File[]) => {
    if (!onAttachmentsChange || files.length === 0 || disabled) return;
    onAttachmentsChange([...attachments, ...files]);
    input.current?.focus();
  };

  // A picture copied to the clipboard (a screenshot) joins the tray; pasted text stays text.
  const onPaste = (event: ClipboardEvent<HTMLTextAreaElement>) => {
    const files = Array.from(event.clipboardData.files);
    if (files.length === 0 || !onAttachmentsChange) return;
    event.preventDefault();
    addFiles(files);
  };

  const insertEmoji = (emoji: string) => {
    const field = input.current;
    const start = field?.selectionStart ?? text.length;
    const end = field?.selectionEnd ?? text.length;
    setText(text.slice(0, start) + emoji + text.slice(end));
    requestAnimationFrame(() => {
      field?.focus();
      field?.setSelectionRange(start + emoji.length, start + emoji.length);
    });
  };

  const startVoice = async () => {
    try {
      await voice.start();
    } catch {
      notifyError(t('attendance.composer.micDenied'));
    }
  };

  const finishVoice = async () => {
    const file = await voice.stop();
    if (file && onVoice) onVoice(file);
  };

  const send = () => {
    if (disabled) return;
    const body = text.trim();
    if (attachments.length > 0 && onAttach) {
      onAttach(attachments, body);
    } else if (body) {
      onSend(body);
    } else {
      return;
    }
    setText('');
    presence.stop();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.nativeEvent.isComposing) return;
    if (pickingReply && options.length > 0) {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setHighlight((current) => (current + step + options.length) % options.length);
        return;
      }
      if (event.key === 'Enter' || event.key === 'Tab') {
        event.preventDefault();
        const chosen = options[Math.min(highlight, options.length - 1)];
        if (chosen) insertReply(chosen.message);
        return;
      }
    }
    if (pickingReply && event.key === 'Escape') {
      event.preventDefault();
      setDismissedQuery(query);
      return;
    }
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      send();
    }
  };

  if (windowClosed && !disabled)
    return (
      <Box px="sm" py="xs" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
        <Alert color="warning" variant="light" icon={<IconClockOff size={18} />} data-testid="composer-window-closed">
          <Group justify="space-between" wrap="nowrap" gap="sm">
            <Text size="sm">
              {t(onTemplates ? 'attendance.templates.windowClosed' : 'attendance.templates.windowClosedWait')}
            </Text>
            {onTemplates && (
              <Button
                size="xs"
                leftSection={<IconTemplate size={14} />}
                onClick={onTemplates}
                style={{ flexShrink: 0 }}
              >
                {t('attendance.templates.send')}
              </Button>
            )}
          </Group>
        </Alert>
      </Box>
    );

  return (
    <Box pos="relative" px="sm" py="xs" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
      {pickingReply && (
        <Paper
          withBorder
          shadow="md"
          radius="md"
          pos="absolute"
          left={8}
          right={8}
          bottom="100%"
          mb={4}
          style={{ zIndex: 10, maxHeight: 280, overflowY: 'auto' }}
          role="listbox"
          aria-label={t('attendance.composer.quickReplies')}
          data-testid="quick-replies"
        >
          {options.length === 0 ? (
            <Text size="sm" c="dimmed" p="sm">
              {fastReplies.isLoading ? t('common.loading') : t('attendance.composer.noQuickReplies')}
            </Text>
          ) : (
            options.map((reply, index) => (
              <UnstyledButton
                key={reply.id}
                role="option"
                aria-selected={index === highlight}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => insertReply(reply.message)}
                onMouseEnter={() => setHighlight(index)}
                w="100%"
                px="sm"
                py={6}
                bg={index === highlight ? 'var(--mantine-color-default-hover)' : undefined}
                data-testid="quick-reply-option"
              >
                <Text size="sm" fw={600}>
                  /{reply.key}
                </Text>
                <Text size="xs" c="dimmed" lineClamp={2}>
                  {reply.message}
                </Text>
              </UnstyledButton>
            ))
          )}
        </Paper>
      )}
      <Stack gap={6}>
        {replyTo && (
          <Group
            gap="xs"
            wrap="nowrap"
            px="sm"
            py={4}
            data-testid="reply-chip"
            style={{ borderLeft: '3px solid var(--mantine-color-primary-6)', borderRadius: 4 }}
            bg="var(--mantine-color-default-hover)"
          >
            <Box style={{ flex: 1, minWidth: 0 }}>
              <Text size="xs" fw={600} c="primary">
                {t('attendance.composer.replyingTo', {
                  name: replyTo.fromMe ? t('attendance.message.you') : ticket.contact.name || ticket.name,
                })}
              </Text>
              <Text size="xs" c="dimmed" truncate>
                {replyTo.edition ?? replyTo.body}
              </Text>
            </Box>
            <CloseButton size="sm" aria-label={t('attendance.composer.cancelReply')} onClick={onCancelReply} />
          </Group>
        )}
        {onAttachmentsChange && <AttachmentTray files={attachments} onChange={onAttachmentsChange} />}
        <Group gap={4} align="flex-end" wrap="nowrap">
          {onAttachmentsChange && !voice.recording && (
            <FileButton
              multiple
              resetRef={resetFilePicker}
              onChange={(files) => {
                addFiles(files);
                resetFilePicker.current?.();
              }}
              disabled={disabled}
            >
              {(props) => (
                <Tooltip label={t('attendance.composer.attach')}>
                  <ActionIcon
                    {...props}
                    variant="subtle"
                    color="gray"
                    size="lg"
                    aria-label={t('attendance.composer.attach')}
                    data-testid="composer-attach"
                  >
                    <IconPaperclip size={20} />
                  </ActionIcon>
                </Tooltip>
              )}
            </FileButton>
          )}
          {!voice.recording && <EmojiPicker onPick={insertEmoji} disabled={disabled} />}
          {voice.recording ? (
            <Group
              gap="xs"
              wrap="nowrap"
              px="sm"
              h={36}
              style={{ flex: 1 }}
              role="status"
              aria-live="polite"
              data-testid="voice-recording"
            >
              <Box w={10} h={10} bg="red.6" style={{ borderRadius: '50%' }} aria-hidden />
              <Text size="sm" c="dimmed">
                {t('attendance.composer.recording')}
              </Text>
              <Text size="sm" fw={600} ff="monospace" data-testid="voice-timer">
                {formatDuration(voice.seconds)}
              </Text>
            </Group>
          ) : (
            <Textarea
              ref={input}
              value={text}
              onChange={(event) => {
                setText(event.currentTarget.value);
                presence.onType();
                setHighlight(0);
                setDismissedQuery(null);
              }}
              onKeyDown={onKeyDown}
              placeholder={
                disabled
                  ? disabledHint
                  : attachments.length > 0
                    ? t('attendance.composer.captionPlaceholder')
                    : t(compact ? 'attendance.composer.placeholderShort' : 'attendance.composer.placeholder')
              }
              aria-label={t('attendance.composer.label')}
              disabled={disabled}
              autosize
              minRows={1}
              maxRows={6}
              style={{ flex: 1 }}
              onPaste={onPaste}
              data-testid="composer-input"
            />
          )}
          {onTemplates && !voice.recording && (
            <Tooltip label={t('attendance.templates.open')}>
              <ActionIcon
                variant="subtle"
                size="lg"
                disabled={disabled}
                aria-label={t('attendance.templates.open')}
                onClick={onTemplates}
                data-testid="composer-templates"
              >
                <IconTemplate size={20} />
              </ActionIcon>
            </Tooltip>
          )}
          {!voice.recording && (
            <Tooltip label={t('attendance.composer.schedule')}>
              <ActionIcon
                variant="subtle"
                size="lg"
                disabled={disabled && ticket.status !== 'closed'}
                aria-label={t('attendance.composer.schedule')}
                onClick={() => onSchedule(text.trim())}
                data-testid="composer-schedule"
              >
                <IconCalendarTime size={20} />
              </ActionIcon>
            </Tooltip>
          )}
          {voice.recording ? (
            <>
              <Tooltip label={t('attendance.composer.cancelRecording')}>
                <ActionIcon
                  variant="subtle"
                  color="negative"
                  size="lg"
                  onClick={voice.cancel}
                  aria-label={t('attendance.composer.cancelRecording')}
                  data-testid="voice-cancel"
                >
                  <IconTrash size={20} />
                </ActionIcon>
              </Tooltip>
              <Tooltip label={t('attendance.composer.stopAndSend')}>
                <ActionIcon
                  size="lg"
                  color="red"
                  onClick={() => void finishVoice()}
                  aria-label={t('attendance.composer.stopAndSend')}
                  data-testid="voice-stop"
                >
                  <IconPlayerStopFilled size={18} />
                </ActionIcon>
              </Tooltip>
            </>
          ) : (
            <>
              {onVoice && voice.supported && (
                <Tooltip label={t('attendance.composer.voice')}>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    size="lg"
                    disabled={disabled}
                    onClick={() => void startVoice()}
                    aria-label={t('attendance.composer.voice')}
                    data-testid="voice-start"
                  >
                    <IconMicrophone size={20} />
                  </ActionIcon>
                </Tooltip>
              )}
              <ActionIcon
                size="lg"
                onClick={send}
                disabled={disabled || (!text.trim() && attachments.length === 0)}
                aria-label={t('attendance.composer.send')}
                data-testid="composer-send"
              >
                <IconSend size={18} />
              </ActionIcon>
            </>
          )}
        </Group>
      </Stack>
    </Box>
  );
};
