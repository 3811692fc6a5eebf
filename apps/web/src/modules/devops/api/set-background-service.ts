import { runtimeEndpoints } from '@b2b/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { devopsQueryKeys } from './devops-query-keys';

/** Pauses (false) or resumes (true) this server process's ProQ workers. */
export function setBackgroundService(running: boolean) {
  return apiRequest(runtimeEndpoints.setBackgroundService, { body: { running } });
}

/** The answer is the new state; the ProQ views refresh, as what runs changes. */
export function useSetBackgroundService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setBackgroundService,
    onSuccess: (state) => {
      queryClient.setQueryData(devopsQueryKeys.backgroundService, state);
      void queryClient.invalidateQueries({ queryKey: devopsQueryKeys.proq });
    },
  });
}
