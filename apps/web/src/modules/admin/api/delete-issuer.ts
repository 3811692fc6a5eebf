import { issuersEndpoints } from '@b2b/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminQueryKeys } from './admin-query-keys';

/** Deletes an issuer. */
export function deleteIssuer(id: string) {
  return apiRequest(issuersEndpoints.deleteIssuer, { params: { id } });
}

export function useDeleteIssuer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteIssuer,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminQueryKeys.issuers }),
  });
}
