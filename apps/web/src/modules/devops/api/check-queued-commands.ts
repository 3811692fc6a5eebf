import { proqEndpoints } from '@b2b/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Whether a job (or entity) still has Blocked, Pending or InProgress commands. */
export function checkQueuedCommands(id: string, signal?: AbortSignal) {
  return apiRequest(proqEndpoints.checkQueuedCommands, { params: { id }, signal });
}

/** Asked when a confirmation opens (`enabled`), and again each time it does. */
export function useHasQueuedCommands(id: string, enabled: boolean) {
  return useQuery({
    queryKey: ['proq', 'has-queued-commands', id],
    queryFn: ({ signal }) => checkQueuedCommands(id, signal),
    enabled,
    staleTime: 0,
    gcTime: 0,
  });
}
