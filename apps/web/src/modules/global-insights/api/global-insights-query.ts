import type { GlobalInsightsFilterInput } from '@b2b/contract';
import { isApiError } from '../../../lib/api-error';
import type { GlobalFilter } from '../hooks/use-global-filter';

/** Insights change only when a job is (re-)computed: cached for the visit, never polled. */
export const GLOBAL_INSIGHTS_STALE_MS = 5 * 60_000;

// 400 (a filter the server refuses) and 403 are answers, not glitches worth repeating.
export const retryGlobalInsights = (count: number, error: unknown) =>
  !isApiError(error, 400) && !isApiError(error, 403) && count < 2;

/** Only the non-empty filters go into the query string. */
export function filterQuery(filter: GlobalFilter): GlobalInsightsFilterInput {
  return {
    ...(filter.issuerIds.length > 0 ? { issuerIds: filter.issuerIds } : {}),
    ...(filter.buyerIds.length > 0 ? { buyerIds: filter.buyerIds } : {}),
    ...(filter.jobIds.length > 0 ? { jobIds: filter.jobIds } : {}),
    ...(filter.currency ? { currency: filter.currency } : {}),
  };
}
