import { authEndpoints } from '@b2b/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Ends the session and clears the cookie. */
export function logout() {
  return apiRequest(authEndpoints.logout);
}

/** The caller leaves the signed-in pages first and then clears the cache (see the user menu). */
export function useLogout() {
  return useMutation({ mutationFn: logout });
}
