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
