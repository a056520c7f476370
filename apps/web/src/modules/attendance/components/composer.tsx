import {
  ActionIcon,
  Box,
  CloseButton,
  Group,
  Paper,
  Stack,
  Text,
  Textarea,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import type { TMessage, TTicket } from '@prosa/contracts';
import { IconCalendarTime, IconMicrophone, IconPaperclip, IconSend } from '@tabler/icons-react';
import { type KeyboardEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFastReplies } from '../api/lookups-api';
import { useTypingPresence } from '../api/use-typing-presence';
import { fillQuickReply, filterFastReplies, quickReplyQuery } from './quick-replies';

type TComposerProps = {
  ticket: TTicket;
  agentName: string;
  replyTo: TMessage | null;
  onCancelReply: () => void;
  onSend: (body: string) => void;
  onSchedule: (body: string) => void;
  disabled: boolean;
  /** Shown instead of the placeholder when sending is not possible. */
  disabledHint?: string;
  /** Phone width: a shorter placeholder and no "coming soon" buttons. */
  compact?: boolean;
};

/**
 * Message box: Enter sends, Shift+Enter breaks the line; "/" opens the quick messages (filtered as you type,
 * ↑/↓ and Enter or Tab to insert, Esc to close); a reply shows as a chip; scheduling opens a date-time picker.
 */
export const Composer = ({
  ticket,
  agentName,
  replyTo,
  onCancelReply,
  onSend,
  onSchedule,
  disabled,
  disabledHint,
  compact = false,
}: TComposerProps) => {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [highlight, setHighlight] = useState(0);
  const [dismissedQuery, setDismissedQuery] = useState<string | null>(null);
  const input = useRef<HTMLTextAreaElement>(null);
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

  const send = () => {
    const body = text.trim();
    if (!body || disabled) return;
    onSend(body);
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
        <Group gap={4} align="flex-end" wrap="nowrap">
          {!compact && (
            <Tooltip label={t('attendance.composer.soon')}>
              <ActionIcon
                variant="subtle"
                color="gray"
                size="lg"
                data-disabled
                aria-disabled
                onClick={(event) => event.preventDefault()}
                aria-label={t('attendance.composer.attach')}
              >
                <IconPaperclip size={20} />
              </ActionIcon>
            </Tooltip>
          )}
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
                : t(compact ? 'attendance.composer.placeholderShort' : 'attendance.composer.placeholder')
            }
            aria-label={t('attendance.composer.label')}
            disabled={disabled}
            autosize
            minRows={1}
            maxRows={6}
            style={{ flex: 1 }}
            data-testid="composer-input"
          />
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
          {!compact && (
            <Tooltip label={t('attendance.composer.soon')}>
              <ActionIcon
                variant="subtle"
                color="gray"
                size="lg"
                data-disabled
                aria-disabled
                onClick={(event) => event.preventDefault()}
                aria-label={t('attendance.composer.voice')}
              >
                <IconMicrophone size={20} />
              </ActionIcon>
            </Tooltip>
          )}
          <ActionIcon
            size="lg"
            onClick={send}
            disabled={disabled || !text.trim()}
            aria-label={t('attendance.composer.send')}
            data-testid="composer-send"
          >
            <IconSend size={18} />
          </ActionIcon>
        </Group>
      </Stack>
    </Box>
  );
};
