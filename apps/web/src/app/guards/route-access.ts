import {
  can,
  ERROR_CODES,
  MESSAGES,
  type ClientConfig,
  type CurrentUserProfile,
  type SystemMode,
  type WebRoute,
} from '@b2b/contract';
import { loginPath } from '../../lib/auth/callback-url';

/** Where the user is: the parts of window.location the checks read. */
export type AccessLocation = {
  protocol: string;
  hostname: string;
  port: string;
  pathname: string;
  search: string;
};

export type SessionState =
  | { status: 'pending' }
  | { status: 'signed-out'; expired: boolean }
  | { status: 'signed-in'; profile: CurrentUserProfile };

export type AccessInput = {
  route: Pick<WebRoute, 'permissions'>;
  session: SessionState;
  /** undefined while loading; null when it could not be loaded (its checks are skipped). */
  clientConfig: ClientConfig | null | undefined;
  /** undefined while loading; null when it could not be loaded (counts as Live). */
  systemMode: SystemMode | null | undefined;
  /** The environment this web build was made for (VITE_APP_ENVIRONMENT). */
  buildEnvironment: string;
  location: AccessLocation;
};

export type AccessDecision =
  | { kind: 'wait'; message: string }
  | { kind: 'redirect'; to: string }
  /** Sign out and load another site: the user's own branding domain. */
  | { kind: 'leave'; url: string }
  | { kind: 'maintenance' }
  | { kind: 'allow' };

export const LOBBY_PATH = '/lobby?reason=UserEligibility';

/** The sign-in page of the user's own domain, same protocol and port, back to the same path. */
export function ownDomainUrl(domain: string, location: AccessLocation): string {
  const port = location.port ? `:${location.port}` : '';
  return `${location.protocol}//${domain}${port}${loginPath(location)}`;
}

function isOtherDomain(profile: CurrentUserProfile, location: AccessLocation): boolean {
  const domain = profile.branding.fullDomainName;
  return !!domain && domain.toLowerCase() !== location.hostname.toLowerCase();
}

/**
 * Decides what a signed-in route shows, in the order SPEC.md section 4 implies: nobody signed
 * in → sign-in with a callbackUrl; a build for another environment → /503; a user on another
 * branding's domain → their own domain (unless cross-origin mode); ineligible → the lobby;
 * maintenance without SystemMaintenanceMode_IGNORE → the maintenance message; a missing
 * permission → /401. Pure, so every rule has a unit test.
 */
export function decideAccess(input: AccessInput): AccessDecision {
  const { session, clientConfig, location } = input;
  if (session.status === 'pending') return { kind: 'wait', message: MESSAGES.authenticating };
  if (session.status === 'signed-out') {
    const code = session.expired ? ERROR_CODES.sessionExpired : undefined;
    return { kind: 'redirect', to: loginPath(location, code) };
  }
  if (clientConfig === undefined || input.systemMode === undefined) {
    return { kind: 'wait', message: MESSAGES.initializing };
  }
  if (clientConfig && clientConfig.environment !== input.buildEnvironment) {
    return { kind: 'redirect', to: '/503' };
  }
  const { profile } = session;
  if (clientConfig && !clientConfig.crossOriginMode && isOtherDomain(profile, location)) {
    return { kind: 'leave', url: ownDomainUrl(profile.branding.fullDomainName ?? '', location) };
  }
  if (!profile.eligible) return { kind: 'redirect', to: LOBBY_PATH };
  if (input.systemMode === 'Maintenance' && !can(profile, 'SystemMaintenanceMode_IGNORE')) {
    return { kind: 'maintenance' };
  }
  if (!can(profile, input.route.permissions)) return { kind: 'redirect', to: '/401' };
  return { kind: 'allow' };
}
