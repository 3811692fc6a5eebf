import Box from '@mui/material/Box';
import type { ECharts, EChartsCoreOption } from 'echarts/core';
import { lazy, Suspense } from 'react';

export type EChartOption = EChartsCoreOption;
export type EChartInstance = ECharts;

export type EChartProps = {
  /** Built from the container's width, so options can follow it (axis grid counts). */
  option: (width: number) => EChartOption;
  height: number;
  /** The chart's accessible name; the data itself is offered as a table next to it. */
  label: string;
  onReady?: (chart: EChartInstance) => void;
};

/**
 * ECharts with zrender is about 190 KB gzip, more than the rest of a chart page: loaded with
 * the page, it held up the page's first paint — its headings, figures and tables — until it
 * had arrived and run (docs/perf/lighthouse.md). It now loads when the first chart is shown.
 */
const EChartDrawing = lazy(async () => ({
  default: (await import('./echart-drawing')).EChartDrawing,
}));

/**
 * A chart that follows its container's width. Until the chart code has loaded, an empty box of
 * the chart's size and name holds its place, so nothing moves when it is drawn.
 */
export function EChart(props: EChartProps) {
  return (
    <Suspense
      fallback={
        <Box role="img" aria-label={props.label} sx={{ width: '100%', height: props.height }} />
      }
    >
      <EChartDrawing {...props} />
    </Suspense>
  );
}
