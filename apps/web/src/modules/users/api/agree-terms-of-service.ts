import { usersEndpoints } from '@b2b/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { termsStatusQueryKey } from './get-terms-status';

/** Agrees the latest terms of service; answers with the new terms status. */
export function agreeTermsOfService() {
  return apiRequest(usersEndpoints.agreeTermsOfService);
}

export function useAgreeTermsOfService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: agreeTermsOfService,
    onSuccess: (status) => queryClient.setQueryData(termsStatusQueryKey, status),
  });
}
