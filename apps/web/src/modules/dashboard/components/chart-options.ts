import type { TDashboard, TDashboardPanel } from '@prosa/contracts';
import type { TFunction } from 'i18next';
import type { TEChartOption } from '../../../ui/echart';
import { channelName } from './format';

/** A theme colour as ECharts needs it: the value, not the CSS variable (a canvas cannot read variables). */
const cssColor = (variable: string, fallback: string): string => {
  if (typeof window === 'undefined') return fallback;
  return getComputedStyle(document.documentElement).getPropertyValue(variable).trim() || fallback;
};
const colors = () => ({
  created: cssColor('--mantine-color-primary-6', '#5c67f2'),
  closed: cssColor('--mantine-color-teal-6', '#12b886'),
  accepted: cssColor('--mantine-color-cyan-5', '#22b8cf'),
});

/** Each channel keeps its colour in every chart (the pie and the evolution lines). */
const channelColors: Record<string, string> = {
  whatsapp: '#25d366',
  waba: '#128c7e',
  baileys: '#075e54',
  webchat: '#5c67f2',
  telegram: '#229ed9',
  instagram: '#e1306c',
  messenger: '#0084ff',
  sms: '#f59f00',
  email: '#868e96',
  hub: '#7950f2',
};
const otherColors = ['#fa5252', '#be4bdb', '#15aabf', '#fd7e14', '#82c91e'];
const channelColor = (channel: string) =>
  channelColors[channel] ?? otherColors[[...channel].reduce((n, c) => n + c.charCodeAt(0), 0) % otherColors.length];

/** The most bars a ranking shows (queues, agents); the rest would be unreadable. */
const MAX_BARS = 15;
const grid = { left: 8, right: 24, top: 36, bottom: 8, containLabel: true };
const legendTop = { top: 0, left: 'center' as const };

/** `09` -> `09h`; `2026-03-10` -> `10/03`. */
const bucketLabel = (bucket: string) =>
  bucket.length === 2 ? `${bucket}h` : `${bucket.slice(8)}/${bucket.slice(5, 7)}`;

const ticketsOption = (d: TDashboard, t: TFunction): TEChartOption => {
  const c = colors();
  return {
    grid,
    legend: legendTop,
    tooltip: { trigger: 'axis' },
    xAxis: { type: 'category', data: d.tickets.map((p) => bucketLabel(p.bucket)) },
    yAxis: { type: 'value', minInterval: 1 },
    series: [
      {
        name: t('dashboard.series.created'),
        type: 'bar',
        data: d.tickets.map((p) => p.created),
        itemStyle: { color: c.created, borderRadius: 3 },
        barMaxWidth: 28,
      },
      {
        name: t('dashboard.series.closed'),
        type: 'line',
        data: d.tickets.map((p) => p.closed),
        itemStyle: { color: c.closed },
        showSymbol: false,
        smooth: true,
      },
    ],
  };
};

const channelsOption = (d: TDashboard, t: TFunction): TEChartOption => ({
  tooltip: { trigger: 'item', formatter: '{b}: {c} ({d}%)' },
  legend: { bottom: 0, left: 'center' },
  series: [
    {
      name: t('dashboard.panels.channels'),
      type: 'pie',
      radius: ['40%', '70%'],
      center: ['50%', '45%'],
      itemStyle: { borderRadius: 4, borderColor: 'transparent', borderWidth: 2 },
      label: { show: false },
      data: d.channels
        .filter((c) => c.created > 0)
        .map((c) => ({
          name: channelName(c.channel, t),
          value: c.created,
          itemStyle: { color: channelColor(c.channel) },
        })),
    },
  ],
});

/** Horizontal bars, largest on top. */
const rankingOption = (
  labels: string[],
  series: { name: string; values: number[]; color: string | string[] }[],
): TEChartOption => ({
  grid,
  legend: legendTop,
  tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
  xAxis: { type: 'value', minInterval: 1 },
  yAxis: { type: 'category', data: [...labels].reverse() },
  series: series.map((s) => ({
    name: s.name,
    type: 'bar' as const,
    barMaxWidth: 18,
    // The legend's swatch: the series' own colour (bars may each carry their queue's).
    color: Array.isArray(s.color) ? colors().created : s.color,
    data: [...s.values].reverse().map((value, i) => ({
      value,
      itemStyle: {
        color: Array.isArray(s.color) ? s.color[s.color.length - 1 - i] : s.color,
        borderRadius: 3,
      },
    })),
  })),
});

const queuesOption = (d: TDashboard, t: TFunction): TEChartOption => {
  const rows = d.queues.slice(0, MAX_BARS);
  const c = colors();
  return rankingOption(
    rows.map((q) => q.name ?? t('dashboard.noQueue')),
    [
      {
        name: t('dashboard.series.created'),
        values: rows.map((q) => q.created),
        color: rows.map((q) => q.color ?? c.created),
      },
      { name: t('dashboard.series.closed'), values: rows.map((q) => q.closed), color: c.closed },
    ],
  );
};

const agentsOption = (d: TDashboard, t: TFunction): TEChartOption => {
  const rows = d.agents.slice(0, MAX_BARS);
  const c = colors();
  return rankingOption(
    rows.map((a) => a.name ?? t('dashboard.noAgent')),
    [
      { name: t('dashboard.series.accepted'), values: rows.map((a) => a.accepted), color: c.accepted },
      { name: t('dashboard.series.closed'), values: rows.map((a) => a.closed), color: c.closed },
    ],
  );
};

const heatmapOption = (d: TDashboard, t: TFunction): TEChartOption => {
  const max = Math.max(1, ...d.heatmap.map((cell) => cell.created));
  return {
    grid: { left: 8, right: 16, top: 8, bottom: 56, containLabel: true },
    tooltip: { position: 'top' },
    xAxis: {
      type: 'category',
      data: Array.from({ length: 24 }, (_, h) => `${String(h).padStart(2, '0')}h`),
      splitArea: { show: true },
    },
    yAxis: {
      type: 'category',
      data: [0, 1, 2, 3, 4, 5, 6].map((w) => t(`dashboard.weekdays.${w}`)),
      inverse: true,
      splitArea: { show: true },
    },
    visualMap: {
      min: 0,
      max,
      calculable: true,
      orient: 'horizontal',
      left: 'center',
      bottom: 0,
      itemHeight: 160,
      itemWidth: 12,
      inRange: { color: ['#e7f5ff', colors().created] },
    },
    series: [
      {
        name: t('dashboard.series.created'),
        type: 'heatmap',
        data: d.heatmap.map((cell) => [cell.hour, cell.weekday, cell.created]),
        emphasis: { itemStyle: { shadowBlur: 6 } },
      },
    ],
  };
};

/** Every day of the period on the axis, one line per channel (zero on days without its tickets). */
const evolutionOption = (d: TDashboard, t: TFunction): TEChartOption => {
  const days = d.period.granularity === 'day' ? d.tickets.map((p) => p.bucket) : [d.period.from];
  const channels = [...new Set(d.evolution.map((p) => p.channel))];
  const value = new Map(d.evolution.map((p) => [`${p.day}|${p.channel}`, p.created]));
  return {
    grid,
    legend: legendTop,
    tooltip: { trigger: 'axis' },
    xAxis: { type: 'category', data: days.map(bucketLabel), boundaryGap: days.length <= 1 },
    yAxis: { type: 'value', minInterval: 1 },
    // One day is one point per channel: bars say more than dots.
    series: channels.map((channel) =>
      days.length > 1
        ? {
            name: channelName(channel, t),
            type: 'line' as const,
            smooth: true,
            showSymbol: days.length <= 31,
            itemStyle: { color: channelColor(channel) },
            data: days.map((day) => value.get(`${day}|${channel}`) ?? 0),
          }
        : {
            name: channelName(channel, t),
            type: 'bar' as const,
            barMaxWidth: 36,
            itemStyle: { color: channelColor(channel), borderRadius: 3 },
            data: days.map((day) => value.get(`${day}|${channel}`) ?? 0),
          },
    ),
  };
};

/** Whether a panel has anything to draw for the period. */
export const panelHasData = (panel: TDashboardPanel, d: TDashboard): boolean => {
  switch (panel) {
    case 'tickets':
      return d.tickets.some((p) => p.created > 0 || p.closed > 0);
    case 'channels':
      return d.channels.some((c) => c.created > 0);
    case 'queues':
      return d.queues.length > 0;
    case 'agents':
      return d.agents.length > 0;
    case 'heatmap':
      return d.heatmap.length > 0;
    case 'evolution':
      return d.evolution.length > 0;
    default: {
      const never: never = panel;
      return never;
    }
  }
};

/** A user who prefers reduced motion gets the charts drawn at once, without their growing animation. */
const prefersReducedMotion = () =>
  typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;

/** The ECharts option that draws a panel. */
export const panelOption = (panel: TDashboardPanel, d: TDashboard, t: TFunction): TEChartOption => ({
  animation: !prefersReducedMotion(),
  ...drawingOf(panel, d, t),
});

const drawingOf = (panel: TDashboardPanel, d: TDashboard, t: TFunction): TEChartOption => {
  switch (panel) {
    case 'tickets':
      return ticketsOption(d, t);
    case 'channels':
      return channelsOption(d, t);
    case 'queues':
      return queuesOption(d, t);
    case 'agents':
      return agentsOption(d, t);
    case 'heatmap':
      return heatmapOption(d, t);
    case 'evolution':
      return evolutionOption(d, t);
    default: {
      const never: never = panel;
      return never;
    }
  }
};

/** A panel's title; the tickets panel says whether it counts by hour or by day. */
export const panelTitle = (panel: TDashboardPanel, d: TDashboard | undefined, t: TFunction): string => {
  if (panel === 'tickets' && d)
    return t(d.period.granularity === 'hour' ? 'dashboard.panels.ticketsHour' : 'dashboard.panels.ticketsDay');
  return t(`dashboard.panels.${panel}`);
};
