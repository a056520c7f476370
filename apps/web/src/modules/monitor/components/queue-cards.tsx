import { Card, ColorSwatch, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { TMonitorQueue } from '@prosa/contracts';
import { useTranslation } from 'react-i18next';
import { formatElapsed, secondsSince } from './elapsed';

/** Over the threshold by the local clock, so a card turns red the second it passes, before the next reload. */
export const isOverThreshold = (queue: TMonitorQueue, now: number): boolean =>
  queue.longestWaitSince !== null &&
  queue.waitAlertMinutes !== null &&
  secondsSince(queue.longestWaitSince, now) > queue.waitAlertMinutes * 60;

const QueueCard = ({ queue, now }: { queue: TMonitorQueue; now: number }) => {
  const { t } = useTranslation();
  const over = isOverThreshold(queue, now);
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      data-testid="monitor-queue"
      data-over={over || undefined}
      style={over ? { borderColor: 'var(--mantine-color-negative-filled)' } : undefined}
    >
      <Group gap="xs" wrap="nowrap" mb="xs">
        <ColorSwatch color={queue.color ?? 'var(--mantine-color-gray-5)'} size={14} />
        <Text fw={600} truncate>
          {queue.name ?? t('monitor.queues.noQueue')}
        </Text>
      </Group>
      <Group gap="lg" align="flex-end">
        <Stack gap={0}>
          <Text size="xl" fw={700} data-testid="monitor-queue-waiting">
            {queue.waiting}
          </Text>
          <Text size="xs" c="dimmed">
            {t('monitor.queues.waiting')}
          </Text>
        </Stack>
        <Stack gap={0}>
          <Text size="xl" fw={700}>
            {queue.open}
          </Text>
          <Text size="xs" c="dimmed">
            {t('monitor.queues.open')}
          </Text>
        </Stack>
      </Group>
      <Text
        size="sm"
        mt="sm"
        c={over ? 'negative' : undefined}
        fw={over ? 700 : undefined}
        data-testid="monitor-queue-wait"
      >
        {queue.longestWaitSince
          ? t('monitor.queues.longestWait', { time: formatElapsed(secondsSince(queue.longestWaitSince, now), t) })
          : t('monitor.queues.nobodyWaiting')}
      </Text>
      <Text size="xs" c="dimmed">
        {queue.waitAlertMinutes === null
          ? t('monitor.queues.noThreshold')
          : t('monitor.queues.threshold', { count: queue.waitAlertMinutes })}
      </Text>
    </Card>
  );
};

export const QueueCards = ({ queues, now }: { queues: TMonitorQueue[]; now: number }) => {
  const { t } = useTranslation();
  if (queues.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('monitor.queues.empty')}
      </Text>
    );
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 4 }} data-testid="monitor-queues">
      {queues.map((queue) => (
        <QueueCard key={queue.id ?? 'none'} queue={queue} now={now} />
      ))}
    </SimpleGrid>
  );
};
