import { Box, useComputedColorScheme } from '@mantine/core';
import type { BarSeriesOption, HeatmapSeriesOption, LineSeriesOption, PieSeriesOption } from 'echarts/charts';
import { BarChart, HeatmapChart, LineChart, PieChart } from 'echarts/charts';
import type {
  GridComponentOption,
  LegendComponentOption,
  TooltipComponentOption,
  VisualMapComponentOption,
} from 'echarts/components';
import { GridComponent, LegendComponent, TooltipComponent, VisualMapComponent } from 'echarts/components';
import { type ComposeOption, init, use } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';

// Only what the screens draw is registered, so the bundle carries these chart kinds and nothing else.
use([
  LineChart,
  BarChart,
  PieChart,
  HeatmapChart,
  GridComponent,
  TooltipComponent,
  LegendComponent,
  VisualMapComponent,
  CanvasRenderer,
]);

/** The options an EChart accepts: line, bar, pie and heatmap series with a grid, tooltip, legend and colour scale. */
export type TEChartOption = ComposeOption<
  | LineSeriesOption
  | BarSeriesOption
  | PieSeriesOption
  | HeatmapSeriesOption
  | GridComponentOption
  | TooltipComponentOption
  | LegendComponentOption
  | VisualMapComponentOption
>;

type TEChartProps = {
  option: TEChartOption;
  /** Height in px (the width follows the container). */
  height?: number;
  /** Read by screen readers in place of the canvas. */
  'aria-label'?: string;
  'data-testid'?: string;
};

/** The page's background shows through (the dark theme would paint its own). */
const withBackground = (option: TEChartOption): TEChartOption => ({ backgroundColor: 'transparent', ...option });

let drawable: boolean | undefined;

/** Can the browser draw on a canvas? the test DOM (the unit tests) cannot: the container stays empty there. Asked once. */
const canDraw = (): boolean => {
  if (drawable === undefined) {
    try {
      drawable = typeof document !== 'undefined' && document.createElement('canvas').getContext('2d') !== null;
    } catch {
      drawable = false;
    }
  }
  return drawable;
};

/**
 * One ECharts chart: created on mount (and again when the colour scheme changes), given each new `option`,
 * resized with its container, disposed on unmount.
 */
export const EChart = ({ option, height = 280, 'aria-label': label, 'data-testid': testId }: TEChartProps) => {
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<ReturnType<typeof init> | null>(null);
  // ECharts' own dark theme in the dark scheme (its axis and legend texts stay readable); made again on a switch.
  const scheme = useComputedColorScheme('light');
  const latest = useRef(option);
  latest.current = option;

  useEffect(() => {
    const element = container.current;
    if (!element || !canDraw()) return;
    const instance = init(element, scheme === 'dark' ? 'dark' : undefined, { renderer: 'canvas' });
    chart.current = instance;
    instance.setOption(withBackground(latest.current));
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(element);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, [scheme]);

  useEffect(() => {
    chart.current?.setOption(withBackground(option), { notMerge: true });
  }, [option]);

  return <Box ref={container} h={height} w="100%" role="img" aria-label={label} data-testid={testId} />;
};
