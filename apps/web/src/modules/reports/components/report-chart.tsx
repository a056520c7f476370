import { Paper } from '@mantine/core';
import type { TReportName, TReportPage } from '@prosa/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EChart, type TEChartOption } from '../../../ui/echart';
import { translateChartLabel } from './cell-values';

type TReportChartProps = { report: TReportName; chart: NonNullable<TReportPage['chart']>; label: string };

/** A theme colour as ECharts needs it: the value, not the CSS variable (canvas cannot read variables). */
const cssColor = (variable: string): string | undefined =>
  typeof window === 'undefined'
    ? undefined
    : getComputedStyle(document.documentElement).getPropertyValue(variable).trim() || undefined;

/** How many labels a chart shows before the rest would be unreadable; the table holds all of them. */
const MAX_POINTS = 30;

/**
 * The report's counts per label as bars (horizontal when the labels are many or long). A `pie` chart is drawn
 * as bars too: the shared EChart registers line and bar charts only, and bars compare sizes better.
 */
export const ReportChart = ({ report, chart, label }: TReportChartProps) => {
  const { t, i18n } = useTranslation();
  const option = useMemo((): TEChartOption => {
    const points = chart.points.slice(0, MAX_POINTS);
    const horizontal = points.length > 8 || points.some((point) => point.label.length > 14);
    const labels = points.map((point) => translateChartLabel(report, point.label, t, (key) => i18n.exists(key)));
    const values = points.map((point) => point.value);
    const category = { type: 'category' as const, data: horizontal ? [...labels].reverse() : labels };
    const value = { type: 'value' as const, minInterval: 1 };
    return {
      grid: { left: 8, right: 24, top: 16, bottom: 8, containLabel: true },
      tooltip: { trigger: 'axis' },
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
  }, [chart, report, t, i18n]);
  const height = Math.min(520, Math.max(200, Math.min(chart.points.length, MAX_POINTS) * 24 + 60));
  return (
    <Paper withBorder radius="md" p="md" mb="md">
      <EChart option={option} height={height} aria-label={label} data-testid="report-chart" />
    </Paper>
  );
};
