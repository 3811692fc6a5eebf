import { issuersEndpoints } from '@b2b/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { adminQueryKeys } from './admin-query-keys';

export type IssuerUpdateInput = z.input<typeof issuersEndpoints.updateIssuer.body>;

/** Changes an issuer's settings. */
export function updateIssuer(body: IssuerUpdateInput) {
  return apiRequest(issuersEndpoints.updateIssuer, { body });
}

export function useUpdateIssuer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateIssuer,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminQueryKeys.issuers }),
  });
}
