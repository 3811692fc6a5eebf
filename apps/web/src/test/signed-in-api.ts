import type { CurrentUserProfile } from '@b2b/contract';
import { entityLockApi } from './entity-lock-api';
import { clientConfig, issuerProfile } from './fixtures';
import type { MockRoute } from './mock-api';

/** The version timestamp the mocked server reports. */
export const APP_TIMESTAMP = '2026-01-01T00:00:00.000Z';

/**
 * The calls every signed-in page makes, answered for a live system: session, site
 * configuration, system mode, app version, session settings and the user's notifications. Spread it into mockApi and
 * override what a test is about.
 */
export function signedInApi(
  profile: CurrentUserProfile = issuerProfile,
): Record<string, MockRoute> {
  return {
    'GET /api/auth/session': { body: profile },
    'GET /api/v1/system-data/client-config': { body: clientConfig },
    'GET /api/v1/system-mode': { body: { mode: 'Live' } },
    'GET /api/v1/system-data/app-timestamp': { body: { timestamp: APP_TIMESTAMP } },
    'GET /api/v1/notifications': { body: [] },
    // English, with no overrides: the UI's keys are its English texts.
    'GET /api/v1/translations/bundles/en': { body: { language: 'en', version: '0', strings: {} } },
    'GET /api/v1/users/user-language': {
      body: { chosen: null, issuerLanguage: 'en', effective: 'en' },
    },
    // Edit screens' entity-lock calls: nobody else holds the lock.
    ...entityLockApi(profile.id, { current: null }),
    'GET /api/auth/session-info': {
      body: {
        expiresAt: '2026-01-02T00:00:00.000Z',
        idleTimeoutSeconds: 1800,
        idleAutoLogout: true,
        idleAutoLogoutAvailable: true,
      },
    },
  };
}
