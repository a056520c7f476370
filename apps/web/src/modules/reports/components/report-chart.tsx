import { Group, Paper, SegmentedControl, Text } from '@mantine/core';
import type { TReportName, TReportPage } from '@prosa/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EChart, type TEChartOption } from '../../../ui/echart';
import { translateChartLabel, translateValue } from './cell-values';

type TReportChartProps = {
  report: TReportName;
  chart: NonNullable<TReportPage['chart']>;
  label: string;
  /** What the report's chart can count by (GET /reports `charts`); a choice shows when there are several. */
  choices: readonly string[];
  chartBy: string | null;
  onChartBy: (chartBy: string) => void;
};

/** A theme colour as ECharts needs it: the value, not the CSS variable (canvas cannot read variables). */
const cssColor = (variable: string): string | undefined =>
  typeof window === 'undefined'
    ? undefined
    : getComputedStyle(document.documentElement).getPropertyValue(variable).trim() || undefined;

/** How many labels a chart shows before the rest would be unreadable; the table holds all of them. */
const MAX_POINTS = 30;

/** A pie reads well with a few slices; more than this and bars compare better. */
const MAX_SLICES = 8;

const palette = ['primary', 'accent', 'positive', 'warning', 'secondary', 'negative', 'cyan', 'grape'];

const pieOption = (labels: string[], values: number[], name: string): TEChartOption => ({
  tooltip: { trigger: 'item', formatter: '{b}: {c} ({d}%)' },
  legend: { bottom: 0, left: 'center' },
  series: [
    {
      name,
      type: 'pie',
      radius: ['40%', '70%'],
      center: ['50%', '45%'],
      itemStyle: { borderRadius: 4, borderColor: 'transparent', borderWidth: 2 },
      label: { show: false },
      data: labels.map((label, index) => ({
        name: label,
        value: values[index] ?? 0,
        itemStyle: { color: cssColor(`--mantine-color-${palette[index % palette.length]}-6`) },
      })),
    },
  ],
});

const barOption = (labels: string[], values: number[]): TEChartOption => {
  const horizontal = labels.length > 8 || labels.some((label) => label.length > 14);
  const category = { type: 'category' as const, data: horizontal ? [...labels].reverse() : labels };
  const value = { type: 'value' as const, minInterval: 1 };
  return {
    grid: { left: 8, right: 24, top: 16, bottom: 8, containLabel: true },
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    xAxis: horizontal ? value : category,
    yAxis: horizontal ? category : value,
    series: [
      {
        type: 'bar',
        data: horizontal ? [...values].reverse() : values,
        itemStyle: { color: cssColor('--mantine-color-primary-6'), borderRadius: 3 },
        barMaxWidth: 36,
      },
    ],
  };
};

/**
 * The report's counts per label: a pie when the report asks for one and the slices are few, else bars
 * (horizontal when the labels are many or long).
 */
export const ReportChart = ({ report, chart, label, choices, chartBy, onChartBy }: TReportChartProps) => {
  const { t, i18n } = useTranslation();
  const exists = (key: string) => i18n.exists(key);
  const count = Math.min(chart.points.length, MAX_POINTS);
  const isPie = chart.kind === 'pie' && count <= MAX_SLICES;
  const option = useMemo((): TEChartOption => {
    const points = chart.points.slice(0, MAX_POINTS);
    const labels = points.map((point) =>
      chartBy
        ? translateValue(chartBy, point.label, t, (key) => i18n.exists(key))
        : translateChartLabel(report, point.label, t, (key) => i18n.exists(key)),
    );
    const values = points.map((point) => point.value);
    return isPie ? pieOption(labels, values, label) : barOption(labels, values);
  }, [chart, chartBy, isPie, report, label, t, i18n]);
  const height = isPie ? 280 : Math.min(520, Math.max(200, count * 24 + 60));
  return (
    <Paper withBorder radius="md" p="md" mb="md">
      {choices.length > 1 && (
        <Group gap="sm" mb="sm">
          <Text size="sm" c="dimmed" id="report-chart-by">
            {t('reports.chartBy')}
          </Text>
          <SegmentedControl
            size="xs"
            aria-labelledby="report-chart-by"
            value={chartBy ?? choices[0] ?? ''}
            onChange={onChartBy}
            data={choices.map((key) => ({
              value: key,
              label: exists(`reports.columns.${key}`) ? t(`reports.columns.${key}`) : key,
            }))}
            data-testid="report-chart-by"
          />
        </Group>
      )}
      <EChart option={option} height={height} aria-label={label} data-testid="report-chart" />
    </Paper>
  );
};
