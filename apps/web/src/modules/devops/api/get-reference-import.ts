import { referenceDataEndpoints, type ReferenceImportStatus } from '@b2b/contract';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiRequest } from '../../../lib/api-client';
import { devopsQueryKeys } from './devops-query-keys';

/** How often the screen asks how a running import is doing. */
export const REFERENCE_IMPORT_POLL_MS = 1000;

const FINISHED: readonly ReferenceImportStatus['state'][] = ['Completed', 'Error', 'Canceled'];

export const isImportFinished = (status: ReferenceImportStatus | undefined) =>
  !!status && FINISHED.includes(status.state);

/** How the import queued as this command is doing. */
export function getReferenceImport(commandId: string, signal?: AbortSignal) {
  return apiRequest(referenceDataEndpoints.getReferenceImport, { params: { commandId }, signal });
}

/**
 * Polled until the command finished. Not tied to the queries-refetch flag: it follows the
 * user's own action to its end.
 */
export function referenceImportQueryOptions(commandId: string) {
  return queryOptions({
    queryKey: devopsQueryKeys.referenceImport(commandId),
    queryFn: ({ signal }) => getReferenceImport(commandId, signal),
    refetchInterval: (q) => (isImportFinished(q.state.data) ? false : REFERENCE_IMPORT_POLL_MS),
  });
}

/** Follows an import until its command finished, then rereads the versions. */
export function useReferenceImport(commandId: string | null) {
  const queryClient = useQueryClient();
  const query = useQuery({ ...referenceImportQueryOptions(commandId ?? ''), enabled: !!commandId });
  const finished = isImportFinished(query.data);
  useEffect(() => {
    if (finished)
      void queryClient.invalidateQueries({ queryKey: devopsQueryKeys.referenceVersions });
  }, [finished, queryClient]);
  return query;
}
