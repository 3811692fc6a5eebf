import { companiesHouseEndpoints } from '@b2b/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { companiesHouseQueryKeys } from './companies-house-query-keys';

/** Whether the server has a Companies House API key, and the API it asks. */
export function getCompaniesHouseSettings(signal?: AbortSignal) {
  return apiRequest(companiesHouseEndpoints.getCompaniesHouseSettings, { signal });
}

export function companiesHouseSettingsQueryOptions() {
  return queryOptions({
    queryKey: companiesHouseQueryKeys.settings,
    queryFn: ({ signal }) => getCompaniesHouseSettings(signal),
  });
}

export function useCompaniesHouseSettings() {
  return useQuery(companiesHouseSettingsQueryOptions());
}
