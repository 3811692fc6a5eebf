import { companiesHouseEndpoints } from '@b2b/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { companiesHouseQueryKeys } from './companies-house-query-keys';

/** One page of companies by name, or the company a number names. */
export function searchCompanies(q: string, page: number, signal?: AbortSignal) {
  return apiRequest(companiesHouseEndpoints.searchCompanies, { query: { q, page }, signal });
}

export function searchCompaniesQueryOptions(q: string, page: number) {
  return queryOptions({
    queryKey: companiesHouseQueryKeys.search(q, page),
    queryFn: ({ signal }) => searchCompanies(q, page, signal),
    // The register's answers: an error (no key, rate limit) is shown, not retried blindly.
    retry: false,
    placeholderData: keepPreviousData,
  });
}

/** Searches once there is something to search for. */
export function useCompanySearch(q: string, page: number) {
  return useQuery({ ...searchCompaniesQueryOptions(q, page), enabled: q.trim().length > 0 });
}
