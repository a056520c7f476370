import { Badge, Box, Group, Text, UnstyledButton } from '@mantine/core';
import { previewMediaType, type TMediaType, type TTicket } from '@prosa/contracts';
import {
  IconFileText,
  IconMapPin,
  IconMessage,
  IconMicrophone,
  IconMusic,
  IconPhoto,
  IconPlayerPause,
  IconSticker,
  IconUser,
  IconVideo,
} from '@tabler/icons-react';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatRelativeTime } from './format-time';
import { TicketAvatar } from './ticket-avatar';

/** The icon beside a last message that has no text, by media kind. */
const mediaIcons: Record<TMediaType, typeof IconPhoto> = {
  chat: IconMessage,
  image: IconPhoto,
  audio: IconMusic,
  ptt: IconMicrophone,
  video: IconVideo,
  document: IconFileText,
  vcard: IconUser,
  location: IconMapPin,
  sticker: IconSticker,
};

const MediaPreview = ({ kind }: { kind: TMediaType }) => {
  const { t } = useTranslation();
  const Icon = mediaIcons[kind];
  return (
    <Group gap={4} wrap="nowrap" component="span">
      <Icon size={14} aria-hidden style={{ flexShrink: 0 }} />
      {t(`attendance.preview.${kind}`)}
    </Group>
  );
};

type TTicketListItemProps = {
  ticket: TTicket;
  id: string;
  selected: boolean;
  active: boolean;
  now: number;
  onOpen: (ticketId: number) => void;
};

/** One row: picture, contact, last message, relative time, unread count, queue colour and agent. */
export const TicketListItem = memo(function TicketListItem({
  ticket,
  id,
  selected,
  active,
  now,
  onOpen,
}: TTicketListItemProps) {
  const { t } = useTranslation();
  const unread = ticket.unreadMessages > 0;
  const mediaKind = ticket.lastMessage ? previewMediaType(ticket.lastMessage) : null;
  return (
    <UnstyledButton
      id={id}
      role="option"
      aria-selected={selected}
      tabIndex={-1}
      onClick={() => onOpen(ticket.id)}
      w="100%"
      px="sm"
      py={8}
      data-testid="ticket-row"
      data-ticket-id={ticket.id}
      data-unread={unread}
      style={{
        display: 'block',
        borderBottom: '1px solid var(--mantine-color-default-border)',
        borderLeft: `3px solid ${ticket.queue?.color ?? 'transparent'}`,
        background: selected
          ? 'var(--mantine-color-primary-light)'
          : active
            ? 'var(--mantine-color-default-hover)'
            : undefined,
        outline: active ? '2px solid var(--mantine-color-primary-filled)' : undefined,
        outlineOffset: -2,
      }}
    >
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <TicketAvatar ticket={ticket} />
        <Box style={{ flex: 1, minWidth: 0 }}>
          <Group gap={6} wrap="nowrap" justify="space-between">
            <Text size="sm" fw={unread ? 700 : 600} truncate data-testid="ticket-row-name">
              {ticket.contact.name || ticket.name}
            </Text>
            <Text size="xs" c={unread ? 'primary' : 'dimmed'} style={{ flexShrink: 0 }}>
              {formatRelativeTime(ticket.lastMessageAt ?? ticket.updatedAt, now)}
            </Text>
          </Group>
          <Group gap={6} wrap="nowrap" justify="space-between">
            <Text size="xs" c="dimmed" truncate fw={unread ? 600 : 400} data-testid="ticket-row-preview">
              {mediaKind ? <MediaPreview kind={mediaKind} /> : (ticket.lastMessage ?? '')}
            </Text>
            {unread && (
              <Badge size="sm" circle={ticket.unreadMessages < 10} color="positive" data-testid="ticket-row-unread">
                {ticket.unreadMessages > 99 ? '99+' : ticket.unreadMessages}
              </Badge>
            )}
          </Group>
          <Group gap={6} wrap="nowrap" mt={2}>
            {ticket.queue ? (
              <Badge size="xs" variant="dot" color={ticket.queue.color} tt="none" style={{ maxWidth: 140 }}>
                {ticket.queue.queue}
              </Badge>
            ) : (
              <Badge size="xs" variant="outline" color="gray" tt="none">
                {t('attendance.ticket.noQueue')}
              </Badge>
            )}
            {ticket.isPaused && <IconPlayerPause size={12} aria-label={t('attendance.status.paused')} />}
            <Group gap={2} wrap="nowrap" style={{ minWidth: 0 }}>
              <IconUser size={12} aria-hidden />
              <Text size="xs" c="dimmed" truncate>
                {ticket.username ?? t('attendance.ticket.noAgent')}
              </Text>
            </Group>
          </Group>
        </Box>
      </Group>
    </UnstyledButton>
  );
});
