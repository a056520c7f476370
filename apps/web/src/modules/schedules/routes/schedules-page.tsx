import { ActionIcon, Anchor, Badge, Group, Paper, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { PAGE_SIZE, type TSchedule, type TScheduleStatus } from '@prosa/contracts';
import { IconCalendarTime, IconPencil, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../app/notify';
import { PagedListTable, pageCount, type TListColumn } from '../../../ui/list-table';
import { PageHeader } from '../../../ui/page-header';
import { showApiError } from '../../../ui/server-errors';
import { useOpenTicket } from '../../attendance/api/use-open-ticket';
import { formatDateTime } from '../../attendance/components/format-time';
import {
  emptyScheduleFilters,
  type TScheduleFilterValues,
  useCancelSchedule,
  useRestoreSchedule,
  useSchedules,
} from '../api/schedules-api';
import { ScheduleEditModal } from '../components/schedule-edit-modal';
import { ScheduleFilters } from '../components/schedule-filters';
import { scheduleOptionKeys } from '../components/schedule-options';

const statusColor: Record<TScheduleStatus, string> = {
  pending: 'primary',
  sent: 'positive',
  cancelled: 'gray',
  failed: 'negative',
};

/** The text of a schedule, or what its file is when it has no text. */
const ScheduleText = ({ schedule }: { schedule: TSchedule }) => {
  const { t } = useTranslation();
  const isVoice = schedule.mediaType === 'audio' || schedule.mediaType === 'ptt';
  return (
    <>
      {schedule.body && (
        <Text size="sm" lineClamp={3} style={{ whiteSpace: 'pre-wrap' }}>
          {schedule.body}
        </Text>
      )}
      {schedule.mediaUrl && (
        <Text size="xs" c="dimmed">
          {isVoice ? t('schedules.voiceNote') : t('schedules.attachment', { name: schedule.mediaName ?? '' })}
        </Text>
      )}
    </>
  );
};

/** `/agendamentos`: scheduled messages across the tickets the user may see: filter, edit, cancel (with undo). */
export const SchedulesPage = () => {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<TScheduleFilterValues>(emptyScheduleFilters);
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<TSchedule | null>(null);
  const list = useSchedules(filters, page);
  const cancel = useCancelSchedule();
  const restore = useRestoreSchedule();
  const openTicket = useOpenTicket();
  const rows = list.data?.schedules ?? [];
  const count = list.data?.count ?? 0;
  const pages = pageCount(count, PAGE_SIZE);
  const isFiltered = JSON.stringify(filters) !== JSON.stringify(emptyScheduleFilters);

  const change = (patch: Partial<TScheduleFilterValues>) => {
    setFilters({ ...filters, ...patch });
    setPage(1);
  };

  const cancelWithUndo = (schedule: TSchedule) =>
    cancel.mutate(schedule.id, {
      onError: (error) => showApiError(error),
      onSuccess: () => {
        const id = `schedule-cancelled-${schedule.id}`;
        notifications.show({
          id,
          color: 'gray',
          message: (
            <Group justify="space-between" wrap="nowrap">
              <Text size="sm">{t('schedules.cancelled')}</Text>
              <Anchor
                component="button"
                type="button"
                size="sm"
                fw={600}
                data-testid="schedule-undo"
                onClick={() => {
                  notifications.hide(id);
                  restore.mutate(schedule.id, {
                    onSuccess: () => notifySuccess(t('schedules.restored')),
                    onError: (error) => showApiError(error),
                  });
                }}
              >
                {t('schedules.undo')}
              </Anchor>
            </Group>
          ),
        });
      },
    });

  const columns: TListColumn<TSchedule>[] = [
    {
      key: 'when',
      label: t('schedules.columns.when'),
      render: (row) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatDateTime(row.scheduleDate)}
        </Text>
      ),
    },
    {
      key: 'contact',
      label: t('schedules.columns.contact'),
      render: (row) => (
        <>
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => void openTicket(row.ticketId)}
            aria-label={t('schedules.openTicket', { name: row.contact.name })}
          >
            {row.contact.name}
          </Anchor>
          {row.contact.number && (
            <Text size="xs" c="dimmed">
              {row.contact.number}
            </Text>
          )}
        </>
      ),
    },
    {
      key: 'message',
      label: t('schedules.columns.message'),
      cell: { maw: 380 },
      render: (row) => (
        <>
          <ScheduleText schedule={row} />
          <Group gap={4} mt={4}>
            {scheduleOptionKeys
              .filter((key) => row.options[key])
              .map((key) => (
                <Badge key={key} size="xs" variant="outline" color="gray">
                  {t(`schedules.optionShort.${key}`)}
                </Badge>
              ))}
          </Group>
        </>
      ),
    },
    {
      key: 'connection',
      label: t('schedules.columns.connection'),
      render: (row) => <Text size="sm">{row.connection?.name ?? '—'}</Text>,
    },
    {
      key: 'creator',
      label: t('schedules.columns.creator'),
      render: (row) => (
        <Text size="sm" c={row.createdBy ? undefined : 'dimmed'}>
          {row.createdBy?.name ?? t('schedules.removedUser')}
        </Text>
      ),
    },
    {
      key: 'status',
      label: t('schedules.columns.status'),
      cell: { miw: 120 },
      render: (row) => (
        <>
          <Badge
            variant="light"
            color={statusColor[row.status]}
            style={{ overflow: 'visible' }}
            data-testid="schedules-status-badge"
          >
            {t(`schedules.status.${row.status}`)}
          </Badge>
          {row.status === 'cancelled' && row.cancelReason && (
            <Text size="xs" c="dimmed">
              {t(`schedules.cancelReason.${row.cancelReason}`, { defaultValue: row.cancelReason })}
            </Text>
          )}
          {row.status === 'failed' && row.failureReason && (
            <Text size="xs" c="negative">
              {row.failureReason}
            </Text>
          )}
        </>
      ),
    },
    {
      key: 'actions',
      width: 84,
      render: (row) =>
        row.status === 'pending' && (
          <Group gap={4} justify="flex-end" wrap="nowrap">
            <Tooltip label={t('schedules.edit')}>
              <ActionIcon
                variant="subtle"
                aria-label={t('schedules.edit')}
                onClick={() => setEditing(row)}
                data-testid="schedule-edit"
              >
                <IconPencil size={16} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label={t('schedules.cancel')}>
              <ActionIcon
                variant="subtle"
                color="negative"
                aria-label={t('schedules.cancel')}
                onClick={() => cancelWithUndo(row)}
                loading={cancel.isPending && cancel.variables === row.id}
                data-testid="schedule-cancel"
              >
                <IconX size={16} />
              </ActionIcon>
            </Tooltip>
          </Group>
        ),
    },
  ];

  return (
    <>
      <PageHeader title={t('screens.agendamentos')} icon={IconCalendarTime} />
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <ScheduleFilters filters={filters} onChange={change} />
        {list.isSuccess && (
          <Text size="sm" c="dimmed" mb="xs" data-testid="schedules-count">
            {t('schedules.count', { count })}
          </Text>
        )}
        <PagedListTable
          query={list}
          isFiltered={isFiltered}
          paging={{ page, pages, onChange: setPage }}
          columns={columns}
          rows={rows}
          minWidth={860}
          name="schedules"
        />
      </Paper>
      <ScheduleEditModal schedule={editing} onClose={() => setEditing(null)} />
    </>
  );
};
