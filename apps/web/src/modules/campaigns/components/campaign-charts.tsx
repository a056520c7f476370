import { Paper, SimpleGrid, Text, Title } from '@mantine/core';
import type { TCampaignTimeline } from '@prosa/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EChart, type TEChartOption } from '../../../ui/echart';
import { formatDateTime } from '../../attendance/components/format-time';

const deliverySeries = [
  { key: 'sent', color: '--mantine-color-primary-6' },
  { key: 'delivered', color: '--mantine-color-accent-6' },
  { key: 'read', color: '--mantine-color-positive-6' },
  { key: 'failed', color: '--mantine-color-negative-6' },
] as const;

/** A theme colour as ECharts needs it: the value, not the CSS variable (canvas cannot read variables). */
const cssColor = (variable: string): string | undefined =>
  typeof window === 'undefined'
    ? undefined
    : getComputedStyle(document.documentElement).getPropertyValue(variable).trim() || undefined;

/** Deliveries (sent, delivered, read, failed, stacked) and replies per hour, from GET /campaigns/:id/timeline. */
export const CampaignCharts = ({ timeline }: { timeline: TCampaignTimeline | undefined }) => {
  const { t } = useTranslation();
  const points = timeline?.points ?? [];
  const hours = useMemo(() => points.map((point) => formatDateTime(point.at)), [points]);

  const deliveries = useMemo<TEChartOption>(
    () => ({
      tooltip: { trigger: 'axis' },
      legend: { bottom: 0 },
      grid: { left: 40, right: 16, top: 16, bottom: 48 },
      xAxis: { type: 'category', data: hours },
      yAxis: { type: 'value', minInterval: 1 },
      // Stacked bars per hour: readable with one hour of sends as with many.
      series: deliverySeries.map(({ key, color }) => ({
        name: t(`campaigns.counts.${key}`),
        type: 'bar',
        stack: 'deliveries',
        barMaxWidth: 48,
        color: cssColor(color),
        data: points.map((point) => point[key]),
      })),
    }),
    [hours, points, t],
  );

  const replies = useMemo<TEChartOption>(
    () => ({
      tooltip: { trigger: 'axis' },
      grid: { left: 40, right: 16, top: 16, bottom: 32 },
      xAxis: { type: 'category', data: hours },
      yAxis: { type: 'value', minInterval: 1 },
      series: [
        {
          name: t('campaigns.counts.replied'),
          type: 'bar',
          barMaxWidth: 48,
          color: cssColor('--mantine-color-secondary-6'),
          data: points.map((point) => point.replied),
        },
      ],
    }),
    [hours, points, t],
  );

  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} data-testid="campaign-charts">
      <Paper withBorder p="md" radius="md">
        <Title order={2} fz="h5" mb="xs">
          {t('campaigns.detail.deliveries')}
        </Title>
        {points.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('campaigns.detail.noTimeline')}
          </Text>
        ) : (
          <EChart option={deliveries} aria-label={t('campaigns.detail.deliveries')} data-testid="chart-deliveries" />
        )}
      </Paper>
      <Paper withBorder p="md" radius="md">
        <Title order={2} fz="h5" mb="xs">
          {t('campaigns.detail.replies')}
        </Title>
        {points.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('campaigns.detail.noTimeline')}
          </Text>
        ) : (
          <EChart option={replies} aria-label={t('campaigns.detail.replies')} data-testid="chart-replies" />
        )}
      </Paper>
    </SimpleGrid>
  );
};
