import { supplierListsEndpoints, type SupplierListKind } from '@b2b/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminQueryKeys } from './admin-query-keys';

/** Replaces one of an issuer's supplier lists with these names (one supplier per name). */
export function replaceIssuerSupplierList(id: string, list: SupplierListKind, names: string[]) {
  return apiRequest(supplierListsEndpoints.replaceIssuerSupplierList, {
    params: { id, list },
    body: { names },
  });
}

export function useReplaceIssuerSupplierList(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ list, names }: { list: SupplierListKind; names: string[] }) =>
      replaceIssuerSupplierList(id, list, names),
    onSuccess: (saved) => {
      queryClient.setQueryData(adminQueryKeys.issuerSupplierLists(id), saved);
      // The issuer list shows whether each list has entries.
      return queryClient.invalidateQueries({ queryKey: adminQueryKeys.issuerList });
    },
  });
}
