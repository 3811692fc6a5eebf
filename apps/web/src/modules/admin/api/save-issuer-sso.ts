import { ssoEndpoints, type SaveIssuerSso } from '@b2b/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminQueryKeys } from './admin-query-keys';

/** Sets an issuer's single sign-on; a left-out client secret keeps the stored one. */
export function saveIssuerSso(id: string, body: SaveIssuerSso) {
  return apiRequest(ssoEndpoints.saveIssuerSso, { params: { id }, body });
}

export function useSaveIssuerSso(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveIssuerSso) => saveIssuerSso(id, body),
    onSuccess: (saved) => queryClient.setQueryData(adminQueryKeys.issuerSso(id), saved),
  });
}
