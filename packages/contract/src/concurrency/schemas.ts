import { z } from 'zod';

export const EntityRefSchema = z.strictObject({
  entityId: z.string().min(1).max(100),
  userId: z.uuid().optional(),
  entityType: z.string().min(1).max(50),
});

/** Entity lock status, SPEC.md section 3. */
export const EntityLockStatusSchema = z.object({
  exclusiveWriteAccess: z.boolean(),
  activeUntilUtc: z.string().nullable(),
  holderFirstName: z.string().nullable(),
  holderLastName: z.string().nullable(),
  emailAddress: z.string().nullable(),
  holderUserId: z.uuid().nullable(),
  requesterFirstName: z.string().nullable(),
  requesterLastName: z.string().nullable(),
  requesterEmailAddress: z.string().nullable(),
  requesterUserId: z.uuid().nullable(),
});

/** Active entity user. */
export const ActiveEntityUserSchema = z.object({
  userName: z.string(),
  scope: z.string(),
  entityName: z.string(),
  exclusiveWriteAccess: z.boolean(),
});
export type ActiveEntityUser = z.infer<typeof ActiveEntityUserSchema>;

/**
 * One person on one entity's page, as the navbar's active-users quick view lists them: who
 * (name and e-mail), where (entity type, id and name) and since when.
 */
export const ActiveUserEntrySchema = z.object({
  userId: z.uuid(),
  userName: z.string(),
  displayName: z.string(),
  email: z.string(),
  entityType: z.string(),
  entityId: z.string(),
  entityName: z.string(),
  /** When this visit began (a gap longer than the active window starts a new one). */
  since: z.string(),
  lastSeenAt: z.string(),
  exclusiveWriteAccess: z.boolean(),
});
export type ActiveUserEntry = z.infer<typeof ActiveUserEntrySchema>;
export type EntityLockStatus = z.infer<typeof EntityLockStatusSchema>;
export type EntityRef = z.infer<typeof EntityRefSchema>;
