import type { ClientConfig } from '@b2b/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { loginPath } from '../../lib/auth/callback-url';
import { isClientFlagStored, useClientFlag, writeClientFlag } from '../../lib/client-flags';
import { useIdle } from '../../lib/use-idle';
import { sessionInfoQueryKey, useSessionInfo } from '../../modules/auth/api/get-session-info';
import { IdleWarningDialog } from '../../modules/auth/components/idle-warning-dialog';
import { effectiveMs, ONE_MINUTE_SECONDS } from './timing-overrides';
import { useSignOut } from './use-sign-out';

export type IdleWatcherProps = {
  config: ClientConfig | null;
};

/**
 * Idle logout (SPEC.md sections 4 and 8): after idleWarningSeconds without activity a warning
 * with Stay Logged In; a minute later, the sign-out. Runs while the site configuration enables
 * the feature and the session's idle auto-logout flag is on.
 */
export function IdleWatcher({ config }: IdleWatcherProps) {
  const [flag] = useClientFlag('idleAutoLogout');
  const sessionInfo = useSessionInfo();
  const queryClient = useQueryClient();
  const signOut = useSignOut();
  const location = useLocation();

  // The server's session setting seeds the flag once per tab; later the profile toggle sets it.
  const serverSetting = sessionInfo.data?.idleAutoLogout;
  useEffect(() => {
    if (serverSetting !== undefined && !isClientFlagStored('idleAutoLogout')) {
      writeClientFlag('idleAutoLogout', serverSetting);
    }
  }, [serverSetting]);

  const enabled = !!config?.idleAutoLogoutEnabled && flag;
  const warningMs = effectiveMs('idleWarningSeconds', config?.idleWarningSeconds ?? 0);
  const { idle, reset } = useIdle({ timeoutMs: warningMs, enabled });
  const logoutMs = effectiveMs('idleLogoutSeconds', ONE_MINUTE_SECONDS);

  useEffect(() => {
    if (!idle) return undefined;
    const timer = window.setTimeout(() => void signOut(loginPath(location)), logoutMs);
    return () => window.clearTimeout(timer);
  }, [idle, logoutMs, signOut, location]);

  function handleStay() {
    reset();
    // Any call refreshes the server's idle clock, which the client's timer does not see.
    void queryClient.invalidateQueries({ queryKey: sessionInfoQueryKey });
  }

  return <IdleWarningDialog open={idle} onStay={handleStay} />;
}
