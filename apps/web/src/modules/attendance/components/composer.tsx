import { ActionIcon, Box, Group, Stack, Textarea } from '@mantine/core';
import type { TMessage, TTicket } from '@prosa/contracts';
import { IconCalendarTime, IconSend, IconTemplate } from '@tabler/icons-react';
import { useEffect } from 'react';
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
  const voice = useVoiceRecorder();
  const draft = useComposerDraft({ ticket, agentName, disabled, attachments, onAttachmentsChange, onSend, onAttach });
  const { picker, input, text } = draft;

  useEffect(() => {
    if (replyTo) input.current?.focus();
  }, [replyTo, input]);

  if (windowClosed && !disabled) return <WindowClosedNotice onTemplates={onTemplates} />;

  const placeholder = disabled
    ? disabledHint
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
        {onAttachmentsChange && <AttachmentTray files={attachments} onChange={onAttachmentsChange} />}
        <Group gap={4} align="flex-end" wrap="nowrap">
          {onAttachmentsChange && !voice.recording && <AttachButton disabled={disabled} onFiles={draft.addFiles} />}
          {!voice.recording && <EmojiPicker onPick={draft.insertEmoji} disabled={disabled} />}
          {voice.recording ? (
            <VoiceRecordingStatus seconds={voice.seconds} />
          ) : (
            <Textarea
              ref={input}
              value={text}
              onChange={(event) => draft.onChange(event.currentTarget.value)}
              onKeyDown={draft.onKeyDown}
              placeholder={placeholder}
              aria-label={t('attendance.composer.label')}
              disabled={disabled}
              autosize
              minRows={1}
              maxRows={6}
              style={{ flex: 1 }}
              onPaste={draft.onPaste}
              data-testid="composer-input"
            />
          )}
          {onTemplates && !voice.recording && (
            <ComposerToolButton
              label={t('attendance.templates.open')}
              icon={<IconTemplate size={20} />}
              variant="subtle"
              disabled={disabled}
              onClick={onTemplates}
              testId="composer-templates"
            />
          )}
          {!voice.recording && (
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
              {onVoice && voice.supported && <VoiceStartButton voice={voice} disabled={disabled} />}
              <ActionIcon
                size="lg"
                onClick={draft.send}
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
