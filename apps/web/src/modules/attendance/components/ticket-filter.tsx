import { ActionIcon, Indicator, MultiSelect, Popover, Stack, Switch, Text, Tooltip } from '@mantine/core';
import { canShowAll } from '@prosa/contracts';
import { IconFilter } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionStore } from '../../../app/session/session-store';
import { getStoredUser } from '../../../app/session/storage';
import { useQueues } from '../../queues/api/queues-api';
import { useAttendanceStore } from '../store/attendance-store';

/** The attendance filter of §3: queues, "Ver todos", unread only, without agent, tickets without queue. */
export const TicketFilter = () => {
  const { t } = useTranslation();
  const profile = useSessionStore((state) => state.profile);
  const filter = useAttendanceStore((state) => state.filter);
  const setFilter = useAttendanceStore((state) => state.setFilter);
  const queues = useQueues();
  const mayShowAll = profile !== null && canShowAll(profile);

  const options = useMemo(() => {
    // A queue-bound agent filters among their own queues (§6).
    const own = profile === 'user' ? (getStoredUser()?.queues ?? []) : [];
    const list = own.length > 0 ? own : (queues.data ?? []);
    return list.map((queue) => ({ value: String(queue.id), label: queue.queue }));
  }, [profile, queues.data]);

  const active =
    filter.queuesIds.length > 0 ||
    (mayShowAll && filter.showAll) ||
    filter.withUnreadMessages ||
    filter.isNotAssignedUser ||
    !filter.includeNotQueueDefined;

  return (
    <Popover position="bottom-end" shadow="md" width={300} withinPortal>
      <Popover.Target>
        <Indicator disabled={!active} size={8} offset={4} color="primary">
          <Tooltip label={t('attendance.filter.title')}>
            <ActionIcon
              variant="default"
              size="lg"
              aria-label={t('attendance.filter.title')}
              data-testid="ticket-filter"
            >
              <IconFilter size={18} />
            </ActionIcon>
          </Tooltip>
        </Indicator>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="sm" data-testid="ticket-filter-panel">
          <Text fw={600} size="sm">
            {t('attendance.filter.title')}
          </Text>
          <MultiSelect
            label={t('attendance.filter.queues')}
            placeholder={filter.queuesIds.length === 0 ? t('attendance.filter.allQueues') : undefined}
            data={options}
            value={filter.queuesIds.map(String)}
            onChange={(values) => setFilter({ queuesIds: values.map(Number) })}
            clearable
            searchable
            comboboxProps={{ withinPortal: false }}
            nothingFoundMessage={t('common.nothingFound')}
            data-testid="filter-queues"
          />
          {mayShowAll && (
            <Switch
              label={t('attendance.filter.showAll')}
              checked={filter.showAll}
              onChange={(event) => setFilter({ showAll: event.currentTarget.checked })}
              data-testid="filter-show-all"
            />
          )}
          <Switch
            label={t('attendance.filter.unread')}
            checked={filter.withUnreadMessages}
            onChange={(event) => setFilter({ withUnreadMessages: event.currentTarget.checked })}
            data-testid="filter-unread"
          />
          <Switch
            label={t('attendance.filter.notAssigned')}
            checked={filter.isNotAssignedUser}
            onChange={(event) => setFilter({ isNotAssignedUser: event.currentTarget.checked })}
            data-testid="filter-not-assigned"
          />
          <Switch
            label={t('attendance.filter.includeNoQueue')}
            checked={filter.includeNotQueueDefined}
            onChange={(event) => setFilter({ includeNotQueueDefined: event.currentTarget.checked })}
            data-testid="filter-no-queue"
          />
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
};
