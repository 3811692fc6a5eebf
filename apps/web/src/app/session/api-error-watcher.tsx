import { ERROR_CODES } from '@b2b/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useRef } from 'react';
import type { ApiError } from '../../lib/api-error';
import { useLocation } from 'react-router';
import { onApiError } from '../../lib/api-events';
import { loginPath } from '../../lib/auth/callback-url';
import { systemModeQueryKey } from '../../modules/system/api/get-system-mode';
import { useSignOut } from './use-sign-out';

/**
 * Reacts to answers that concern the whole app, whichever screen made the call: an expired
 * session signs the user out to /login with the session-expired error; a maintenance refusal
 * asks for the system mode again, so the maintenance message replaces the app.
 */
export function ApiErrorWatcher() {
  const queryClient = useQueryClient();
  const signOut = useSignOut();
  const location = useLocation();
  const signingOut = useRef(false);

  // An effect event reads the current location without re-subscribing on every navigation.
  const handleError = useEffectEvent((error: ApiError) => {
    if (error.status === 401 && error.code === ERROR_CODES.sessionExpired) {
      if (signingOut.current) return;
      signingOut.current = true;
      void signOut(loginPath(location, ERROR_CODES.sessionExpired));
    } else if (error.status === 503 && error.code === ERROR_CODES.maintenance) {
      void queryClient.invalidateQueries({ queryKey: systemModeQueryKey });
    }
  });

  useEffect(() => onApiError(handleError), []);
  return null;
}
