import { z } from 'zod';

/** One setting of the running server (AppConfig_VIEW): secrets never leave the server. */
export const AppConfigSettingSchema = z.object({
  name: z.string(),
  /** The value in effect: from the environment, else the default; null when neither. */
  value: z.string().nullable(),
  source: z.enum(['environment', 'default', 'unset']),
  /** The value is a secret (or holds one, like a URL's password) and is shown masked. */
  masked: z.boolean(),
});

export const AppConfigSchema = z.object({
  environment: z.string(),
  nodeEnv: z.string(),
  startedAt: z.string(),
  settings: z.array(AppConfigSettingSchema),
});
export type AppConfig = z.infer<typeof AppConfigSchema>;

/** This process's in-process ProQ workers (BackgroundService_TOGGLE). */
export const BackgroundServiceSchema = z.object({
  /** Worker slots this process runs (WORKERS); 0 when its commands run elsewhere. */
  slots: z.number().int().nonnegative(),
  running: z.boolean(),
  changedAt: z.string().nullable(),
  changedBy: z.string().nullable(),
});
export type BackgroundService = z.infer<typeof BackgroundServiceSchema>;

export const SetBackgroundServiceSchema = z.strictObject({ running: z.boolean() });

export const MEMORY_HOG_MAX_MB = 1024;
export const MEMORY_HOG_MAX_SECONDS = 120;

/** A guarded memory-pressure exercise (MemoryHog_TRIGGER), to see alerts fire. */
export const MemoryHogRequestSchema = z.strictObject({
  megabytes: z
    .number({ error: 'megabytes must be a number' })
    .int('megabytes must be a whole number')
    .min(1, 'megabytes must be at least 1')
    .max(MEMORY_HOG_MAX_MB, `megabytes must be at most ${MEMORY_HOG_MAX_MB}`),
  seconds: z
    .number({ error: 'seconds must be a number' })
    .int('seconds must be a whole number')
    .min(1, 'seconds must be at least 1')
    .max(MEMORY_HOG_MAX_SECONDS, `seconds must be at most ${MEMORY_HOG_MAX_SECONDS}`),
});
export type MemoryHogRequest = z.infer<typeof MemoryHogRequestSchema>;

export const MemoryHogStateSchema = z.object({
  running: z.boolean(),
  megabytes: z.number().int().nullable(),
  /** When the memory is let go. */
  endsAt: z.string().nullable(),
  startedBy: z.string().nullable(),
  /** The process's resident memory now, in MB. */
  rssMb: z.number(),
});
export type MemoryHogState = z.infer<typeof MemoryHogStateSchema>;
