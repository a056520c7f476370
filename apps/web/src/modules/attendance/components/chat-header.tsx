import { ActionIcon, Badge, Box, Button, Group, Loader, Menu, Text, Tooltip } from '@mantine/core';
import type { TTicket } from '@prosa/contracts';
import {
  type Icon,
  IconArrowLeft,
  IconCheck,
  IconDotsVertical,
  IconDownload,
  IconFileSpreadsheet,
  IconHistory,
  IconLockOpen,
  IconMailOpened,
  IconPlayerPause,
  IconPlayerPlay,
  IconSquareCheck,
  IconTransfer,
  IconUserCircle,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { shownStatus } from '../api/follow-ticket';
import { useContactTyping } from '../api/use-contact-typing';
import { TicketAvatar } from './ticket-avatar';
import { TicketStatusBadge } from './ticket-status-badge';

export type TChatAction =
  | 'accept'
  | 'transfer'
  | 'close'
  | 'reopen'
  | 'pause'
  | 'resume'
  | 'markUnread'
  | 'exportText'
  | 'exportCsv'
  | 'syncHistory';

type TPrimaryAction = 'accept' | 'reopen' | 'close';
const primaryIcons: Record<TPrimaryAction, Icon> = { accept: IconCheck, reopen: IconLockOpen, close: IconSquareCheck };

type TChatHeaderProps = {
  ticket: TTicket;
  /** Phone layout: a back button to the list. */
  onBack?: () => void;
  busy: TChatAction | null;
  onAction: (action: TChatAction) => void;
  onToggleContact: () => void;
  /** The AI menu (assistants' switches, suggestion, summary), beside the actions. */
  aiMenu?: ReactNode;
};

/** Contact, status, protocol and the ticket's actions. */
export const ChatHeader = ({ ticket, onBack, busy, onAction, onToggleContact, aiMenu }: TChatHeaderProps) => {
  const { t } = useTranslation();
  const closed = ticket.status === 'closed';
  const primary: TPrimaryAction = ticket.status === 'pending' ? 'accept' : closed ? 'reopen' : 'close';
  const PrimaryIcon = primaryIcons[primary];
  const contactPresence = useContactTyping(ticket.id);
  // Phone: the name keeps the room; the status goes to the second line, the contact panel into the menu.
  const isPhone = Boolean(onBack);
  const status = <TicketStatusBadge status={shownStatus(ticket, true)} paused={ticket.isPaused} />;

  return (
    <Group
      gap={isPhone ? 6 : 'sm'}
      px={isPhone ? 'xs' : 'md'}
      py="xs"
      wrap="nowrap"
      style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
      data-testid="chat-header"
    >
      {onBack && (
        <ActionIcon
          variant="subtle"
          color="gray"
          onClick={onBack}
          aria-label={t('attendance.chat.back')}
          data-testid="chat-back"
        >
          <IconArrowLeft size={20} />
        </ActionIcon>
      )}
      <TicketAvatar ticket={ticket} />
      <Box style={{ flex: 1, minWidth: 0 }}>
        <Group gap={6} wrap="nowrap">
          <Text fw={600} truncate data-testid="chat-contact-name">
            {ticket.contact.name || ticket.name}
          </Text>
          {!isPhone && status}
        </Group>
        {contactPresence ? (
          <Text size="xs" c="primary" fs="italic" truncate aria-live="polite" data-testid="chat-contact-typing">
            {t(contactPresence === 'recording' ? 'attendance.chat.contactRecording' : 'attendance.chat.contactTyping')}
          </Text>
        ) : (
          <Group gap={8} wrap="nowrap">
            {isPhone && status}
            {ticket.protocol && !isPhone && (
              <Text size="xs" c="dimmed" truncate>
                {t('attendance.ticket.protocol', { protocol: ticket.protocol })}
              </Text>
            )}
            {ticket.queue && (
              <Badge size="xs" variant="dot" color={ticket.queue.color} tt="none">
                {ticket.queue.queue}
              </Badge>
            )}
            {ticket.username && (
              <Text size="xs" c="dimmed" truncate visibleFrom="sm">
                {ticket.username}
              </Text>
            )}
          </Group>
        )}
      </Box>
      {onBack ? (
        // Phone: the main action as an icon, so the contact's name keeps its room.
        <Tooltip label={t(`attendance.actions.${primary}`)}>
          <ActionIcon
            size="lg"
            variant={primary === 'close' ? 'light' : 'filled'}
            color={primary === 'close' ? 'negative' : 'primary'}
            loading={busy === primary}
            onClick={() => onAction(primary)}
            aria-label={t(`attendance.actions.${primary}`)}
            data-testid={`chat-${primary}`}
          >
            <PrimaryIcon size={18} />
          </ActionIcon>
        </Tooltip>
      ) : (
        <Button
          size="xs"
          variant={primary === 'close' ? 'light' : 'filled'}
          color={primary === 'close' ? 'negative' : 'primary'}
          leftSection={<PrimaryIcon size={14} />}
          loading={busy === primary}
          onClick={() => onAction(primary)}
          data-testid={`chat-${primary}`}
        >
          {t(`attendance.actions.${primary}`)}
        </Button>
      )}
      {aiMenu}
      {!isPhone && (
        <Tooltip label={t('attendance.contact.toggle')}>
          <ActionIcon
            variant="subtle"
            color="gray"
            onClick={onToggleContact}
            aria-label={t('attendance.contact.toggle')}
            data-testid="chat-contact-toggle"
          >
            <IconUserCircle size={20} />
          </ActionIcon>
        </Tooltip>
      )}
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon variant="subtle" color="gray" aria-label={t('common.actions')} data-testid="chat-more">
            <IconDotsVertical size={20} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          {isPhone && (
            <Menu.Item
              leftSection={<IconUserCircle size={16} />}
              onClick={onToggleContact}
              data-testid="chat-contact-toggle"
            >
              {t('attendance.contact.toggle')}
            </Menu.Item>
          )}
          {!closed && (
            <Menu.Item
              leftSection={<IconTransfer size={16} />}
              onClick={() => onAction('transfer')}
              data-testid="chat-transfer"
            >
              {t('attendance.actions.transfer')}
            </Menu.Item>
          )}
          {!closed &&
            (ticket.isPaused ? (
              <Menu.Item
                leftSection={<IconPlayerPlay size={16} />}
                onClick={() => onAction('resume')}
                data-testid="chat-resume"
              >
                {t('attendance.actions.resume')}
              </Menu.Item>
            ) : (
              <Menu.Item
                leftSection={<IconPlayerPause size={16} />}
                onClick={() => onAction('pause')}
                data-testid="chat-pause"
              >
                {t('attendance.actions.pause')}
              </Menu.Item>
            ))}
          <Menu.Item
            leftSection={<IconMailOpened size={16} />}
            onClick={() => onAction('markUnread')}
            data-testid="chat-mark-unread"
          >
            {t('attendance.actions.markUnread')}
          </Menu.Item>
          <Menu.Item
            leftSection={<IconDownload size={16} />}
            disabled={busy === 'exportText'}
            onClick={() => onAction('exportText')}
            data-testid="chat-export"
          >
            {t('attendance.actions.export')}
          </Menu.Item>
          <Menu.Item
            leftSection={<IconFileSpreadsheet size={16} />}
            disabled={busy === 'exportCsv'}
            onClick={() => onAction('exportCsv')}
            data-testid="chat-export-csv"
          >
            {t('attendance.actions.exportCsv')}
          </Menu.Item>
          {!closed && (
            <Menu.Item
              leftSection={busy === 'syncHistory' ? <Loader size={16} /> : <IconHistory size={16} />}
              disabled={busy === 'syncHistory'}
              closeMenuOnClick={false}
              onClick={() => onAction('syncHistory')}
              data-testid="chat-sync-history"
            >
              {t(busy === 'syncHistory' ? 'attendance.history.pending' : 'attendance.actions.syncHistory')}
            </Menu.Item>
          )}
          {primary === 'accept' && (
            <Menu.Item
              color="negative"
              leftSection={<IconSquareCheck size={16} />}
              onClick={() => onAction('close')}
              data-testid="chat-close-menu"
            >
              {t('attendance.actions.close')}
            </Menu.Item>
          )}
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
};
