import { Alert, List, Text } from '@mantine/core';
import type { TMonitorAlert } from '@prosa/contracts';
import { IconAlarm } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatElapsed, secondsSince } from './elapsed';

/** The waiting tickets past their queue's threshold, longest first, at the top of the monitor. */
export const AlertsBanner = ({ alerts, total, now }: { alerts: TMonitorAlert[]; total: number; now: number }) => {
  const { t } = useTranslation();
  if (total === 0) return null;
  return (
    <Alert
      color="negative"
      variant="light"
      icon={<IconAlarm size={20} />}
      title={t('monitor.alerts.title', { count: total })}
      mb="lg"
      data-testid="monitor-alerts"
    >
      <List size="sm" spacing={4}>
        {alerts.map((alert) => (
          <List.Item key={alert.ticketId} data-testid="monitor-alert">
            {t('monitor.alerts.item', {
              contact: alert.contactName,
              ticket: alert.ticketId,
              queue: alert.queueName,
              wait: formatElapsed(secondsSince(alert.waitingSince, now), t),
              threshold: alert.thresholdMinutes,
            })}
          </List.Item>
        ))}
      </List>
      {total > alerts.length && (
        <Text size="xs" c="dimmed" mt="xs">
          {t('monitor.alerts.more', { count: total - alerts.length })}
        </Text>
      )}
    </Alert>
  );
};
