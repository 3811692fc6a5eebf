import { z } from 'zod';
import { RoleSchema, StandardRoleSchema, TabbedViewRoleSchema } from '../permissions.js';
import { ThemeKeySchema } from '../brandings/schemas.js';

/** One entry of a role list: displayName, role, description. */
export const RoleEntrySchema = z.object({
  displayName: z.string(),
  role: RoleSchema,
  description: z.string(),
});
export type RoleEntry = z.infer<typeof RoleEntrySchema>;

/** Roles come as two lists: standard ('System Roles') and tabbedView ('Analysis Roles'). */
export const RoleListsSchema = z.object({
  standard: z.array(RoleEntrySchema),
  tabbedView: z.array(RoleEntrySchema),
});
export type RoleLists = z.infer<typeof RoleListsSchema>;

export const UserBrandingSchema = z.object({
  theme: ThemeKeySchema,
  fullDomainName: z.string().nullable(),
});

/** User entity, SPEC.md section 3. */
export const UserSchema = z.object({
  id: z.uuid(),
  /** The OpenID provider's subject (`sub`) single sign-on linked the user to, with the
   *  provider's issuer identifier; null until the first sign-in there. */
  idpId: z.string().nullable(),
  idpIssuer: z.string().nullable(),
  idProviderName: z.string().nullable(),
  displayName: z.string(),
  username: z.string(),
  givenName: z.string().nullable(),
  surname: z.string().nullable(),
  roles: RoleListsSchema,
  approved: z.boolean(),
  isDeactivated: z.boolean(),
  eligible: z.boolean(),
  pending: z.boolean(),
  lastActivityAt: z.string().nullable(),
  effectiveBranding: z.string().nullable(),
  effectiveBrandingDisplayName: z.string().nullable(),
  inheritedBranding: z.string().nullable(),
  agreedLatestPrivacyPolicy: z.boolean(),
  agreedLatestTermsOfService: z.boolean(),
  hasMoreJobArtifactsToAssign: z.boolean(),
  canSwitchRoles: z.boolean(),
  authenticated: z.boolean(),
  branding: UserBrandingSchema,
});

/** The effective branding (the user's own choice, else the issuer's, else the default). */
export const ProfileBrandingSchema = z.object({
  brandingId: z.uuid().nullable(),
  /** The branding the user chose themselves; null when they inherit their issuer's. */
  ownBrandingId: z.uuid().nullable(),
  /** Their issuer's branding, which applies whenever they choose none. */
  inheritedBrandingId: z.uuid().nullable(),
  inheritedBrandingDisplayName: z.string().nullable(),
  brandingKey: z.string(),
  theme: ThemeKeySchema,
  brandingDisplayName: z.string(),
  fullDomainName: z.string().nullable(),
  /** The issuer whose name precedes 'B2B Analytics' in the page title, if any. */
  issuerName: z.string().nullable(),
});

/** Current-user profile, SPEC.md section 3. */
export const CurrentUserProfileSchema = z.object({
  id: z.uuid(),
  displayName: z.string(),
  username: z.string(),
  email: z.string(),
  givenName: z.string().nullable(),
  surname: z.string().nullable(),
  approved: z.boolean(),
  eligible: z.boolean(),
  branding: ProfileBrandingSchema,
  permissions: z.array(z.string()),
  roles: RoleListsSchema,
  canSwitchRoles: z.boolean(),
  /** Every standard role the user holds, whichever the role switcher left active. */
  availableStandardRoles: z.array(StandardRoleSchema),
});
export type CurrentUserProfile = z.infer<typeof CurrentUserProfileSchema>;

export const UserEligibleStatusSchema = z.object({
  eligible: z.boolean(),
  approved: z.boolean(),
  isDeactivated: z.boolean(),
  pending: z.boolean(),
  reason: z.string().nullable(),
});

/** Terms status: whether the user agreed, plus the latest version ids. */
export const TermsStatusSchema = z.object({
  agreedLatestTermsOfService: z.boolean(),
  agreedLatestPrivacyPolicy: z.boolean(),
  latestTermsOfServiceVersionId: z.string(),
  latestPrivacyPolicyVersionId: z.string(),
});

export const UserStatusSchema = z.enum(['active', 'unapproved', 'pending', 'deactivated']);
export const SetUserRolesBodySchema = z.strictObject({
  standard: z.array(StandardRoleSchema).max(20),
  tabbedView: z.array(TabbedViewRoleSchema).max(40),
});
