/**
 * The limits the server enforces (SPEC §2 /devops/resource-guard), one definition shared by the
 * server (validation, messages) and the screen (units, ranges). A limit whose `unlimited` is true
 * may be "No limit" (null): those default to no limit so nothing changes until DevOps sets them.
 */
export const RESOURCE_LIMIT_KEYS = [
  'uploadMaxBytes',
  'runningJobsPerIssuer',
  'queuedJobsPerUser',
  'apiRequestsPerUserPerMinute',
  'storageBytesPerIssuer',
  'engineMemoryMb',
  'engineThreads',
] as const;
export type ResourceLimitKey = (typeof RESOURCE_LIMIT_KEYS)[number];

export type ResourceLimitUnit = 'bytes' | 'jobs' | 'requests per minute' | 'MB' | 'threads';

export type ResourceLimitDefinition = {
  key: ResourceLimitKey;
  name: string;
  unit: ResourceLimitUnit;
  min: number;
  max: number;
  /** May be set to "No limit". */
  unlimited: boolean;
  /** A value below today's usage is refused (not for rates and sizes, which have no usage). */
  hasUsage: boolean;
  /**
   * Work over the limit may wait for room instead of being refused (SPEC §2: "refused or queued
   * with a message that names the limit"): a submitted job waits for a running slot.
   */
  queueable: boolean;
};

/** What happens to a job over a queueable limit: refused (409), or accepted and held back. */
export const LIMIT_ACTIONS = ['refuse', 'queue'] as const;
export type LimitAction = (typeof LIMIT_ACTIONS)[number];

const KIB = 1024;
const GIB = 1024 ** 3;

export const RESOURCE_LIMITS: Record<ResourceLimitKey, ResourceLimitDefinition> = {
  uploadMaxBytes: {
    key: 'uploadMaxBytes',
    name: 'Upload size',
    unit: 'bytes',
    min: KIB,
    max: 100 * GIB,
    unlimited: false,
    hasUsage: false,
    queueable: false,
  },
  runningJobsPerIssuer: {
    key: 'runningJobsPerIssuer',
    name: 'Running jobs per issuer',
    unit: 'jobs',
    min: 1,
    max: 10_000,
    unlimited: true,
    hasUsage: true,
    queueable: true,
  },
  queuedJobsPerUser: {
    key: 'queuedJobsPerUser',
    name: 'Queued jobs per user',
    unit: 'jobs',
    min: 1,
    max: 10_000,
    unlimited: true,
    hasUsage: true,
    queueable: false,
  },
  apiRequestsPerUserPerMinute: {
    key: 'apiRequestsPerUserPerMinute',
    name: 'API requests per user per minute',
    unit: 'requests per minute',
    min: 10,
    max: 1_000_000,
    unlimited: true,
    hasUsage: false,
    queueable: false,
  },
  storageBytesPerIssuer: {
    key: 'storageBytesPerIssuer',
    name: 'Storage per issuer',
    unit: 'bytes',
    min: KIB,
    max: 1024 ** 5,
    unlimited: true,
    hasUsage: true,
    queueable: false,
  },
  engineMemoryMb: {
    key: 'engineMemoryMb',
    name: 'Engine memory',
    unit: 'MB',
    min: 64,
    max: 1_000_000,
    unlimited: false,
    hasUsage: false,
    queueable: false,
  },
  engineThreads: {
    key: 'engineThreads',
    name: 'Engine threads',
    unit: 'threads',
    min: 1,
    max: 64,
    unlimited: false,
    hasUsage: false,
    queueable: false,
  },
};

/** A byte count as people read it: 1.5 GiB, 64 MiB, 12 KiB, 900 bytes. */
export function formatLimitBytes(bytes: number): string {
  const units = [
    ['PiB', 1024 ** 5],
    ['TiB', 1024 ** 4],
    ['GiB', 1024 ** 3],
    ['MiB', 1024 ** 2],
    ['KiB', 1024],
  ] as const;
  for (const [unit, size] of units) {
    if (bytes >= size) {
      const n = bytes / size;
      return `${Number.isInteger(n) ? n : n.toFixed(1)} ${unit}`;
    }
  }
  return `${bytes} bytes`;
}

/** A limit's value with its unit, or "No limit". */
export function formatLimitValue(key: ResourceLimitKey, value: number | null): string {
  if (value === null) return 'No limit';
  const { unit } = RESOURCE_LIMITS[key];
  if (unit === 'bytes') return formatLimitBytes(value);
  return `${value.toLocaleString('en-GB')} ${unit}`;
}

/**
 * Why a value cannot be the limit, or null when it can: a whole number within the limit's range,
 * or null ("No limit") where the limit allows it.
 */
export function limitValueProblem(key: ResourceLimitKey, value: unknown): string | null {
  const limit = RESOURCE_LIMITS[key];
  if (value === null) return limit.unlimited ? null : `${limit.name} must have a value.`;
  if (typeof value !== 'number' || !Number.isInteger(value) || value <= 0)
    return `${limit.name} must be a positive whole number.`;
  if (value < limit.min || value > limit.max)
    return `${limit.name} must be from ${formatLimitValue(key, limit.min)} to ${formatLimitValue(key, limit.max)}.`;
  return null;
}
