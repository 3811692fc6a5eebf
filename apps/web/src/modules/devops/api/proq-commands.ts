import { proqEndpoints, type WrappedPagedListRequest } from '@b2b/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { devopsQueryKeys } from './devops-query-keys';

export type CommandListKind = 'queued' | 'error' | 'completed';

const LIST_ENDPOINTS = {
  queued: proqEndpoints.listQueuedCommands,
  error: proqEndpoints.listErrorCommands,
  completed: proqEndpoints.listCompletedCommands,
} as const;

/** One page of the queued, error (Error and Canceled) or completed list. */
export function listCommands(
  kind: CommandListKind,
  body: WrappedPagedListRequest,
  signal?: AbortSignal,
) {
  return apiRequest(LIST_ENDPOINTS[kind], { body, signal });
}

/** One command with payload, attempts, result and log lines. */
export function useProqCommand(id: string | null) {
  return useQuery({
    queryKey: devopsQueryKeys.command(id ?? ''),
    queryFn: ({ signal }) => apiRequest(proqEndpoints.getCommand, { params: { id: id! }, signal }),
    enabled: !!id,
  });
}

/** Retry (Error, Canceled) or cancel (Pending, Blocked) one command; every ProQ view refreshes. */
export function useCommandAction(action: 'retry' | 'cancel') {
  const queryClient = useQueryClient();
  const endpoint = action === 'retry' ? proqEndpoints.retryCommand : proqEndpoints.cancelCommand;
  return useMutation({
    mutationFn: (id: string) => apiRequest(endpoint, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: devopsQueryKeys.proq }),
  });
}

/** Pause or resume the whole queue, or one job's commands. */
export function useQueuePause(action: 'pause' | 'resume') {
  const queryClient = useQueryClient();
  const endpoint = action === 'pause' ? proqEndpoints.pauseQueue : proqEndpoints.resumeQueue;
  return useMutation({
    mutationFn: (jobId?: string) => apiRequest(endpoint, { body: jobId ? { jobId } : {} }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: devopsQueryKeys.proq }),
  });
}
