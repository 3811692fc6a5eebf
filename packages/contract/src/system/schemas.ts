import { z } from 'zod';

export const SYSTEM_MODES = ['Live', 'ReadOnly', 'Maintenance'] as const;
export const SystemModeSchema = z.enum(SYSTEM_MODES);
export type SystemMode = z.infer<typeof SystemModeSchema>;

export const SystemModeResponseSchema = z.object({ mode: SystemModeSchema });
export const SetSystemModeQuerySchema = z.strictObject({
  mode: z.enum(SYSTEM_MODES, {
    error: `mode must be one of ${SYSTEM_MODES.join(', ')}`,
  }),
});
export const AppTimestampSchema = z.object({ timestamp: z.string() });

/** Integration or verification result (SPEC.md section 3). */
export const IntegrationResultSchema = z.object({
  integration: z.string(),
  success: z.boolean(),
  message: z.string().nullable(),
});
export type IntegrationResult = z.infer<typeof IntegrationResultSchema>;

/** What the web app needs to know about the site configuration before and after sign-in. */
export const ClientConfigSchema = z.object({
  /** Deployment name; the web app shows /503 when its own build names another. */
  environment: z.string(),
  /** Shown in the environment bar when set (e.g. 'UAT'); null in production. */
  environmentLabel: z.string().nullable(),
  /** Optional system-notification bar text set by operators. */
  systemNotification: z.string().nullable(),
  idleAutoLogoutEnabled: z.boolean(),
  /** Seconds of inactivity before the idle warning; the sign-out follows a minute later. */
  idleWarningSeconds: z.number().int().positive(),
  appVersionCheckSeconds: z.number().int().positive(),
  crossOriginMode: z.boolean(),
  /** SPEC §4 release notice; `version` names the release note it links to. */
  releaseNotice: z.object({
    id: z.string(),
    from: z.string(),
    to: z.string(),
    version: z.string(),
  }),
  trustPolicyNote: z.string().nullable(),
});
export type ClientConfig = z.infer<typeof ClientConfigSchema>;
