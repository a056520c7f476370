import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TOtherOpenTicket } from './other-open-ticket';

type TOtherOpenTicketModalProps = {
  holder: TOtherOpenTicket | null;
  onClose: () => void;
  onOpen: (ticketId: number) => void;
};

/** 409 ERR_OTHER_OPEN_TICKET: which ticket, queue and agent hold the contact, and a way to go there. */
export const OtherOpenTicketModal = ({ holder, onClose, onOpen }: TOtherOpenTicketModalProps) => {
  const { t } = useTranslation();
  return (
    <Modal opened={holder !== null} onClose={onClose} title={t('attendance.otherOpen.title')}>
      {holder && (
        <Stack data-testid="other-open-ticket">
          <Text size="sm">{t('attendance.otherOpen.text', { id: holder.id })}</Text>
          <Stack gap={2}>
            <Text size="sm">
              <b>{t('attendance.otherOpen.status')}:</b>{' '}
              {holder.status ? t(`attendance.status.${holder.status}`, { defaultValue: holder.status }) : '—'}
            </Text>
            <Text size="sm">
              <b>{t('attendance.otherOpen.queue')}:</b> {holder.queue ?? t('attendance.ticket.noQueue')}
            </Text>
            <Text size="sm">
              <b>{t('attendance.otherOpen.agent')}:</b> {holder.username ?? t('attendance.ticket.noAgent')}
            </Text>
          </Stack>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button
              leftSection={<IconExternalLink size={16} />}
              onClick={() => onOpen(holder.id)}
              data-testid="other-open-ticket-open"
            >
              {t('attendance.otherOpen.open', { id: holder.id })}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
};
