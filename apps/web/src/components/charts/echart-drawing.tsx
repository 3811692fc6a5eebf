import Box from '@mui/material/Box';
import { BarChart, GaugeChart } from 'echarts/charts';
import {
  DataZoomComponent,
  GridComponent,
  LegendComponent,
  TooltipComponent,
} from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer, SVGRenderer } from 'echarts/renderers';
import { useEffect, useRef, useState } from 'react';
import { prefersReducedMotion } from '../../lib/reduced-motion';
import type { EChartInstance, EChartProps } from './echart';

// Only what the insights screens draw, so the chart code stays a fraction of full ECharts.
echarts.use([
  BarChart,
  GaugeChart,
  GridComponent,
  TooltipComponent,
  DataZoomComponent,
  // The dashboard's stacked job activity names its series.
  LegendComponent,
  CanvasRenderer,
  SVGRenderer,
]);

/** Canvas where the browser has one (fast with thousands of bars); SVG otherwise (tests). */
function renderer(): 'canvas' | 'svg' {
  try {
    return document.createElement('canvas').getContext('2d') ? 'canvas' : 'svg';
  } catch {
    return 'svg';
  }
}

/**
 * An ECharts chart that follows its container's width and is disposed with the component.
 * Loaded on demand by `EChart` (echart.tsx), which the pages import.
 */
export function EChartDrawing({ option, height, label, onReady }: EChartProps) {
  const ref = useRef<HTMLDivElement>(null);
  const chartRef = useRef<EChartInstance | null>(null);
  const [width, setWidth] = useState(0);

  useEffect(() => {
    const element = ref.current!;
    const chart = echarts.init(element, null, {
      renderer: renderer(),
      // jsdom reports no size; a real browser measures the element.
      width: element.clientWidth || 600,
      height,
    });
    chartRef.current = chart;
    onReady?.(chart);
    setWidth(element.clientWidth || 600);
    const observer =
      typeof ResizeObserver === 'undefined'
        ? undefined
        : new ResizeObserver(() => {
            chart.resize({ width: element.clientWidth || 600, height });
            setWidth(element.clientWidth || 600);
          });
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      chart.dispose();
      chartRef.current = null;
    };
    // The instance lives as long as the element; option changes are applied below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [height]);

  useEffect(() => {
    const chart = chartRef.current;
    if (!chart || width === 0) return;
    // How long the browser takes to draw the chart, as a performance measure named after it
    // (the insights render benchmark reads these): from the option to ECharts' 'finished'.
    const started = performance.now();
    const finished = () => {
      chart.off('finished', finished);
      performance.measure(`echart: ${label}`, { start: started, end: performance.now() });
    };
    chart.on('finished', finished);
    const built = option(width);
    chart.setOption(prefersReducedMotion() ? { ...built, animation: false } : built, {
      notMerge: true,
    });
    return () => {
      chart.off('finished', finished);
    };
  }, [option, width, label]);

  return <Box ref={ref} role="img" aria-label={label} sx={{ width: '100%', height }} />;
}
