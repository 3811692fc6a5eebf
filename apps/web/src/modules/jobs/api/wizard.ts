import {
  endpointPath,
  jobsEndpoints,
  type JobFileRole,
  type JobType,
  type WizardIssuerSchema,
} from '@b2b/contract';
import type { z } from 'zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, uploadWithProgress, type UploadProgress } from '../../../lib/api-client';
import { jobsQueryKeys } from './jobs-query-keys';
import { useStoreJob } from './jobs';

type SaveMappingBody = z.input<typeof jobsEndpoints.saveJobFileMapping.body>;
type WizardIssuer = z.infer<typeof WizardIssuerSchema>;

/** Issuers the user may create jobs for, each with its buyers. */
export function useWizardIssuers(enabled = true) {
  return useQuery({
    queryKey: jobsQueryKeys.wizardIssuers,
    queryFn: ({ signal }) => apiRequest(jobsEndpoints.listWizardIssuers, { signal }),
    enabled,
  });
}

export function useCreateWizardBuyer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { issuerId: string; name: string; countryIso3?: string }) =>
      apiRequest(jobsEndpoints.createWizardBuyer, { body }),
    onSuccess: (buyer) => {
      // Listed at once, so the buyer select can show the new buyer before the list is reread.
      queryClient.setQueryData<WizardIssuer[]>(jobsQueryKeys.wizardIssuers, (issuers) =>
        issuers?.map((issuer) =>
          issuer.id === buyer.issuerId
            ? {
                ...issuer,
                buyers: [
                  ...issuer.buyers,
                  { id: buyer.id, name: buyer.name, countryIso3: buyer.countryIso3 },
                ],
              }
            : issuer,
        ),
      );
      return queryClient.invalidateQueries({ queryKey: jobsQueryKeys.wizardIssuers });
    },
  });
}

export type JobSetup = {
  type: JobType;
  issuerId: string;
  buyerId: string;
  name: string;
  currency: string;
};

export function useCreateJob() {
  const store = useStoreJob();
  return useMutation({
    mutationFn: (query: JobSetup) => apiRequest(jobsEndpoints.createJobArtifact, { query }),
    onSuccess: store,
  });
}

export function useUpdateJobSetup(jobId: string) {
  const store = useStoreJob();
  return useMutation({
    mutationFn: (body: { name?: string; currency?: string; buyerId?: string }) =>
      apiRequest(jobsEndpoints.updateJobWizard, { params: { id: jobId }, body }),
    onSuccess: store,
  });
}

/**
 * Uploads one file of a job as multipart form data (field "file"). XMLHttpRequest rather than
 * fetch: only it reports upload progress. A refused file (size, content against its extension,
 * XLSX limits) rejects with the server's message; the answer is checked against the contract.
 */
export function uploadJobFile(
  jobId: string,
  role: JobFileRole,
  file: File,
  onProgress?: UploadProgress,
  sheetName?: string,
) {
  const form = new FormData();
  form.append('file', file, file.name);
  return uploadWithProgress(jobsEndpoints.uploadJobFile, {
    params: { id: jobId },
    query: { role, sheetName },
    form,
    onProgress,
  });
}

/** After a file call the job (its files, mappings, validations) is read again. */
function useRefreshJob(jobId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: jobsQueryKeys.job(jobId) });
}

export function useUploadJobFile(jobId: string) {
  const refresh = useRefreshJob(jobId);
  return useMutation({
    mutationFn: (input: {
      role: JobFileRole;
      file: File;
      onProgress?: UploadProgress;
      /** XLSX: the sheet to read (the first by default). */
      sheetName?: string;
    }) => uploadJobFile(jobId, input.role, input.file, input.onProgress, input.sheetName),
    onSuccess: refresh,
  });
}

export function useDeleteJobFile(jobId: string) {
  const refresh = useRefreshJob(jobId);
  return useMutation({
    mutationFn: (fileId: string) =>
      apiRequest(jobsEndpoints.deleteJobFile, { params: { id: jobId, fileId } }),
    onSuccess: refresh,
  });
}

export function useSaveMapping(jobId: string) {
  const queryClient = useQueryClient();
  const refresh = useRefreshJob(jobId);
  return useMutation({
    mutationFn: (input: { fileId: string; body: SaveMappingBody }) =>
      apiRequest(jobsEndpoints.saveJobFileMapping, {
        params: { id: jobId, fileId: input.fileId },
        body: input.body,
      }),
    onSuccess: async (_file, { fileId }) => {
      await queryClient.invalidateQueries({ queryKey: jobsQueryKeys.preview(jobId, fileId) });
      await refresh();
    },
  });
}

/** The first rows as the server parses them with the saved mapping. */
export function usePreview(jobId: string, fileId: string) {
  return useQuery({
    queryKey: jobsQueryKeys.preview(jobId, fileId),
    queryFn: ({ signal }) =>
      apiRequest(jobsEndpoints.previewJobFile, {
        params: { id: jobId, fileId },
        query: { rows: 20 },
        signal,
      }),
    retry: false,
  });
}

export function useValidateFile(jobId: string) {
  const refresh = useRefreshJob(jobId);
  return useMutation({
    mutationFn: (fileId: string) =>
      apiRequest(jobsEndpoints.validateJobFile, { params: { id: jobId, fileId } }),
    onSuccess: refresh,
  });
}

/** Where the browser downloads every rejected row of a file's latest validation. */
export function rejectsCsvUrl(jobId: string, fileId: string): string {
  return endpointPath(jobsEndpoints.downloadJobFileRejects.path, { id: jobId, fileId });
}

export function useSubmitJob(jobId: string) {
  const store = useStoreJob();
  return useMutation({
    mutationFn: () => apiRequest(jobsEndpoints.submitJob, { params: { id: jobId } }),
    onSuccess: store,
  });
}
