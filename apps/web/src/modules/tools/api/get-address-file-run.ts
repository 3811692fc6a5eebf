import { type AddressFileRun, toolsEndpoints } from '@b2b/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useRefetchInterval } from '../../../lib/client-flags';
import { toolsQueryKeys } from './tools-query-keys';

/** How often a queued address file is asked for again until it is Ready or in Error. */
const RUNNING_REFRESH_MS = 1_000;

export function getAddressFileRun(runId: string, signal?: AbortSignal) {
  return apiRequest(toolsEndpoints.getAddressFileRun, { params: { runId }, signal });
}

export function addressFileRunQueryOptions(runId: string) {
  return queryOptions({
    queryKey: toolsQueryKeys.addressFileRun(runId),
    queryFn: ({ signal }) => getAddressFileRun(runId, signal),
  });
}

const unfinished = (run: AddressFileRun | undefined) =>
  !run || run.state === 'Queued' || run.state === 'Running';

/** A queued address file (over 10,000 rows), polled until it is Ready or in Error. */
export function useAddressFileRun(run: AddressFileRun) {
  const interval = useRefetchInterval(RUNNING_REFRESH_MS);
  return useQuery({
    ...addressFileRunQueryOptions(run.id),
    initialData: run,
    refetchInterval: (query) => (unfinished(query.state.data) ? interval : false),
  });
}
