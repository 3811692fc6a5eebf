import type { UseQueryResult } from '@tanstack/react-query';
import { can, ERROR_CODES, MESSAGES, type CurrentUserProfile } from '@b2b/contract';
import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { FullScreenLoading } from '../../components/feedback/full-screen-loading';
import { isApiError } from '../../lib/api-error';
import { useSession } from '../../lib/auth/get-session';
import { usePageTitle } from '../../lib/use-page-title';
import { useClientConfig } from '../../modules/system/api/get-client-config';
import { useSystemMode } from '../../modules/system/api/get-system-mode';
import { MaintenanceView } from '../../modules/system/components/maintenance-view';
import { AppThemeProvider } from '../../theme/app-theme-provider';
import { BrandLogo } from '../../theme/brand-logo';
import { decideAccess, type SessionState } from '../guards/route-access';
import { ApiErrorWatcher } from '../session/api-error-watcher';
import { AppVersionWatcher } from '../session/app-version-watcher';
import { IdleWatcher } from '../session/idle-watcher';
import { useSignOut } from '../session/use-sign-out';
import { useCurrentWebRoute } from '../use-current-web-route';
import { useThemePreview } from './use-theme-preview';
import { FollowUserLanguage } from '../language/follow-user-language';
import { useT } from '../../lib/i18n';

/** The environment this web build was made for; the server's client-config must name it too. */
export const BUILD_ENVIRONMENT: string = import.meta.env.VITE_APP_ENVIRONMENT ?? 'local';

function sessionState(session: UseQueryResult<CurrentUserProfile>): SessionState {
  if (isApiError(session.error, 401)) {
    return { status: 'signed-out', expired: session.error.code === ERROR_CODES.sessionExpired };
  }
  // Anything else is unexpected: the route's error page reports it.
  if (session.isError) throw session.error;
  return session.data ? { status: 'signed-in', profile: session.data } : { status: 'pending' };
}

/**
 * Everything signed-in pages share: the access checks of decideAccess, the user's theme (or the
 * previewed one, printable on printable routes), and the session behaviours (expiry, idle
 * logout, version check).
 */
export function SignedInShell() {
  const session = useSession();
  const config = useClientConfig();
  const mode = useSystemMode();
  const route = useCurrentWebRoute();
  const location = useLocation();
  const [preview] = useThemePreview();
  usePageTitle(session.data?.branding.issuerName);

  const state = sessionState(session);
  const decision = decideAccess({
    route: route ?? { permissions: [] },
    session: state,
    // isFetched, not isPending: a failed query goes back to pending while it is asked again,
    // and the app must not flash back to Initializing... each time.
    clientConfig: config.isFetched ? (config.data ?? null) : undefined,
    systemMode: mode.isFetched ? (mode.data ?? null) : undefined,
    buildEnvironment: BUILD_ENVIRONMENT,
    location: {
      protocol: window.location.protocol,
      hostname: window.location.hostname,
      port: window.location.port,
      pathname: location.pathname,
      search: location.search,
    },
  });

  if (decision.kind === 'wait') return <FullScreenLoading message={decision.message} />;
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  if (decision.kind === 'leave') return <LeaveForDomain url={decision.url} />;
  // Only a signed-in user is let in or shown the maintenance message.
  if (state.status !== 'signed-in') return null;
  const { profile } = state;
  const theme = preview ?? profile.branding.theme;
  return (
    <AppThemeProvider
      themeKey={theme}
      printable={route?.frame === 'printable'}
      autocompleteOpenOnFocus={can(profile, 'Autocomplete_Options_Focus_VIEW')}
    >
      <ApiErrorWatcher />
      <FollowUserLanguage />
      {decision.kind === 'maintenance' ? (
        // SPEC §1: only the message — no frame and no mode switch, even for those who may
        // switch modes (a holder of SystemMaintenanceMode_IGNORE brings Live back).
        <MaintenanceView logo={<BrandLogo name={profile.branding.brandingDisplayName} />} />
      ) : (
        <>
          <IdleWatcher config={config.data ?? null} />
          <AppVersionWatcher config={config.data ?? null} />
          <Outlet />
        </>
      )}
    </AppThemeProvider>
  );
}

/** Signs out and loads the user's own branding domain. */
function LeaveForDomain({ url }: { url: string }) {
  const t = useT();
  const signOut = useSignOut();
  useEffect(() => {
    void signOut(url);
  }, [signOut, url]);
  return <FullScreenLoading message={t(MESSAGES.redirecting)} />;
}
