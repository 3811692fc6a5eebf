import {
  type IssuerMembershipRole,
  type PagedListRequest,
  type StandardRole,
  type TabbedViewRole,
  type UserDetail,
  type UserListItem,
} from '@b2b/contract';
import type { Database } from '../../db/client.js';
import { pagedResponse } from '../../db/paged-query.js';
import type { Actor } from '../../lib/actor.js';
import { AppError } from '../../lib/app-error.js';
import type { ConcurrencyService } from '../concurrency/concurrency.service.js';
import type { IssuerAdminService } from '../issuers/issuer-admin.service.js';
import { issuerScope } from '../issuers/issuers.policy.js';
import type { MailService } from '../mail/mail.service.js';
import type { SystemLogsService } from '../system-logs/system-logs.service.js';
import { roleLists } from './roles.js';
import { createUserListRead, type UserListRow, type UserStatus } from './user-list.read.js';
import { createUsersRepo, type UserRow } from './users.repo.js';
import { authorize, isEligible, seesMembersOf } from './users.policy.js';
import { LATEST_TERMS, type UsersService } from './users.service.js';
import { uiText } from '../../lib/ui-text.js';

type Dependencies = {
  users: UsersService;
  issuerAdmin: IssuerAdminService;
  mail: MailService;
  systemLogs: SystemLogsService;
  concurrency: ConcurrencyService;
  /** Ends every session of a user (the auth module). */
  endUserSessions: (userId: string) => Promise<void>;
  /** A single-use sign-in link for an invited user (the auth module's magic links). */
  createSignUpLink: (userId: string, baseUrl: string) => Promise<string>;
};

export const USER_ENTITY = 'user';

/** What the audit trail keeps of a user: never the password hash. */
function auditView(row: UserRow | undefined) {
  if (!row) return null;
  const { passwordHash: _hash, ...rest } = row;
  return rest;
}

/** Field by field: spreading the driver's rows cost a list page more than building them. */
function listItem(row: UserListRow): UserListItem {
  return {
    id: row.id,
    username: row.username,
    displayName: row.displayName,
    givenName: row.givenName,
    surname: row.surname,
    standardRoles: row.standardRoles,
    approved: row.approved,
    isDeactivated: row.isDeactivated,
    pending: row.pending,
    lastActivityAt: row.lastActivityAt,
    createdAt: row.createdAt,
  };
}

const domainOf = (username: string) => username.split('@')[1] ?? '';

/** User administration: the status lists, the user detail, approval, roles, invitations. */
export function createUserAdminService(db: Database, deps: Dependencies) {
  const repo = createUsersRepo(db);
  const lists = createUserListRead(db);

  async function record(actor: Actor, action: string, before?: UserRow, after?: UserRow) {
    const row = after ?? before!;
    await deps.systemLogs.record(actor, {
      action,
      entityType: USER_ENTITY,
      entityId: row.id,
      entityName: row.username,
      before: auditView(before),
      after: auditView(after),
    });
  }

  async function setFlags(actor: Actor, id: string, changes: Partial<UserRow>, action: string) {
    const before = await deps.users.requireUser(id);
    await deps.concurrency.assertWritable(
      actor,
      { entityType: USER_ENTITY, entityId: id },
      `User ${before.username}`,
    );
    const after = await repo.update(id, changes);
    await record(actor, action, before, after);
    return after!;
  }

  return {
    async listByStatus(status: UserStatus, request: PagedListRequest) {
      const { rows, totalCount } = await lists.listByStatus(status, request);
      return pagedResponse(rows.map(listItem), totalCount, request);
    },

    async listDirectlyAssigned(actor: Actor, request: PagedListRequest, issuerId?: string) {
      if (issuerId && !seesMembersOf(actor, issuerId)) throw AppError.notFound('Issuer not found.');
      const { rows, totalCount } = await lists.listDirectlyAssigned(request, issuerId);
      return pagedResponse(rows.map(listItem), totalCount, request);
    },

    async getDetail(id: string): Promise<UserDetail> {
      const user = await deps.users.requireUser(id);
      const profile = await deps.users.getProfile(id, null);
      const memberships = await deps.issuerAdmin.membershipsOf(id);
      const inherited = memberships.find((m) => m.brandingDisplayName);
      return {
        id: user.id,
        idpId: user.idpId,
        idpIssuer: user.idpIssuer,
        idProviderName: user.idProviderName,
        displayName: user.displayName,
        username: user.username,
        email: user.email,
        givenName: user.givenName,
        surname: user.surname,
        roles: roleLists(user.standardRoles, user.tabbedViewRoles),
        approved: user.approved,
        isDeactivated: user.isDeactivated,
        eligible: isEligible(user),
        pending: user.pending,
        lastActivityAt: user.lastActivityAt?.toISOString() ?? null,
        effectiveBranding: profile.branding.brandingKey,
        effectiveBrandingDisplayName: profile.branding.brandingDisplayName,
        inheritedBranding: inherited?.brandingDisplayName ?? null,
        agreedLatestPrivacyPolicy: user.agreedPrivacyVersion === LATEST_TERMS.privacyPolicy,
        agreedLatestTermsOfService: user.agreedTermsVersion === LATEST_TERMS.termsOfService,
        hasMoreJobArtifactsToAssign: false,
        canSwitchRoles: user.canSwitchRoles,
        authenticated: user.lastActivityAt !== null,
        branding: {
          theme: profile.branding.theme,
          fullDomainName: profile.branding.fullDomainName,
        },
        explicitPermissions: user.explicitPermissions,
        issuers: memberships.map((m) => ({
          issuerId: m.issuerId,
          issuerName: m.issuerName,
          issuerBrandingName: m.brandingDisplayName,
          userRole: m.userRole as IssuerMembershipRole,
          isDomainUser: m.isDomainUser,
          emailDomains: m.emailDomains,
        })),
        version: user.version,
      };
    },

    usernamesByIds: (ids: string[]) => repo.usernamesByIds(ids),

    search: (query: { search?: string; limit: number }) => lists.search(query),

    /** Eligible members of the issuer (or of the caller's issuers) who may own a job. */
    potentialJobOwners(actor: Actor, query: { search?: string; issuerId?: string; limit: number }) {
      if (query.issuerId && !seesMembersOf(actor, query.issuerId)) return Promise.resolve([]);
      const scope = issuerScope(actor);
      return lists.search({
        ...query,
        eligibleOnly: true,
        memberOf: query.issuerId,
        memberOfAny: query.issuerId ? undefined : scope,
      });
    },

    /** Eligible users who are not members of the issuer yet. */
    potentialIssuerUsers(query: { search?: string; issuerId: string; limit: number }) {
      return lists.search({ ...query, eligibleOnly: true, notMemberOf: query.issuerId });
    },

    async potentialUserIssuers(id: string) {
      const user = await deps.users.requireUser(id);
      return deps.issuerAdmin.potentialIssuersFor(id, domainOf(user.username));
    },

    /** Profile, approval and explicit permissions; versioned and lock-guarded. */
    async update(
      actor: Actor,
      input: {
        id: string;
        version: number;
        displayName: string;
        givenName: string | null;
        surname: string | null;
        approved: boolean;
        canSwitchRoles: boolean;
        explicitPermissions: string[];
      },
    ) {
      const before = await deps.users.requireUser(input.id);
      await deps.concurrency.assertWritable(
        actor,
        { entityType: USER_ENTITY, entityId: input.id },
        `User ${before.username}`,
      );
      const { id, version, ...changes } = input;
      const after = await repo.updateIfVersion(id, version, {
        ...changes,
        explicitPermissions: [...new Set(changes.explicitPermissions)],
      });
      if (!after) {
        const now = await deps.users.requireUser(id);
        throw AppError.conflict(
          `User ${now.username} was changed by someone else since you opened it (you have version ${version}, it is now ${now.version}). Reload to see their changes.`,
        );
      }
      await record(
        actor,
        before.approved !== after.approved ? 'UserApprovalChanged' : 'UserUpdated',
        before,
        after,
      );
      return {
        success: true,
        message: uiText(`User ${after.username} saved.`),
        statusCode: 200,
        version: after.version,
      };
    },

    /** Replaces the roles; the user's next request is checked against them (no re-login). */
    async setRoles(
      actor: Actor,
      userId: string,
      roles: { standard: StandardRole[]; tabbedView: TabbedViewRole[] },
    ): Promise<boolean> {
      await setFlags(
        actor,
        userId,
        {
          standardRoles: [...new Set(roles.standard)],
          tabbedViewRoles: [...new Set(roles.tabbedView)],
        },
        'UserRolesChanged',
      );
      return true;
    },

    async deactivate(actor: Actor, id: string) {
      authorize(actor, 'deactivate', { id });
      const user = await setFlags(actor, id, { isDeactivated: true }, 'UserDeactivated');
      await deps.endUserSessions(id);
      return {
        success: true,
        message: uiText(`User ${user.username} deactivated; their sessions ended.`),
        statusCode: 200,
      };
    },

    async reactivate(actor: Actor, id: string) {
      const user = await setFlags(actor, id, { isDeactivated: false }, 'UserReactivated');
      return {
        success: true,
        message: uiText(`User ${user.username} reactivated.`),
        statusCode: 200,
      };
    },

    /**
     * Creates a pending user (or takes an existing pending one by id) and mails them a sign-up
     * link. Users whose e-mail domain an issuer lists become its domain users.
     */
    async invite(
      actor: Actor,
      input: {
        id?: string;
        email?: string;
        givenName?: string;
        surname?: string;
        standardRoles?: StandardRole[];
        issuerId?: string;
        userRole?: IssuerMembershipRole;
      },
      baseUrl: string,
    ) {
      let user: UserRow;
      if (input.id) {
        user = await deps.users.requireUser(input.id);
        if (!user.pending) throw AppError.conflict(`User ${user.username} has already signed up.`);
      } else {
        const email = input.email!;
        if (await repo.findByUsername(email))
          throw AppError.conflict(`A user with the e-mail address ${email} already exists.`);
        if (input.issuerId && !(await deps.issuerAdmin.exists(input.issuerId)))
          throw AppError.badRequest(`No issuer with id ${input.issuerId}`, 'body.issuerId');
        const displayName = [input.givenName, input.surname].filter(Boolean).join(' ') || email;
        user = await repo.insert({
          username: email,
          email,
          displayName,
          givenName: input.givenName ?? null,
          surname: input.surname ?? null,
          standardRoles: input.standardRoles ?? [],
          pending: true,
          approved: true,
        });
        await deps.issuerAdmin.joinDomainIssuers(user.id, domainOf(email));
        if (input.issuerId)
          await deps.issuerAdmin.addMember(input.issuerId, user.id, input.userRole ?? 'Member');
        await record(actor, 'UserInvited', undefined, user);
      }
      const link = await deps.createSignUpLink(user.id, baseUrl);
      await deps.mail.send({
        to: user.email,
        subject: 'You are invited to B2B Analytics',
        text: `Hello ${user.displayName},\n\n${actor.username} invited you to B2B Analytics. Open this link to sign up:\n${link}\n\nThe link works once and expires in 7 days.`,
      });
      return {
        success: true,
        message: uiText(`Invitation sent to ${user.email}.`),
        statusCode: 200,
        id: user.id,
      };
    },
  };
}
