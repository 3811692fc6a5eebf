import { z } from 'zod';
import { StandardRoleSchema } from '../permissions.js';

export const LoginRequestSchema = z.strictObject({
  username: z.string().trim().min(1).max(254),
  password: z.string().min(1).max(1024),
});
export const MagicLinkRequestSchema = z.strictObject({
  email: z.email().max(254),
  callbackUrl: z.string().max(2000).startsWith('/').optional(),
});
export const MagicLinkTokenQuerySchema = z.strictObject({
  token: z.string().min(20).max(200),
  callbackUrl: z.string().max(2000).startsWith('/').optional(),
});
export const OkSchema = z.object({ success: z.literal(true), message: z.string() });
/** The session settings the client can toggle (SPEC.md section 4). */
export const SessionSettingsSchema = z.strictObject({ idleAutoLogout: z.boolean() });
export const SessionInfoSchema = z.object({
  expiresAt: z.string(),
  idleTimeoutSeconds: z.number().int(),
  idleAutoLogout: z.boolean(),
  idleAutoLogoutAvailable: z.boolean(),
});

/** `roles: null` restores all of the user's roles. */
export const ActiveRolesRequestSchema = z.strictObject({
  roles: z.array(StandardRoleSchema).min(1).max(20).nullable(),
});
