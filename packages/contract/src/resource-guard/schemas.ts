import { z } from 'zod';
import { LIMIT_ACTIONS, RESOURCE_LIMIT_KEYS } from './limits.js';

export * from './limits.js';

export const ResourceLimitKeySchema = z.enum(RESOURCE_LIMIT_KEYS);
export const LimitActionSchema = z.enum(LIMIT_ACTIONS, {
  error: 'whenExceeded must be refuse or queue',
});

/** One limit as the screen shows it: effective value, default and where the value comes from. */
export const ResourceLimitSchema = z.object({
  key: ResourceLimitKeySchema,
  name: z.string(),
  /** Effective value; null = no limit. */
  value: z.number().nullable(),
  /** From the server's configuration (environment); null = no limit. */
  defaultValue: z.number().nullable(),
  /** Who set the value and when; both null while the default applies. */
  setBy: z.string().nullable(),
  setAt: z.string().nullable(),
  /** A queueable limit: refuse work over it, or queue it until there is room; else null. */
  whenExceeded: LimitActionSchema.nullable(),
});
export type ResourceLimit = z.infer<typeof ResourceLimitSchema>;

export const ResourceLimitListSchema = z.object({ limits: z.array(ResourceLimitSchema) });
export type ResourceLimitList = z.infer<typeof ResourceLimitListSchema>;

export const ResourceLimitParamsSchema = z.object({ key: ResourceLimitKeySchema });

/** A new value (null = no limit); its range is checked per limit (limits.ts). */
export const UpdateResourceLimitSchema = z.strictObject({
  value: z.number({ error: 'value must be a number or null (no limit)' }).nullable(),
  /** Only for a queueable limit; unchanged when left out. */
  whenExceeded: LimitActionSchema.optional(),
});
export type UpdateResourceLimit = z.infer<typeof UpdateResourceLimitSchema>;

const IssuerUsageSchema = z.object({
  issuerId: z.string(),
  issuerName: z.string(),
  value: z.number(),
});

/** What the limits bound today, beside them on the screen. */
export const ResourceUsageSchema = z.object({
  /** Bytes of the issuers' stored job files, largest first (top 10). */
  storageByIssuer: z.array(IssuerUsageSchema),
  /** Jobs in the pipeline per issuer, most first (top 10). */
  runningByIssuer: z.array(IssuerUsageSchema),
  /** The most jobs one user has waiting in the queue. */
  maxQueuedPerUser: z.number(),
  /** ProQ commands waiting (Pending and the other queued states). */
  queueDepth: z.number(),
  process: z.object({
    rssBytes: z.number(),
    heapUsedBytes: z.number(),
    heapTotalBytes: z.number(),
  }),
  /** The settings new engine connections open with. */
  engine: z.object({ memoryLimit: z.string(), threads: z.number() }),
  measuredAt: z.string(),
});
export type ResourceUsage = z.infer<typeof ResourceUsageSchema>;
