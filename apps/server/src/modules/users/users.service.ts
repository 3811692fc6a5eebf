import {
  ENVIRONMENT_FLAG_PERMISSIONS,
  MESSAGES,
  permissionsInSystemMode,
  permissionsOf,
  STANDARD_ROLES,
  type AnyPermission,
  type CurrentUserProfile,
  type RoleLists,
  type SystemMode,
  type ThemeKey,
} from '@b2b/contract';
import type { Database } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { AppError } from '../../lib/app-error.js';
import type { BrandingsService } from '../brandings/brandings.service.js';
import type { IssuersService } from '../issuers/issuers.service.js';
import { ALL_ROLE_LISTS, roleLists } from './roles.js';
import { createUsersRepo, type UserRow } from './users.repo.js';
import { authorize, isEligible } from './users.policy.js';

/** The versions of the legal texts users must agree to. */
export const LATEST_TERMS = { termsOfService: 'tos-2025-10', privacyPolicy: 'pp-2025-10' } as const;

type Dependencies = {
  brandings: BrandingsService;
  issuers: IssuersService;
  environmentFlags: { appConfigView: boolean; memoryHog: boolean };
  /** The system mode now: SPEC §6 grants some permissions by mode (permissionsInSystemMode). */
  systemMode: () => Promise<SystemMode>;
};

export function createUsersService(db: Database, deps: Dependencies) {
  const repo = createUsersRepo(db);

  /** Roles in effect: the role switcher may narrow the standard roles for one session. */
  function effectiveRoles(user: UserRow, activeRoles: readonly string[] | null): RoleLists {
    const standard =
      user.canSwitchRoles && activeRoles
        ? user.standardRoles.filter((r) => activeRoles.includes(r))
        : user.standardRoles;
    return roleLists(standard, user.tabbedViewRoles);
  }

  /**
   * Union of the roles' permissions and the explicit ones, plus environment-flag grants, as the
   * system mode has them (SPEC §6 "Read-only gets …", "… and live get …").
   */
  async function permissionsFor(
    user: UserRow,
    activeRoles: readonly string[] | null,
  ): Promise<AnyPermission[]> {
    const roles = effectiveRoles(user, activeRoles);
    const granted = permissionsOf(
      [...roles.standard.map((r) => r.role), ...roles.tabbedView.map((r) => r.role)],
      user.explicitPermissions,
    );
    const isDeveloper = user.standardRoles.includes('developer');
    const extra: AnyPermission[] = [];
    if (isDeveloper && deps.environmentFlags.appConfigView)
      extra.push(ENVIRONMENT_FLAG_PERMISSIONS.appConfigView);
    if (isDeveloper && deps.environmentFlags.memoryHog)
      extra.push(ENVIRONMENT_FLAG_PERMISSIONS.memoryHog);
    return permissionsInSystemMode(
      [...new Set([...granted, ...extra])].sort(),
      await deps.systemMode(),
    );
  }

  /** The user's own branding, else their first issuer's, else the default. */
  async function effectiveBranding(user: UserRow) {
    const memberships = await deps.issuers.listMemberships(user.id);
    const inheritedId = memberships.find((m) => m.brandingId)?.brandingId ?? null;
    const chosenId = user.brandingId ?? inheritedId;
    const row =
      (chosenId ? await deps.brandings.get(chosenId) : undefined) ??
      (await deps.brandings.getDefault());
    const inherited =
      inheritedId === chosenId
        ? row
        : inheritedId
          ? await deps.brandings.get(inheritedId)
          : undefined;
    return {
      brandingId: row?.id ?? null,
      ownBrandingId: user.brandingId,
      inheritedBrandingId: inherited?.id ?? null,
      inheritedBrandingDisplayName: inherited?.displayName ?? null,
      brandingKey: row?.brandingKey ?? 'Default',
      theme: (row?.theme ?? 'default') as ThemeKey,
      brandingDisplayName: row?.displayName ?? 'B2B Analytics',
      fullDomainName: row?.fullDomainName ?? null,
      issuerName: row ? await deps.brandings.issuerNameForBranding(row.id) : null,
    };
  }

  async function requireUser(id: string): Promise<UserRow> {
    const user = await repo.findById(id);
    if (!user) throw AppError.notFound('User not found.');
    return user;
  }

  function termsStatus(user: UserRow) {
    return {
      agreedLatestTermsOfService: user.agreedTermsVersion === LATEST_TERMS.termsOfService,
      agreedLatestPrivacyPolicy: user.agreedPrivacyVersion === LATEST_TERMS.privacyPolicy,
      latestTermsOfServiceVersionId: LATEST_TERMS.termsOfService,
      latestPrivacyPolicyVersionId: LATEST_TERMS.privacyPolicy,
    };
  }

  return {
    permissionsFor,
    effectiveRoles,
    requireUser,
    findById: (id: string) => repo.findById(id),
    findByUsername: (username: string) => repo.findByUsername(username),
    /** The user an OpenID provider's subject was linked to (SPEC §4 sessions, single sign-on). */
    findByIdpSubject: (issuer: string, subject: string) => repo.findByIdpSubject(issuer, subject),
    /** Links a user to an OpenID provider's subject: later sign-ins find them by it. */
    linkIdpSubject: (
      id: string,
      identity: { idpIssuer: string; idpId: string; idProviderName: string },
    ) => repo.update(id, identity),
    /** Records a sign-in or a request; the first one completes an invitation. */
    touchActivity: (id: string, at: Date) => repo.touchActivity(id, at),
    /**
     * A user who signed in at their issuer's OpenID provider with an e-mail no account has:
     * unapproved (SPEC §4 listing status "unapproved") and without roles, so an administrator
     * decides what they may do; the provider gives identity only.
     */
    createApplicant: (identity: {
      email: string;
      displayName: string;
      givenName: string | null;
      surname: string | null;
      idpId: string;
      idpIssuer: string;
      idProviderName: string;
    }) =>
      repo.insert({
        ...identity,
        username: identity.email.toLowerCase(),
        email: identity.email,
        standardRoles: [],
        approved: false,
        pending: false,
      }),
    /** Every role with its description (SPEC §3), for the role pickers. */
    allRoleLists: (): RoleLists => ALL_ROLE_LISTS,

    /** The current-user profile of SPEC.md section 3. */
    async getProfile(
      userId: string,
      activeRoles: readonly string[] | null,
    ): Promise<CurrentUserProfile> {
      const user = await requireUser(userId);
      const eligible = isEligible(user);
      return {
        id: user.id,
        displayName: user.displayName,
        username: user.username,
        email: user.email,
        givenName: user.givenName,
        surname: user.surname,
        approved: user.approved,
        eligible,
        branding: await effectiveBranding(user),
        permissions: eligible ? await permissionsFor(user, activeRoles) : [],
        roles: effectiveRoles(user, activeRoles),
        canSwitchRoles: user.canSwitchRoles,
        availableStandardRoles: STANDARD_ROLES.filter((role) => user.standardRoles.includes(role)),
      };
    },

    async getEligibleStatus(actor: Actor) {
      const user = await requireUser(actor.userId);
      const eligible = isEligible(user);
      let reason: string | null = null;
      if (user.isDeactivated) reason = MESSAGES.accountDeactivated;
      else if (user.pending) reason = 'Your invitation has not been completed yet.';
      else if (!user.approved) reason = 'Your account is waiting for approval by an administrator.';
      return {
        eligible,
        approved: user.approved,
        isDeactivated: user.isDeactivated,
        pending: user.pending,
        reason,
      };
    },

    async getTermsStatus(actor: Actor) {
      return termsStatus(await requireUser(actor.userId));
    },

    async agreeTerms(actor: Actor, which: 'termsOfService' | 'privacyPolicy') {
      const changes =
        which === 'termsOfService'
          ? { agreedTermsVersion: LATEST_TERMS.termsOfService }
          : { agreedPrivacyVersion: LATEST_TERMS.privacyPolicy };
      const user = await repo.update(actor.userId, changes);
      if (!user) throw AppError.notFound('User not found.');
      return termsStatus(user);
    },

    /** Users set their own branding; setting someone else's needs UsersUpdateAll. */
    async setBranding(actor: Actor, input: { id: string; brandingId?: string | null }) {
      authorize(actor, 'changeSettings', input);
      await requireUser(input.id);
      const brandingId = input.brandingId ?? null;
      if (brandingId && !(await deps.brandings.get(brandingId))) {
        throw AppError.badRequest(`No branding with id ${brandingId}`, 'body.brandingId');
      }
      await repo.update(input.id, { brandingId });
      return {
        success: true,
        message: brandingId ? 'Branding set.' : 'Branding reset to the inherited one.',
        statusCode: 200,
      };
    },
  };
}
export type UsersService = ReturnType<typeof createUsersService>;
