import {
  endpointPath,
  referenceDataEndpoints,
  type ReferenceImportStatus,
  type StartReferenceImport,
} from '@b2b/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiRequest, uploadWithProgress, type UploadProgress } from '../../../lib/api-client';
import { devopsQueryKeys } from './devops-query-keys';

/** How often the screen asks how a running import is doing. */
export const REFERENCE_IMPORT_POLL_MS = 1000;

const FINISHED: readonly ReferenceImportStatus['state'][] = ['Completed', 'Error', 'Canceled'];

export const isImportFinished = (status: ReferenceImportStatus | undefined) =>
  !!status && FINISHED.includes(status.state);

/** The stored reference data versions, newest (the one new jobs use) first. */
export function useReferenceVersions() {
  return useQuery({
    queryKey: devopsQueryKeys.referenceVersions,
    queryFn: ({ signal }) => apiRequest(referenceDataEndpoints.listReferenceVersions, { signal }),
  });
}

/**
 * Uploads a reference file (multipart field "file") with progress; answers its headers, first
 * rows and the suggested mapping, or rejects with the server's reason for refusing it.
 */
export function useUploadReferenceFile() {
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress?: UploadProgress }) => {
      const form = new FormData();
      form.append('file', file);
      return uploadWithProgress(referenceDataEndpoints.uploadReferenceFile, {
        form,
        ...(onProgress ? { onProgress } : {}),
      });
    },
  });
}

/** Queues the import of an upload with its mapping; answers the command id to follow. */
export function useStartReferenceImport() {
  return useMutation({
    mutationFn: (body: StartReferenceImport) =>
      apiRequest(referenceDataEndpoints.startReferenceImport, { body }),
  });
}

/**
 * Follows an import until its command finished, then rereads the versions. Not tied to the
 * queries-refetch flag: it follows the user's own action to its end.
 */
export function useReferenceImport(commandId: string | null) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: devopsQueryKeys.referenceImport(commandId ?? ''),
    queryFn: ({ signal }) =>
      apiRequest(referenceDataEndpoints.getReferenceImport, {
        params: { commandId: commandId! },
        signal,
      }),
    enabled: !!commandId,
    refetchInterval: (q) => (isImportFinished(q.state.data) ? false : REFERENCE_IMPORT_POLL_MS),
  });
  const finished = isImportFinished(query.data);
  useEffect(() => {
    if (finished)
      void queryClient.invalidateQueries({ queryKey: devopsQueryKeys.referenceVersions });
  }, [finished, queryClient]);
  return query;
}

/** Where the browser downloads every row an import of this version rejected. */
export function rejectedRowsCsvUrl(versionId: string): string {
  return endpointPath(referenceDataEndpoints.downloadReferenceRejects.path, { versionId });
}
