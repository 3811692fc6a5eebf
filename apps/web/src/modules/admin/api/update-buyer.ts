import { buyersEndpoints } from '@b2b/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { BuyerInput } from './create-buyer';
import { adminQueryKeys } from './admin-query-keys';

/** Changes a buyer's name, country or issuer. */
export function updateBuyer(body: BuyerInput & { id: string }) {
  return apiRequest(buyersEndpoints.updateBuyer, { body });
}

export function useUpdateBuyer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBuyer,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminQueryKeys.buyers }),
  });
}
