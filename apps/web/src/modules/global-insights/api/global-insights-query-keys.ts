import type { InsightChart } from '@b2b/contract';
import type { Slice } from '../../../components/charts/slice-fields';
import type { GlobalFilter } from '../hooks/use-global-filter';

const ALL = ['global-insights'] as const;

/** Query keys of global insights: every figure is keyed by the filter (and slice) it answers. */
export const globalInsightsKeys = {
  all: ALL,
  summary: (filter: GlobalFilter, slice: Slice) => [...ALL, 'summary', filter, slice] as const,
  chart: (filter: GlobalFilter, slice: Slice, chart: InsightChart) =>
    [...ALL, 'chart', filter, slice, chart] as const,
  slicers: (filter: GlobalFilter) => [...ALL, 'slicers', filter] as const,
  filterOptions: [...ALL, 'filter-options'] as const,
  organizations: (filter: GlobalFilter) => [...ALL, 'organizations', filter] as const,
};
