import type { InsightChart, InsightSliceQuery } from '@b2b/contract';
import { useCallback } from 'react';
import { InsightChartView } from '../../../components/charts/insight-chart-view';
import { useNearViewport } from '../../../components/charts/use-near-viewport';
import { formatAmount } from './format';
import { useInsightChart } from '../api/get-job-insight-chart';

export type InsightChartCardProps = {
  jobId: string;
  chart: InsightChart;
  slice: InsightSliceQuery;
  currency: string;
  fileName: string;
};

/** One chart of a job's insights tab: the shared chart view fed with the job's chart call. */
export function InsightChartCard({
  jobId,
  chart,
  slice,
  currency,
  fileName,
}: InsightChartCardProps) {
  const [sectionRef, near] = useNearViewport();
  const query = useInsightChart(jobId, { ...slice, chart }, near);
  // Stable, so a re-render does not rebuild the chart's option and redraw every bar.
  const formatMoney = useCallback((value: number) => formatAmount(value, currency), [currency]);
  return (
    <InsightChartView
      chart={chart}
      query={query}
      formatMoney={formatMoney}
      sectionRef={sectionRef}
      fileName={fileName}
    />
  );
}
