import { buyersEndpoints as endpoints, type PagedListRequest } from '@b2b/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { adminQueryKeys } from './admin-query-keys';

export type BuyerInput = z.input<typeof endpoints.createBuyer.body>;

export function listBuyers(body: PagedListRequest, signal?: AbortSignal) {
  return apiRequest(endpoints.listBuyers, { body, signal });
}

export function useBuyer(id: string) {
  return useQuery({
    queryKey: adminQueryKeys.buyer(id),
    queryFn: ({ signal }) => apiRequest(endpoints.getBuyer, { params: { id }, signal }),
  });
}

/** Create (no id) or update (with id) a buyer. */
export function useSaveBuyer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BuyerInput & { id?: string }) =>
      body.id
        ? apiRequest(endpoints.updateBuyer, { body: { ...body, id: body.id } })
        : apiRequest(endpoints.createBuyer, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminQueryKeys.buyers }),
  });
}

export function useDeleteBuyer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest(endpoints.deleteBuyer, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminQueryKeys.buyers }),
  });
}
