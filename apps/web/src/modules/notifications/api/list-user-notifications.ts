import { notificationsEndpoints } from '@b2b/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useRefetchInterval } from '../../../lib/client-flags';

/** How often the toolbar asks again: news of a finished job is not urgent to the second. */
export const NOTIFICATIONS_REFRESH_MS = 30_000;

export function listUserNotifications(signal?: AbortSignal) {
  return apiRequest(notificationsEndpoints.listUserNotifications, { signal });
}

export function useUserNotifications(enabled: boolean) {
  const refetchInterval = useRefetchInterval(NOTIFICATIONS_REFRESH_MS);
  return useQuery({
    queryKey: ['notifications', 'mine'],
    queryFn: ({ signal }) => listUserNotifications(signal),
    refetchInterval,
    enabled,
  });
}
