import { authEndpoints, type StandardRole } from '@b2b/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { sessionQueryKey } from '../../../lib/auth/get-session';
import { PUBLIC_QUERY_SCOPE } from '../../../lib/query-client';

// The session was just replaced and public data does not depend on roles.
const KEEP_SCOPES = new Set<string>([sessionQueryKey[0], PUBLIC_QUERY_SCOPE]);

/** Narrows this session to some of the user's standard roles; null restores all of them. */
export function setActiveRoles(roles: StandardRole[] | null) {
  return apiRequest(authEndpoints.setActiveRoles, { body: { roles } });
}

/**
 * The answer is the new profile: it becomes the session at once, and everything else the user
 * loaded is asked for again because it may depend on the permissions that just changed.
 */
export function useSetActiveRoles() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setActiveRoles,
    onSuccess: async (profile) => {
      queryClient.setQueryData(sessionQueryKey, profile);
      await queryClient.invalidateQueries({
        predicate: (query) => !KEEP_SCOPES.has(String(query.queryKey[0])),
      });
    },
  });
}
