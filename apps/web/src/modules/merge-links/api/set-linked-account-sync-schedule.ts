import { type LinkedAccountSyncSchedule, mergeLinksEndpoints } from '@b2b/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { mergeLinksQueryKeys } from './merge-links-query-keys';

/** How often the account syncs by itself: Off, Daily or Weekly. */
export function setLinkedAccountSyncSchedule(input: {
  linkedAccountId: string;
  syncSchedule: LinkedAccountSyncSchedule;
}) {
  return apiRequest(mergeLinksEndpoints.setLinkedAccountSyncSchedule, {
    params: { linkedAccountId: input.linkedAccountId },
    body: { syncSchedule: input.syncSchedule },
  });
}

export function useSetLinkedAccountSyncSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setLinkedAccountSyncSchedule,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mergeLinksQueryKeys.all }),
  });
}
