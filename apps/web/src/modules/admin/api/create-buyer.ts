import { buyersEndpoints } from '@b2b/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { adminQueryKeys } from './admin-query-keys';

export type BuyerInput = z.input<typeof buyersEndpoints.createBuyer.body>;

/** Creates a buyer of an issuer. */
export function createBuyer(body: BuyerInput) {
  return apiRequest(buyersEndpoints.createBuyer, { body });
}

export function useCreateBuyer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBuyer,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminQueryKeys.buyers }),
  });
}
