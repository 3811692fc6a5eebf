import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { CLIENT_FLAGS } from '../../lib/client-flags';
import { clearSignedInData } from '../../lib/query-client';
import { writeStored } from '../../lib/storage/browser-storage';
import { useLogout } from '../../modules/auth/api/logout';
import { THEME_PREVIEW_KEY } from '../frames/use-theme-preview';

/** Session storage that belongs to one sign-in and must not outlive it. */
function forgetSessionStorage(): void {
  writeStored('session', CLIENT_FLAGS.idleAutoLogout.key, null);
  writeStored('session', THEME_PREVIEW_KEY, null);
}

/**
 * Signs out: ends the session on the server, leaves the signed-in pages, then forgets what the
 * user loaded. `to` is a path in this app, or a full URL to load instead (another domain).
 */
export function useSignOut() {
  // mutateAsync is stable across renders, so the returned function is too.
  const { mutateAsync: logout } = useLogout();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(
    async (to = '/login') => {
      // Leave even if the call fails: staying on a page the user asked to leave helps nobody.
      await logout().catch(() => undefined);
      forgetSessionStorage();
      if (/^https?:\/\//.test(to)) {
        window.location.assign(to);
        return;
      }
      // Leave the signed-in pages before clearing: cleared while still mounted, the frame would
      // ask for the session again and race this navigation with its own sign-in redirect.
      await navigate(to, { replace: true });
      clearSignedInData(queryClient);
    },
    [logout, navigate, queryClient],
  );
}
