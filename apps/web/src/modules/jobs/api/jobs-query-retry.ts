import { isApiError } from '../../../lib/api-error';

/**
 * Retry rule of a job's suppliers and insights: 404/403 (not the user's job) and 409 (not
 * computed yet, or a Matched Data Only job) are answers, not glitches worth repeating.
 */
export function retryUnlessAnswered(count: number, error: unknown): boolean {
  const answered = isApiError(error, 404) || isApiError(error, 403) || isApiError(error, 409);
  return !answered && count < 2;
}

/** Insights do not change until the job is re-run: cached for the visit, never polled. */
export const INSIGHTS_STALE_MS = 5 * 60_000;
