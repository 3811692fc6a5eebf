import type { ClientConfig, CurrentUserProfile, PublicBranding } from '@b2b/contract';

type RoleEntry = CurrentUserProfile['roles']['standard'][number];

/**
 * A role as the session lists it. Its display name and description are the server's data (the
 * roles table), not text of the web's own, so they are not translation keys.
 */
const role = (name: RoleEntry['role'], displayName: string, description: string): RoleEntry => ({
  role: name,
  displayName,
  description,
});

/** A signed-in issuer, shaped as GET /api/auth/session answers. */
export const issuerProfile: CurrentUserProfile = {
  id: '0b9b6a4e-8f0e-4c1a-9d7e-2f3c4b5a6d7e',
  displayName: 'Issuer Demo',
  username: 'issuer@example.com',
  email: 'issuer@example.com',
  givenName: 'Issuer',
  surname: 'Demo',
  approved: true,
  eligible: true,
  branding: {
    brandingId: '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
    brandingKey: 'PayTech',
    theme: 'paytech',
    brandingDisplayName: 'PayTech',
    // No domain of its own: tests run on localhost, and the domain check has its own tests.
    fullDomainName: null,
    issuerName: 'PayTech Bank',
    // Inherited from the issuer: no branding of their own.
    ownBrandingId: null,
    inheritedBrandingId: '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
    inheritedBrandingDisplayName: 'PayTech',
  },
  permissions: ['Dashboard_VIEW'],
  roles: {
    standard: [role('issuer', 'Issuer', 'Card issuer user')],
    tabbedView: [
      role('JobSummaryAccessor', 'Job Summary', 'Summary tab'),
      role('JobInsightsAccessor', 'Job Insights', 'Insights tab'),
    ],
  },
  canSwitchRoles: false,
  availableStandardRoles: ['issuer'],
};

export const defaultBranding: PublicBranding = {
  brandingKey: 'Default',
  theme: 'default',
  issuerName: null,
};

export const lloydsBranding: PublicBranding = {
  brandingKey: 'Lloyds',
  theme: 'lloyds',
  brandingDisplayName: 'Lloyds',
  issuerName: 'Lloyds Commercial Banking',
};

/** The server's 401 for a visitor without a session. */
export const notSignedIn = {
  status: 401,
  body: {
    success: false,
    message: 'You are not signed in.',
    statusCode: 401,
    code: 'not-signed-in',
  },
};

/** The site configuration of a local build, shaped as GET client-config answers. */
export const clientConfig: ClientConfig = {
  environment: 'local',
  environmentLabel: null,
  systemNotification: null,
  idleAutoLogoutEnabled: true,
  idleWarningSeconds: 1500,
  appVersionCheckSeconds: 300,
  crossOriginMode: false,
  releaseNotice: { id: 'release-2025-10', from: '2025-10-27', to: '2025-11-07', version: '1.4.0' },
  trustPolicyNote: null,
};
