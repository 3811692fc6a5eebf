import { RESOURCE_LIMITS, formatLimitValue, type ResourceLimitKey } from '@b2b/contract';
import type { JobsConfig } from '../../config.js';

/** Every limit's effective value; null = no limit. */
export type EffectiveLimits = Record<ResourceLimitKey, number | null>;

/** DuckDB's memory setting (`1200MB`, `2GB`, `512MiB`, `1.5GiB`) in megabytes, as DuckDB counts them. */
export function engineMemoryMb(setting: string): number {
  const match = /^(\d+(?:\.\d+)?)\s*(MB|GB|MiB|GiB)$/.exec(setting.trim());
  if (!match) throw new Error(`Not a DuckDB memory setting: ${setting}`);
  const factor = { MB: 1, GB: 1000, MiB: 1.048576, GiB: 1073.741824 }[match[2] as 'MB'];
  return Math.round(Number(match[1]) * factor);
}

/**
 * The defaults: today's configuration (environment) where a limit already existed, no limit
 * for the new ones, so nothing changes until DevOps sets them.
 */
export function defaultLimits(config: JobsConfig): EffectiveLimits {
  return {
    uploadMaxBytes: config.uploadMaxBytes,
    runningJobsPerIssuer: null,
    queuedJobsPerUser: null,
    apiRequestsPerUserPerMinute: null,
    storageBytesPerIssuer: null,
    engineMemoryMb: engineMemoryMb(config.engineMemoryLimit),
    engineThreads: config.engineThreads,
  };
}

/** Today's usage of a limit that has one: the largest figure any issuer or user has now. */
export type LimitUsage = { value: number; of: string };

/**
 * Why `value` cannot be the limit given today's usage, or null: a limit below what an issuer or
 * user already has would be broken the moment it is set (the Done-when).
 */
export function belowUsageProblem(
  key: ResourceLimitKey,
  value: number | null,
  usage: LimitUsage | null,
): string | null {
  if (value === null || !usage || !RESOURCE_LIMITS[key].hasUsage) return null;
  if (value >= usage.value) return null;
  const { name } = RESOURCE_LIMITS[key];
  return `${name} cannot be ${formatLimitValue(key, value)}: current usage is ${formatLimitValue(key, usage.value)} (${usage.of}).`;
}

/**
 * Requests per user in the current minute (a fixed window), in this process: enough to stop a
 * runaway client; with several API processes behind a balancer a user gets up to the limit
 * from each, which the screen's figure is meant for (a per-process ceiling).
 */
export function createRequestCounter(now: () => number = Date.now) {
  let window = -1;
  const counts = new Map<string, number>();
  return {
    /** Counts one request; the seconds until the window ends when the user is over `limit`. */
    hit(userId: string, limit: number): number | null {
      const at = now();
      const current = Math.floor(at / 60_000);
      if (current !== window) {
        window = current;
        counts.clear();
      }
      const count = (counts.get(userId) ?? 0) + 1;
      counts.set(userId, count);
      if (count <= limit) return null;
      return Math.max(1, Math.ceil(((current + 1) * 60_000 - at) / 1000));
    },
  };
}
