import { ssoEndpoints } from '@b2b/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminQueryKeys } from './admin-query-keys';

/** Deletes an issuer's single sign-on settings with the stored client secret. */
export function deleteIssuerSso(id: string) {
  return apiRequest(ssoEndpoints.deleteIssuerSso, { params: { id } });
}

export function useDeleteIssuerSso(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteIssuerSso(id),
    onSuccess: (answer) => queryClient.setQueryData(adminQueryKeys.issuerSso(id), answer),
  });
}
