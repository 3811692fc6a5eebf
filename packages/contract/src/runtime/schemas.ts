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

/**
 * The scripts each signed-in route needs on its first load, which the web build writes beside
 * index.html (apps/web/build/route-preloads.ts) and the server names in the index.html it sends
 * a signed-in browser for that route (apps/server/src/lib/route-preloads.ts).
 */
export const ROUTE_PRELOADS_FILE = 'route-preloads.json' as const;
export const RoutePreloadsSchema = z.object({
  routes: z.array(
    z.object({
      /** A route pattern of WEB_ROUTES: `:name` segments and a trailing `*`. */
      path: z.string().startsWith('/'),
      /** Only built scripts' names: they are written into the page's HTML. */
      files: z.array(z.string().regex(/^\/assets\/[\w.-]+\.js$/)),
    }),
  ),
});
export type RoutePreloads = z.infer<typeof RoutePreloadsSchema>;
