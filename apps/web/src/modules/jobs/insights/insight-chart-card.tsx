import type { InsightChart, InsightSliceQuery } from '@b2b/contract';
import { InsightChartView } from '../../../components/charts/insight-chart-view';
import { formatAmount } from '../components/format';
import { useInsightChart } from './insights-api';

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
  const query = useInsightChart(jobId, { ...slice, chart });
  return (
    <InsightChartView
      chart={chart}
      query={query}
      formatMoney={(value) => formatAmount(value, currency)}
      fileName={fileName}
    />
  );
}
