import { Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconDeviceDesktopAnalytics } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../ui/data-states';
import { PageHeader } from '../../../ui/page-header';
import { useMonitor, useMonitorRealtime } from '../api/monitor-api';
import { AgentsTable } from '../components/agents-table';
import { AlertsBanner } from '../components/alerts-banner';
import { ConnectionsList } from '../components/connections-list';
import { useNow } from '../components/elapsed';
import { QueueCards } from '../components/queue-cards';

const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <Stack gap="sm" component="section">
    <Title order={2} fz="h4">
      {title}
    </Title>
    {children}
  </Stack>
);

/**
 * `/monitor`: agents, queues and connections as they are now, with the waits past a queue's threshold on top.
 * Reloaded by the realtime events and every 30 s; the times since tick every second on the page.
 */
export const MonitorPage = () => {
  const { t, i18n } = useTranslation();
  const monitor = useMonitor();
  useMonitorRealtime();
  const data = monitor.data;
  // The server's clock counts the waits: the page keeps its distance to it, measured at each reload.
  const now = useNow(data ? Date.parse(data.generatedAt) - monitor.dataUpdatedAt : 0);

  return (
    <>
      <PageHeader title={t('screens.monitor')} icon={IconDeviceDesktopAnalytics} />
      {monitor.isError && <ErrorState error={monitor.error} onRetry={() => void monitor.refetch()} />}
      {monitor.isLoading && (
        <Stack gap="md" data-testid="monitor-loading">
          <Skeleton height={160} radius="md" />
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            {[0, 1, 2].map((key) => (
              <Skeleton key={key} height={120} radius="md" />
            ))}
          </SimpleGrid>
        </Stack>
      )}
      {data && (
        <>
          <Group mb="md" gap="xs">
            <Text size="xs" c="dimmed">
              {t('monitor.live')} ·{' '}
              {t('monitor.updatedAt', {
                time: new Date(data.generatedAt).toLocaleTimeString(i18n.language),
              })}
            </Text>
          </Group>
          <AlertsBanner alerts={data.alerts} total={data.alertsTotal} now={now} />
          <Stack gap="xl">
            <Section title={t('monitor.queues.title')}>
              <QueueCards queues={data.queues} now={now} />
            </Section>
            <Section title={t('monitor.agents.title')}>
              <AgentsTable agents={data.agents} now={now} />
            </Section>
            <Section title={t('monitor.connections.title')}>
              <ConnectionsList connections={data.connections} />
            </Section>
          </Stack>
        </>
      )}
    </>
  );
};
