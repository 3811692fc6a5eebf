import {
  brandingsEndpoints,
  datapointProfilesEndpoints,
  issuersEndpoints as endpoints,
  type PagedListRequest,
} from '@b2b/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { adminQueryKeys } from './admin-query-keys';

export type IssuerCreateInput = z.input<typeof endpoints.createIssuer.body>;
export type IssuerUpdateInput = z.input<typeof endpoints.updateIssuer.body>;

export function listIssuers(body: PagedListRequest, signal?: AbortSignal) {
  return apiRequest(endpoints.listIssuers, { body, signal });
}

/** The issuer with its e-mail domains (the full view the edit screen needs). */
export function useIssuer(id: string) {
  return useQuery({
    queryKey: adminQueryKeys.issuer(id),
    queryFn: ({ signal }) => apiRequest(endpoints.getIssuerFull, { params: { id }, signal }),
  });
}

/** Capabilities, virtual lockboxes, languages and brandings for the issuer form. */
export function useIssuerCatalogues() {
  return useQuery({
    queryKey: adminQueryKeys.catalogues,
    queryFn: async ({ signal }) => {
      const [capabilities, lockboxes, languages, brandings] = await Promise.all([
        apiRequest(endpoints.getAllCapabilities, { signal }),
        apiRequest(endpoints.getAllVirtualLockboxes, { signal }),
        apiRequest(endpoints.getAllIssuerLanguages, { signal }),
        apiRequest(brandingsEndpoints.getAllBrandings, { signal }),
      ]);
      return { capabilities, lockboxes, languages, brandings };
    },
    staleTime: 5 * 60_000,
  });
}

/** The datapoint profiles an issuer's three data downloads may use (rarely change). */
export function useDatapointProfiles() {
  return useQuery({
    queryKey: adminQueryKeys.datapointProfiles,
    queryFn: ({ signal }) =>
      apiRequest(datapointProfilesEndpoints.listDatapointProfiles, { signal }),
    staleTime: 5 * 60_000,
  });
}

export function useCreateIssuer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: IssuerCreateInput) => apiRequest(endpoints.createIssuer, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminQueryKeys.issuers }),
  });
}

export function useUpdateIssuer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: IssuerUpdateInput) => apiRequest(endpoints.updateIssuer, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminQueryKeys.issuers }),
  });
}

export function useDeleteIssuer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest(endpoints.deleteIssuer, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminQueryKeys.issuers }),
  });
}

export function useIssuerMembers(id: string) {
  return useQuery({
    queryKey: adminQueryKeys.issuerMembers(id),
    queryFn: ({ signal }) => apiRequest(endpoints.getAssignedUsers, { params: { id }, signal }),
  });
}

/** Assign as Manager or Member, or remove (userRole null). */
export function useSetIssuerMember(issuerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { userId: string; userRole: 'Manager' | 'Member' | null }) =>
      apiRequest(endpoints.updateIssuerUser, { params: { id: issuerId }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminQueryKeys.issuers }),
  });
}
