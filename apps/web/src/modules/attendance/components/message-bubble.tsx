import { ActionIcon, Box, Button, Checkbox, Group, Menu, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { formatPhone, type TMessage, type TMessageStatus } from '@prosa/contracts';
import {
  IconAlertCircle,
  IconArrowBackUp,
  IconArrowForwardUp,
  IconBan,
  IconCheck,
  IconChecks,
  IconChevronDown,
  IconClock,
  IconPencil,
  IconRefresh,
  IconTrash,
} from '@tabler/icons-react';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { translateErrorCode } from '../../../app/http/errors';
import { formatClock } from './format-time';
import { MessageMedia } from './message-media';

/** The quick reactions offered on a message (WhatsApp's set). */
export const quickReactions = ['👍', '❤️', '😂', '😮', '😢', '🙏'] as const;

export const MessageStatusIcon = ({ status }: { status: TMessageStatus }) => {
  const { t } = useTranslation();
  const label = t(`attendance.message.status.${status}`);
  const common = { size: 16, 'aria-label': label, role: 'img' } as const;
  switch (status) {
    case 'pending':
    case 'scheduled':
      return <IconClock {...common} data-testid="status-pending" />;
    case 'sent':
      return <IconCheck {...common} data-testid="status-sent" />;
    case 'delivered':
      return <IconChecks {...common} data-testid="status-delivered" />;
    case 'read':
      return <IconChecks {...common} color="var(--mantine-color-blue-6)" data-testid="status-read" />;
    case 'failed':
      return <IconAlertCircle {...common} color="var(--mantine-color-negative-6)" data-testid="status-failed" />;
    case 'received':
      return null;
    default: {
      const exhaustive: never = status;
      return exhaustive;
    }
  }
};

/** Whether a message can be forwarded: stored, not deleted, and not still only scheduled (the server refuses those). */
export const canForwardMessage = (message: TMessage) =>
  message.id > 0 && !message.isDeleted && message.status !== 'scheduled';

/** Selection mode (forwarding several messages): whether this one is chosen, and how to flip it. */
export type TBubbleSelection = { selected: boolean; onToggle: (message: TMessage) => void };

type TMessageBubbleProps = {
  message: TMessage;
  currentUserId: number | null;
  contactName: string;
  onReply?: (message: TMessage) => void;
  onReact?: (message: TMessage, emoji: string) => void;
  onEdit?: (message: TMessage) => void;
  onDelete?: (message: TMessage) => void;
  onRetry?: (message: TMessage) => void;
  onForward?: (message: TMessage) => void;
  /** Set while the agent picks messages to forward: a check box replaces the actions menu. */
  selection?: TBubbleSelection;
};

/** One message: side by author, quoted reply, body (edited / deleted), reactions, time and delivery ticks. */
export const MessageBubble = memo(function MessageBubble({
  message,
  currentUserId,
  contactName,
  onReply,
  onReact,
  onEdit,
  onDelete,
  onRetry,
  onForward,
  selection,
}: TMessageBubbleProps) {
  const { t } = useTranslation();
  const mine = message.fromMe;
  const stored = message.id > 0;
  // Without handlers (an earlier ticket's conversation) a bubble is read-only.
  const canEdit =
    Boolean(onEdit) &&
    mine &&
    stored &&
    !message.isDeleted &&
    message.mediaType === 'chat' &&
    message.userId === currentUserId;
  const canDelete = Boolean(onDelete) && mine && stored && !message.isDeleted;
  const canAct = stored && !message.isDeleted && !selection;
  const canForward = canAct && canForwardMessage(message) && Boolean(onForward);
  const selectable = selection !== undefined && canForwardMessage(message);
  const text = message.edition ?? message.body;
  const reactions = groupReactions(message.reactions);

  return (
    <Group
      justify={mine ? 'flex-end' : 'flex-start'}
      wrap="nowrap"
      px="md"
      py={2}
      pos="relative"
      bg={selection?.selected ? 'var(--mantine-color-primary-light)' : undefined}
      style={selectable ? { cursor: 'pointer' } : undefined}
      onClick={selectable ? () => selection.onToggle(message) : undefined}
      data-selected={selection?.selected}
    >
      {selectable && (
        <Checkbox
          checked={selection.selected}
          onChange={() => selection.onToggle(message)}
          onClick={(event) => event.stopPropagation()}
          aria-label={t('attendance.forward.select')}
          pos="absolute"
          left={12}
          data-testid="message-select"
        />
      )}
      <Stack gap={2} maw="min(75%, 640px)" align={mine ? 'flex-end' : 'flex-start'}>
        <Paper
          px="sm"
          py={6}
          radius="md"
          shadow="xs"
          data-testid="message-bubble"
          data-status={message.status}
          data-from-me={mine}
          bg={mine ? 'var(--mantine-color-primary-light)' : 'var(--mantine-color-body)'}
          withBorder={!mine}
          style={{ position: 'relative', minWidth: 96 }}
        >
          {canAct && (onReply || onReact || canEdit || canDelete || canForward) && (
            <Menu position={mine ? 'bottom-end' : 'bottom-start'} withinPortal>
              <Menu.Target>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  size="xs"
                  aria-label={t('attendance.message.actions')}
                  style={{ position: 'absolute', top: 2, right: 2 }}
                  data-testid="message-actions"
                >
                  <IconChevronDown size={14} />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                {onReact && (
                  <Group gap={2} px={4} py={2} aria-label={t('attendance.message.react')}>
                    {quickReactions.map((emoji) => (
                      <Menu.Item key={emoji} p={4} onClick={() => onReact(message, emoji)} aria-label={emoji}>
                        <Text fz="lg" lh={1}>
                          {emoji}
                        </Text>
                      </Menu.Item>
                    ))}
                  </Group>
                )}
                {onReply && (
                  <Menu.Item leftSection={<IconArrowBackUp size={16} />} onClick={() => onReply(message)}>
                    {t('attendance.message.reply')}
                  </Menu.Item>
                )}
                {canForward && onForward && (
                  <Menu.Item
                    leftSection={<IconArrowForwardUp size={16} />}
                    onClick={() => onForward(message)}
                    data-testid="message-forward"
                  >
                    {t('attendance.message.forward')}
                  </Menu.Item>
                )}
                {canEdit && onEdit && (
                  <Menu.Item leftSection={<IconPencil size={16} />} onClick={() => onEdit(message)}>
                    {t('attendance.message.edit')}
                  </Menu.Item>
                )}
                {canDelete && onDelete && (
                  <Menu.Item color="negative" leftSection={<IconTrash size={16} />} onClick={() => onDelete(message)}>
                    {t('attendance.message.delete')}
                  </Menu.Item>
                )}
              </Menu.Dropdown>
            </Menu>
          )}
          {message.sender && (
            <Text size="xs" fw={600} c="primary" data-testid="message-sender">
              {message.sender.name ?? formatPhone(`+${message.sender.number}`)}
              {message.sender.name && message.sender.number && (
                <Text span size="xs" c="dimmed" fw={400}>
                  {` · ${formatPhone(`+${message.sender.number}`)}`}
                </Text>
              )}
            </Text>
          )}
          {message.quotedMsg && (
            <Box
              mb={4}
              px="xs"
              py={4}
              data-testid="message-quote"
              style={{
                borderLeft: '3px solid var(--mantine-color-primary-6)',
                borderRadius: 4,
                background: 'var(--mantine-color-default-hover)',
              }}
            >
              <Text size="xs" fw={600} c="primary">
                {message.quotedMsg.fromMe ? t('attendance.message.you') : contactName}
              </Text>
              <Text size="xs" lineClamp={2} c="dimmed">
                {message.quotedMsg.isDeleted ? t('attendance.message.deleted') : message.quotedMsg.body}
              </Text>
            </Box>
          )}
          {message.isDeleted ? (
            <Group gap={4} wrap="nowrap" pr="lg" data-testid="message-deleted">
              <IconBan size={14} aria-hidden />
              <Text size="sm" fs="italic" c="dimmed">
                {t('attendance.message.deleted')}
              </Text>
            </Group>
          ) : (
            <>
              <MessageMedia message={message} />
              {text && (
                <Text
                  size="sm"
                  pr="lg"
                  style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
                  title={message.edition ? t('attendance.message.original', { body: message.body }) : undefined}
                  data-testid="message-body"
                >
                  {text}
                </Text>
              )}
            </>
          )}
          <Group gap={4} justify="flex-end" wrap="nowrap" mt={2}>
            {message.edition && !message.isDeleted && (
              <Text size="xs" c="dimmed" fs="italic" data-testid="message-edited">
                {t('attendance.message.edited')}
              </Text>
            )}
            <Text size="xs" c="dimmed">
              {formatClock(message.timestamp)}
            </Text>
            {mine && <MessageStatusIcon status={message.status} />}
          </Group>
        </Paper>
        {reactions.length > 0 && (
          <Group gap={4} data-testid="message-reactions">
            {reactions.map(({ emoji, count }) => (
              <Paper key={emoji} withBorder radius="xl" px={6} py={0}>
                <Text size="sm">
                  {emoji}
                  {count > 1 ? ` ${count}` : ''}
                </Text>
              </Paper>
            ))}
          </Group>
        )}
        {message.status === 'failed' && !message.isDeleted && (
          <Group gap="xs" wrap="nowrap" data-testid="message-failure">
            <Text size="xs" c="negative">
              {message.failureReason
                ? translateErrorCode(message.failureReason)
                : t('attendance.message.failedDefault')}
            </Text>
            {onRetry && !selection && (
              <Tooltip label={t('attendance.message.retryHint')}>
                <Button
                  size="compact-xs"
                  variant="light"
                  color="negative"
                  leftSection={<IconRefresh size={12} />}
                  onClick={() => onRetry(message)}
                  data-testid="message-retry"
                >
                  {t('attendance.message.retry')}
                </Button>
              </Tooltip>
            )}
          </Group>
        )}
      </Stack>
    </Group>
  );
});

const groupReactions = (reactions: TMessage['reactions']): { emoji: string; count: number }[] => {
  const counts = new Map<string, number>();
  for (const reaction of reactions) {
    if (reaction.emoji) counts.set(reaction.emoji, (counts.get(reaction.emoji) ?? 0) + 1);
  }
  return [...counts].map(([emoji, count]) => ({ emoji, count }));
};
