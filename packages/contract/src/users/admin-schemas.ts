import { z } from 'zod';
import { IssuerUserAssignmentSchema } from '../issuers/schemas.js';
import { UsernameSchema } from '../common/ids.js';
import {
  IssuerMembershipRoleSchema,
  PermissionSchema,
  StandardRoleSchema,
} from '../permissions.js';
import { UserSchema } from './schemas.js';

/** One row of the user status lists (active, unapproved, pending, deactivated). */
export const UserListItemSchema = z.object({
  id: z.uuid(),
  username: z.string(),
  displayName: z.string(),
  givenName: z.string().nullable(),
  surname: z.string().nullable(),
  standardRoles: z.array(z.string()),
  approved: z.boolean(),
  isDeactivated: z.boolean(),
  pending: z.boolean(),
  lastActivityAt: z.string().nullable(),
  createdAt: z.string(),
});
export type UserListItem = z.infer<typeof UserListItemSchema>;

/** A user to pick (job owner, issuer member). */
export const UserOptionSchema = z.object({
  id: z.uuid(),
  username: z.string(),
  displayName: z.string(),
});

/** The administrator's view of one user: the User entity plus what the edit screen changes. */
export const UserDetailSchema = UserSchema.extend({
  email: z.string(),
  explicitPermissions: z.array(z.string()),
  issuers: z.array(IssuerUserAssignmentSchema),
  version: z.number().int(),
});
export type UserDetail = z.infer<typeof UserDetailSchema>;

/** Profile and approval changes by an administrator; version is the one read (else 409). */
export const UserUpdateSchema = z.strictObject({
  id: z.uuid(),
  version: z.number().int().min(1),
  displayName: z.string().trim().min(1).max(200),
  givenName: z.string().trim().max(100).nullable(),
  surname: z.string().trim().max(100).nullable(),
  approved: z.boolean(),
  canSwitchRoles: z.boolean(),
  explicitPermissions: z.array(PermissionSchema).max(200),
});

/** Invite: a new address creates a pending user; an id re-sends a pending user's invitation. */
export const UserInviteSchema = z
  .strictObject({
    id: z.uuid().optional(),
    email: UsernameSchema.pipe(z.email()).optional(),
    givenName: z.string().trim().max(100).optional(),
    surname: z.string().trim().max(100).optional(),
    standardRoles: z.array(StandardRoleSchema).max(20).optional(),
    issuerId: z.uuid().optional(),
    userRole: IssuerMembershipRoleSchema.optional(),
  })
  .refine((v) => !!v.id !== !!v.email, {
    message: 'send either the id of a pending user or the e-mail address of a new one',
    path: ['email'],
  });

export const UserIdFormSchema = z.strictObject({ id: z.uuid() });

export const UserSearchQuerySchema = z.strictObject({
  search: z.string().trim().max(100).optional(),
  issuerId: z.uuid().optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

/** An issuer the user could still join. */
export const PotentialUserIssuerSchema = z.object({
  issuerId: z.uuid(),
  issuerName: z.string(),
  issuerBrandingName: z.string().nullable(),
  emailDomains: z.array(z.string()),
  isDomainMatch: z.boolean(),
});
