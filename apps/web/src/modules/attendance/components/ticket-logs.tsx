import { Center, Group, Loader, Text, Timeline } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../ui/data-states';
import { useTicketLogs } from '../api/tickets-api';
import { formatDateTime } from './format-time';
import { describeLog } from './log-details';

/** Known log types get a sentence; others show as they came. */
const logTypes = [
  'open',
  'pending',
  'closed',
  'transfered',
  'receivedTransfer',
  'queue',
  'userDefine',
  'chatBot',
  'autoClose',
  'retriesLimitQueue',
  'retriesLimitUserDefine',
  'access',
  'pause',
  'pauseEnd',
  'create',
  'ratingRequested',
];

/** The ticket's history (GET /tickets/:id/logs): who did what and when, transfers and closing reasons. */
export const TicketLogs = ({ ticketId }: { ticketId: number }) => {
  const { t } = useTranslation();
  const logs = useTicketLogs(ticketId, true);
  return (
    <>
      <Group gap={6}>
        <IconHistory size={16} aria-hidden />
        <Text fw={600} size="sm">
          {t('attendance.logs.title')}
        </Text>
      </Group>
      {logs.isLoading && (
        <Center>
          <Loader size="sm" />
        </Center>
      )}
      {logs.isError && <ErrorState error={logs.error} onRetry={() => void logs.refetch()} />}
      {logs.isSuccess && logs.data.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('attendance.logs.empty')}
        </Text>
      )}
      {logs.isSuccess && logs.data.length > 0 && (
        <Timeline bulletSize={14} lineWidth={2} data-testid="ticket-logs">
          {logs.data.map((log) => {
            const detail = describeLog(log, t);
            return (
              <Timeline.Item
                key={log.id}
                data-testid="ticket-log"
                title={
                  <Text size="sm" fw={500}>
                    {logTypes.includes(log.type) ? t(`attendance.logs.types.${log.type}`) : log.type}
                  </Text>
                }
              >
                {detail && (
                  <Text size="xs" data-testid="ticket-log-detail">
                    {detail}
                  </Text>
                )}
                <Text size="xs" c="dimmed">
                  {[log.user?.name, formatDateTime(log.createdAt)].filter(Boolean).join(' · ')}
                </Text>
              </Timeline.Item>
            );
          })}
        </Timeline>
      )}
    </>
  );
};
