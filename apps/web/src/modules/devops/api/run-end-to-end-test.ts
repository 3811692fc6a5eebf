import { endToEndTestEndpoints } from '@b2b/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { devopsQueryKeys } from './devops-query-keys';

/** Creates, fills and submits the canned job for the issuer; answers each setup step. */
export function runEndToEndTest(issuerId: string) {
  return apiRequest(endToEndTestEndpoints.runEndToEndTest, { body: { issuerId } });
}

/** The job's commands join the queue: the ProQ views refresh. */
export function useRunEndToEndTest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runEndToEndTest,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: devopsQueryKeys.proq }),
  });
}
