import { buyersEndpoints } from '@b2b/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminQueryKeys } from './admin-query-keys';

/** Deletes a buyer that no job uses. */
export function deleteBuyer(id: string) {
  return apiRequest(buyersEndpoints.deleteBuyer, { params: { id } });
}

export function useDeleteBuyer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBuyer,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminQueryKeys.buyers }),
  });
}
