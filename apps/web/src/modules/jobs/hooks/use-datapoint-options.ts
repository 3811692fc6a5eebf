import type { InsightChart } from '@b2b/contract';
import { useQuery } from '@tanstack/react-query';
import { jobInsightChartQueryOptions } from '../api/get-job-insight-chart';

/**
 * The values a job holds for a datapoint, for a multiselect's options. There is no
 * distinct-values call: the Overall insights chart of that dimension has one bar per value
 * the job holds (and says when the job's data lacks the dimension). Loaded when first opened,
 * and shared with the insights page's cache of the same chart.
 */
export function useDatapointOptions(jobId: string, chart: InsightChart, enabled: boolean) {
  return useQuery({
    ...jobInsightChartQueryOptions(jobId, {
      chart,
      slicer: 'Overall',
      slicerValue: 'All',
      product: 'All',
    }),
    enabled,
  });
}
