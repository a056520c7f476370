import { ActionIcon, Box, Group, Stack, Textarea, Tooltip } from '@mantine/core';
import type { TMessage, TTicket } from '@prosa/contracts';
import { IconCalendarTime, IconNote, IconSend, IconTemplate } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AttachButton } from './attach-button';
import { AttachmentTray } from './attachment-tray';
import { ComposerToolButton } from './composer-tool-button';
import { EmojiPicker } from './emoji-picker';
import { QuickReplyList } from './quick-reply-list';
import { ReplyChip } from './reply-chip';
import { useComposerDraft } from './use-composer-draft';
import { useVoiceRecorder } from './use-voice-recorder';
import { VoiceRecordingActions, VoiceRecordingStatus, VoiceStartButton } from './voice-note-controls';
import { WindowClosedNotice } from './window-closed-notice';

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
  /** Saves an internal note (the "Nota" mode: a toggle, or a text that starts with `/nota `). */
  onNote?: (body: string) => void;
  /** Text put in the box from outside (an AI suggestion), replacing what was there; `at` tells two apart. */
  prefill?: { text: string; at: number } | null;
};

/** Typing this at the start switches the box to an internal note. */
const notePrefix = '/nota ';

/**
 * Message box: Enter sends, Shift+Enter breaks the line; "/" opens the quick messages (filtered as you type,
 * ↑/↓ and Enter or Tab to insert, Esc to close); a reply shows as a chip; scheduling opens a date-time picker.
 * Files (picked, pasted or dropped on the chat) wait in a tray and go with the next send, the text as caption;
 * the microphone records a voice note (record, then stop to send or the bin to discard). The note toggle (or a
 * text starting with `/nota `) turns the box yellow: what is sent then is an internal note, never the customer's.
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
  onNote,
  prefill,
}: TComposerProps) => {
  const { t } = useTranslation();
  const voice = useVoiceRecorder();
  const [noteMode, setNoteMode] = useState(false);
  const isNote = noteMode && Boolean(onNote);
  const draft = useComposerDraft({
    ticket,
    agentName,
    disabled,
    attachments: isNote ? [] : attachments,
    onAttachmentsChange,
    onSend: isNote && onNote ? onNote : onSend,
    onAttach: isNote ? undefined : onAttach,
  });
  const { picker, input, text } = draft;
  const onChange = (value: string) => {
    if (onNote && !noteMode && value.toLowerCase().startsWith(notePrefix)) {
      setNoteMode(true);
      draft.onChange(value.slice(notePrefix.length));
      return;
    }
    draft.onChange(value);
  };
  const toggleNote = () => {
    setNoteMode(!noteMode);
    input.current?.focus();
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new prefill replaces the text
  useEffect(() => {
    if (!prefill) return;
    draft.fill(prefill.text);
    input.current?.focus();
  }, [prefill]);

  useEffect(() => {
    if (replyTo) input.current?.focus();
  }, [replyTo, input]);

  if (windowClosed && !disabled) return <WindowClosedNotice onTemplates={onTemplates} />;

  const placeholder = disabled
    ? disabledHint
    : isNote
      ? t('notes.composer.placeholder')
      : attachments.length > 0
        ? t('attendance.composer.captionPlaceholder')
        : t(compact ? 'attendance.composer.placeholderShort' : 'attendance.composer.placeholder');

  return (
    <Box pos="relative" px="sm" py="xs" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
      {picker.isOpen && (
        <QuickReplyList
          options={picker.options}
          highlight={picker.highlight}
          isLoading={picker.isLoading}
          onHighlight={picker.setHighlight}
          onChoose={picker.choose}
        />
      )}
      <Stack gap={6}>
        {replyTo && <ReplyChip replyTo={replyTo} ticket={ticket} onCancel={onCancelReply} />}
        {onAttachmentsChange && !isNote && <AttachmentTray files={attachments} onChange={onAttachmentsChange} />}
        <Group gap={4} align="flex-end" wrap="nowrap">
          {onNote && !voice.recording && (
            <Tooltip label={t('notes.composer.toggle')}>
              <ActionIcon
                size="lg"
                variant={isNote ? 'filled' : 'subtle'}
                color={isNote ? 'yellow' : undefined}
                aria-label={t('notes.composer.toggle')}
                aria-pressed={isNote}
                disabled={disabled}
                onClick={toggleNote}
                data-testid="composer-note-toggle"
              >
                <IconNote size={20} />
              </ActionIcon>
            </Tooltip>
          )}
          {onAttachmentsChange && !voice.recording && !isNote && (
            <AttachButton disabled={disabled} onFiles={draft.addFiles} />
          )}
          {!voice.recording && <EmojiPicker onPick={draft.insertEmoji} disabled={disabled} />}
          {voice.recording ? (
            <VoiceRecordingStatus seconds={voice.seconds} />
          ) : (
            <Textarea
              ref={input}
              value={text}
              onChange={(event) => onChange(event.currentTarget.value)}
              onKeyDown={draft.onKeyDown}
              placeholder={placeholder}
              aria-label={t(isNote ? 'notes.composer.mode' : 'attendance.composer.label')}
              disabled={disabled}
              autosize
              minRows={1}
              maxRows={6}
              style={{ flex: 1 }}
              styles={
                isNote
                  ? { input: { background: 'var(--mantine-color-yellow-1)', color: 'var(--mantine-color-dark-7)' } }
                  : undefined
              }
              onPaste={draft.onPaste}
              data-testid="composer-input"
            />
          )}
          {onTemplates && !voice.recording && !isNote && (
            <ComposerToolButton
              label={t('attendance.templates.open')}
              icon={<IconTemplate size={20} />}
              variant="subtle"
              disabled={disabled}
              onClick={onTemplates}
              testId="composer-templates"
            />
          )}
          {!voice.recording && !isNote && (
            <ComposerToolButton
              label={t('attendance.composer.schedule')}
              icon={<IconCalendarTime size={20} />}
              variant="subtle"
              disabled={disabled && ticket.status !== 'closed'}
              onClick={() => onSchedule(text.trim())}
              testId="composer-schedule"
            />
          )}
          {voice.recording ? (
            <VoiceRecordingActions voice={voice} onVoice={onVoice} />
          ) : (
            <>
              {onVoice && voice.supported && !isNote && <VoiceStartButton voice={voice} disabled={disabled} />}
              <ActionIcon
                size="lg"
                color={isNote ? 'yellow' : undefined}
                onClick={draft.send}
                disabled={disabled || (!text.trim() && (isNote || attachments.length === 0))}
                aria-label={t(isNote ? 'notes.composer.send' : 'attendance.composer.send')}
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
