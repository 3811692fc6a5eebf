import { usersEndpoints } from '@b2b/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { termsStatusQueryKey } from './get-terms-status';

/** Agrees the latest privacy policy; answers with the new terms status. */
export function agreePrivacyPolicy() {
  return apiRequest(usersEndpoints.agreePrivacyPolicy);
}

export function useAgreePrivacyPolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: agreePrivacyPolicy,
    onSuccess: (status) => queryClient.setQueryData(termsStatusQueryKey, status),
  });
}
