import {
  insightsEndpoints,
  jobsEndpoints,
  type InsightChart,
  type MatchDecision,
  type PagedListRequest,
  type SupplierResultDetail,
} from '@b2b/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';
import { jobsQueryKeys } from '../api/jobs-query-keys';

export const suppliersQueryKeys = {
  all: (jobId: string) => [...jobsQueryKeys.job(jobId), 'suppliers'] as const,
  list: (jobId: string) => [...suppliersQueryKeys.all(jobId), 'list'] as const,
  detail: (jobId: string, supplierKey: string) =>
    [...suppliersQueryKeys.all(jobId), 'detail', supplierKey] as const,
  options: (jobId: string, chart: InsightChart) =>
    [...suppliersQueryKeys.all(jobId), 'options', chart] as const,
};

const answered = (error: unknown) =>
  isApiError(error, 404) || isApiError(error, 403) || isApiError(error, 409);
const retry = (count: number, error: unknown) => !answered(error) && count < 2;

/** One page of a job's suppliers. */
export function listJobSuppliers(jobId: string, body: PagedListRequest, signal?: AbortSignal) {
  return apiRequest(jobsEndpoints.listJobSuppliers, { params: { id: jobId }, body, signal });
}

/**
 * The values a job holds for a datapoint, for a multiselect's options. There is no
 * distinct-values call: the Overall insights chart of that dimension has one bar per value
 * the job holds (and says when the job's data lacks the dimension). Loaded when first opened.
 */
export function useDatapointOptions(jobId: string, chart: InsightChart, enabled: boolean) {
  return useQuery({
    queryKey: suppliersQueryKeys.options(jobId, chart),
    queryFn: ({ signal }) =>
      apiRequest(insightsEndpoints.getJobInsightChart, {
        params: { id: jobId },
        query: { chart, slicer: 'Overall', slicerValue: 'All', product: 'All' },
        signal,
      }),
    enabled,
    // A job's values change only when it runs again.
    staleTime: 5 * 60_000,
    retry,
  });
}

export function useJobSupplier(jobId: string, supplierKey: string) {
  return useQuery({
    queryKey: suppliersQueryKeys.detail(jobId, supplierKey),
    queryFn: ({ signal }) =>
      apiRequest(jobsEndpoints.getJobSupplier, { params: { id: jobId, supplierKey }, signal }),
    retry,
  });
}

/**
 * Confirm, reject or override a match, or (null) remove the decision. The answer is the
 * supplier as it now stands; the list and the job (re-run from Match) are refreshed.
 */
export function useMatchDecision(jobId: string, supplierKey: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decision: MatchDecision | null) =>
      decision
        ? apiRequest(jobsEndpoints.decideSupplierMatch, {
            params: { id: jobId, supplierKey },
            body: decision,
          })
        : apiRequest(jobsEndpoints.clearSupplierMatchDecision, {
            params: { id: jobId, supplierKey },
          }),
    onSuccess: (supplier: SupplierResultDetail) => {
      queryClient.setQueryData(suppliersQueryKeys.detail(jobId, supplierKey), supplier);
      void queryClient.invalidateQueries({ queryKey: suppliersQueryKeys.list(jobId) });
      void queryClient.invalidateQueries({ queryKey: jobsQueryKeys.job(jobId), exact: true });
    },
  });
}
