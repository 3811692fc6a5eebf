import { issuersEndpoints } from '@b2b/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { adminQueryKeys } from './admin-query-keys';

export type IssuerCreateInput = z.input<typeof issuersEndpoints.createIssuer.body>;

/** Creates an issuer. */
export function createIssuer(body: IssuerCreateInput) {
  return apiRequest(issuersEndpoints.createIssuer, { body });
}

export function useCreateIssuer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createIssuer,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminQueryKeys.issuers }),
  });
}
