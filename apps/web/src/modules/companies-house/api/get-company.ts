import { companiesHouseEndpoints } from '@b2b/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { companiesHouseQueryKeys } from './companies-house-query-keys';

/** One company from the register: profile, SIC codes and officers' counts. */
export function getCompany(companyNumber: string, signal?: AbortSignal) {
  return apiRequest(companiesHouseEndpoints.getCompany, { params: { companyNumber }, signal });
}

export function companyQueryOptions(companyNumber: string) {
  return queryOptions({
    queryKey: companiesHouseQueryKeys.company(companyNumber),
    queryFn: ({ signal }) => getCompany(companyNumber, signal),
    retry: false,
  });
}

export function useCompany(companyNumber: string | null) {
  return useQuery({ ...companyQueryOptions(companyNumber ?? ''), enabled: companyNumber !== null });
}
