import {
  Badge,
  Box,
  Card,
  ColorSwatch,
  Group,
  ScrollArea,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import type { TPanelQueue, TPanelTicket } from '@prosa/contracts';
import { IconDeviceDesktopAnalytics } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EmptyList, ErrorState } from '../../../ui/data-states';
import { PageHeader } from '../../../ui/page-header';
import { useOpenTicket } from '../../attendance/api/use-open-ticket';
import { formatRelativeTime } from '../../attendance/components/format-time';
import { TicketStatusBadge } from '../../attendance/components/ticket-status-badge';
import { usePanelRealtime, useTicketPanel } from '../api/panel-api';

const TicketRow = ({ ticket, onOpen }: { ticket: TPanelTicket; onOpen: (id: number) => void }) => {
  const { t } = useTranslation();
  return (
    <UnstyledButton
      onClick={() => onOpen(ticket.id)}
      p="xs"
      style={{ borderRadius: 'var(--mantine-radius-sm)', border: '1px solid var(--mantine-color-default-border)' }}
      data-testid="panel-ticket"
    >
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text size="sm" fw={500} truncate>
            {ticket.contactName}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            #{ticket.id} · {ticket.userName ?? t('panel.noAgent')}
          </Text>
        </Stack>
        <Stack gap={4} align="flex-end" style={{ flexShrink: 0 }}>
          <Group gap={4} wrap="nowrap">
            {ticket.unreadMessages > 0 && (
              <Badge size="sm" circle color="positive" aria-label={t('panel.unread', { count: ticket.unreadMessages })}>
                {ticket.unreadMessages}
              </Badge>
            )}
            <TicketStatusBadge status={ticket.status} />
          </Group>
          <Text size="xs" c="dimmed">
            {formatRelativeTime(ticket.lastMessageAt)}
          </Text>
        </Stack>
      </Group>
    </UnstyledButton>
  );
};

const QueueCard = ({ queue, onOpen }: { queue: TPanelQueue; onOpen: (id: number) => void }) => {
  const { t } = useTranslation();
  const hidden = queue.open + queue.pending - queue.tickets.length;
  return (
    <Card withBorder radius="md" padding="md" data-testid="panel-queue">
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
          <ColorSwatch color={queue.color ?? 'var(--mantine-color-gray-5)'} size={14} />
          <Text fw={600} truncate>
            {queue.name ?? t('panel.noQueue')}
          </Text>
        </Group>
      </Group>
      <Group gap="xs" mb="sm">
        <Badge variant="light" color="positive">
          {t('panel.open')}: {queue.open}
        </Badge>
        <Badge variant="light" color="warning">
          {t('panel.pending')}: {queue.pending}
        </Badge>
      </Group>
      {queue.tickets.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('panel.empty')}
        </Text>
      ) : (
        <ScrollArea.Autosize mah={420} offsetScrollbars>
          <Stack gap={6}>
            {queue.tickets.map((ticket) => (
              <TicketRow key={ticket.id} ticket={ticket} onOpen={onOpen} />
            ))}
            {hidden > 0 && (
              <Text size="xs" c="dimmed" ta="center">
                {t('panel.more', { count: hidden })}
              </Text>
            )}
          </Stack>
        </ScrollArea.Autosize>
      )}
    </Card>
  );
};

/** `/painel-atendimentos`: open and waiting tickets per queue, reloaded live by the ticket events. */
export const TicketPanelPage = () => {
  const { t } = useTranslation();
  const panel = useTicketPanel();
  const openTicket = useOpenTicket();
  usePanelRealtime();
  const queues = panel.data?.queues ?? [];
  // "Sem fila" only when it has something, so a tenant that uses queues is not shown an empty column.
  const columns = queues.filter((queue) => queue.id !== null || queue.open + queue.pending > 0);
  const totals = queues.reduce(
    (sum, queue) => ({ open: sum.open + queue.open, pending: sum.pending + queue.pending }),
    {
      open: 0,
      pending: 0,
    },
  );

  return (
    <>
      <PageHeader title={t('screens.painel-atendimentos')} icon={IconDeviceDesktopAnalytics} />
      {panel.isError && <ErrorState error={panel.error} onRetry={() => void panel.refetch()} />}
      {panel.isSuccess && (
        <Group mb="md" gap="xs">
          <Text size="sm">{t('panel.totals', totals)}</Text>
          <Text size="xs" c="dimmed">
            · {t('panel.live')}
          </Text>
        </Group>
      )}
      {panel.isLoading && (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {[0, 1, 2].map((key) => (
            <Skeleton key={key} height={180} radius="md" />
          ))}
        </SimpleGrid>
      )}
      {panel.isSuccess && columns.length === 0 && (
        <Box>
          <EmptyList title={t('panel.noQueues')} description={t('panel.noQueuesHint')} />
        </Box>
      )}
      {columns.length > 0 && (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} data-testid="panel-queues">
          {columns.map((queue) => (
            <QueueCard key={queue.id ?? 'none'} queue={queue} onOpen={(id) => void openTicket(id)} />
          ))}
        </SimpleGrid>
      )}
    </>
  );
};
