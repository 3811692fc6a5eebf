import { readStored } from '../../lib/storage/browser-storage';

/**
 * Test hook for the session timers. Browser tests cannot wait 25 minutes for an idle warning,
 * so a local storage entry `b2b.test.<name>` (seconds) replaces a configured duration, but only
 * when it is shorter: it can make the app sign out sooner, never keep a session longer.
 *
 * - idleWarningSeconds: inactivity before the idle warning (configured: client-config);
 * - idleLogoutSeconds: from the warning to the sign-out (60 by default, SPEC.md section 8);
 * - versionRefreshSeconds: from the new-version notice to the reload (60 by default).
 */
export type TimingName = 'idleWarningSeconds' | 'idleLogoutSeconds' | 'versionRefreshSeconds';

export const TIMING_OVERRIDE_PREFIX = 'b2b.test.';

/** The configured duration in milliseconds, or the stored override when it is shorter. */
export function effectiveMs(name: TimingName, configuredSeconds: number): number {
  const override = Number(readStored('local', `${TIMING_OVERRIDE_PREFIX}${name}`));
  const seconds =
    Number.isFinite(override) && override > 0
      ? Math.min(override, configuredSeconds)
      : configuredSeconds;
  return seconds * 1000;
}

/** SPEC.md section 8: the idle sign-out and the automatic refresh come "in a minute". */
export const ONE_MINUTE_SECONDS = 60;
