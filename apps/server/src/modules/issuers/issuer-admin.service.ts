import type {
  IssuerUpdate,
  PagedListRequest,
  IssuerCreateSchema,
  IssuerMembershipRole,
} from '@b2b/contract';
import type { z } from 'zod';
import type { Database } from '../../db/client.js';
import { pagedResponse } from '../../db/paged-query.js';
import type { Actor } from '../../lib/actor.js';
import { AppError } from '../../lib/app-error.js';
import type { BrandingsService } from '../brandings/brandings.service.js';
import type { ConcurrencyService } from '../concurrency/concurrency.service.js';
import type { DatapointProfilesService } from '../datapoint-profiles/datapoint-profiles.service.js';
import type { SystemLogsService } from '../system-logs/system-logs.service.js';
import { checkCapabilities, checkIssuerCodes } from './issuer-validation.js';
import { createIssuerJobsRead } from './issuer-jobs.read.js';
import { createIssuerListRead } from './issuer-list.read.js';
import { createIssuerMembersRead } from './issuer-members.read.js';
import { issuerDetail } from './issuers.presenter.js';
import { createIssuersRepo, type IssuerRow, type NewIssuerRow } from './issuers.repo.js';
import { authorize, issuerScope } from './issuers.policy.js';
import { uiText } from '../../lib/ui-text.js';

type IssuerCreate = z.output<typeof IssuerCreateSchema>;
type Dependencies = {
  brandings: BrandingsService;
  concurrency: ConcurrencyService;
  systemLogs: SystemLogsService;
  datapointProfiles: DatapointProfilesService;
  /** A user by id, or undefined (the users service): members are checked to exist. */
  findUser: (id: string) => Promise<{ username: string } | undefined>;
};

export const ISSUER_ENTITY = 'issuer';
type ListField = 'capabilities' | 'virtualLockboxes' | 'inputDataOptions';

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return (e?.code ?? e?.cause?.code) === '23505';
}

/** The issuer administration calls of SPEC.md section 7. */
export function createIssuerAdminService(db: Database, deps: Dependencies) {
  const repo = createIssuersRepo(db);
  const listRead = createIssuerListRead(db);
  const membersRead = createIssuerMembersRead(db);
  const issuerJobs = createIssuerJobsRead(db);

  /** Others' issuers answer 404, as if they did not exist. */
  async function requireIssuer(actor: Actor, id: string): Promise<IssuerRow> {
    authorize(actor, 'view', { id });
    const row = await repo.findById(id);
    if (!row) throw AppError.notFound('Issuer not found.');
    return row;
  }

  async function checkKeyFree(issuerKey: string, exceptId?: string): Promise<void> {
    const existing = await repo.findByKey(issuerKey);
    if (existing && existing.id !== exceptId) {
      throw AppError.conflict(`An issuer with the key '${issuerKey}' already exists.`);
    }
  }

  async function checkBranding(brandingId: string | null): Promise<void> {
    if (brandingId && !(await deps.brandings.get(brandingId))) {
      throw AppError.badRequest(`No branding with id ${brandingId}`, 'body.brandingId');
    }
  }

  /** The three download profiles must name stored datapoint profiles (400 naming the field). */
  function checkDatapointProfiles(input: IssuerCreate): Promise<void> {
    return deps.datapointProfiles.assertExist({
      analysisDataDownloadDatapointProfileId: input.analysisDataDownloadDatapointProfileId,
      matchedDataOnlyDownloadDatapointProfileId: input.matchedDataOnlyDownloadDatapointProfileId,
      onboardingDataDownloadDatapointProfileId: input.onboardingDataDownloadDatapointProfileId,
    });
  }

  /** Writes with a version: a stale version (someone saved since it was read) is a 409. */
  async function versionedUpdate(
    actor: Actor,
    id: string,
    version: number | undefined,
    changes: Partial<NewIssuerRow>,
    action: string,
  ): Promise<IssuerRow> {
    const before = await requireIssuer(actor, id);
    await deps.concurrency.assertWritable(
      actor,
      { entityType: ISSUER_ENTITY, entityId: id },
      `Issuer '${before.name}'`,
    );
    let after: IssuerRow | undefined;
    try {
      after = await repo.updateIfVersion(id, version, changes);
    } catch (error) {
      if (isUniqueViolation(error))
        throw AppError.conflict(`An issuer with the key '${changes.issuerKey}' already exists.`);
      throw error;
    }
    if (!after) {
      const now = await repo.findById(id);
      if (!now) throw AppError.notFound('Issuer not found.');
      throw AppError.conflict(
        `Issuer '${now.name}' was changed by someone else since you opened it (you have version ${version}, it is now ${now.version}). Reload to see their changes.`,
      );
    }
    await deps.systemLogs.record(actor, {
      action,
      entityType: ISSUER_ENTITY,
      entityId: id,
      entityName: after.name,
      before,
      after,
    });
    return after;
  }

  const ok = (message: string, row: IssuerRow) => ({
    success: true,
    message,
    statusCode: 200,
    id: row.id,
    version: row.version,
  });

  return {
    /** Issuer names by id, for the entity lock list (concurrency module). */
    namesByIds: (ids: string[]) => repo.namesByIds(ids),
    /** The issuers each user belongs to, for the entity lock list's scope. */
    issuerIdsOfUsers: (userIds: string[]) => repo.issuerIdsOfUsers(userIds),
    /** Whether an issuer exists, whoever asks (invitations name one). */
    exists: async (id: string) => (await repo.findById(id)) !== undefined,
    /** The issuers a user belongs to, with their brandings (the user detail). */
    membershipsOf: (userId: string) => membersRead.listMemberships(userId),
    /** Issuers the user is not a member of, those listing their e-mail domain first. */
    potentialIssuersFor: (userId: string, domain: string) =>
      membersRead.potentialIssuersFor(userId, domain),
    /** A new user joins every issuer that lists their e-mail domain, as a domain Member. */
    joinDomainIssuers: (userId: string, domain: string) => repo.joinDomainIssuers(userId, domain),
    /** Adds (or re-roles) a member without an audit entry of its own: an invitation records it. */
    addMember: (issuerId: string, userId: string, userRole: IssuerMembershipRole) =>
      repo.upsertMembership(issuerId, userId, userRole),

    async get(actor: Actor, id: string) {
      return issuerDetail(await requireIssuer(actor, id));
    },

    async getFull(actor: Actor, id: string) {
      const row = await requireIssuer(actor, id);
      const counts = await repo.memberCounts(id);
      return {
        ...issuerDetail(row),
        issuerEmailDomains: row.emailDomains,
        numberNonEmailDomainUsers: counts.nonDomain,
      };
    },

    async list(actor: Actor, request: PagedListRequest) {
      const { rows, totalCount } = await listRead.list(request, issuerScope(actor));
      const collection = rows.map((r) => ({
        ...r,
        scheme: r.scheme as 'Visa' | 'Mastercard' | 'Unknown',
      }));
      return pagedResponse(collection, totalCount, request);
    },

    async create(actor: Actor, input: IssuerCreate) {
      const codes = checkIssuerCodes(input);
      await checkBranding(input.brandingId);
      await checkDatapointProfiles(input);
      await checkKeyFree(input.issuerKey);
      let row: IssuerRow;
      try {
        row = await repo.insert({
          name: input.name,
          issuerKey: input.issuerKey,
          scheme: input.scheme,
          language: input.language,
          capabilities: input.capabilities,
          virtualLockboxes: input.virtualLockboxes,
          // Not in SPEC's create payload: a new issuer takes file uploads, the input the job
          // wizard offers, until its input data options say otherwise.
          inputDataOptions: ['CsvFileUpload'],
          sendMagicLinks: input.sendMagicLinks,
          brandingId: input.brandingId,
          analysisDataDownloadDatapointProfileId: input.analysisDataDownloadDatapointProfileId,
          matchedDataOnlyDownloadDatapointProfileId:
            input.matchedDataOnlyDownloadDatapointProfileId,
          onboardingDataDownloadDatapointProfileId: input.onboardingDataDownloadDatapointProfileId,
          ...codes,
        });
      } catch (error) {
        if (isUniqueViolation(error))
          throw AppError.conflict(`An issuer with the key '${input.issuerKey}' already exists.`);
        throw error;
      }
      await deps.systemLogs.record(actor, {
        action: 'IssuerCreated',
        entityType: ISSUER_ENTITY,
        entityId: row.id,
        entityName: row.name,
        after: row,
      });
      return ok(`Issuer '${row.name}' created.`, row);
    },

    async update(actor: Actor, input: IssuerUpdate) {
      const codes = checkIssuerCodes(input);
      await checkBranding(input.brandingId);
      await checkDatapointProfiles(input);
      await checkKeyFree(input.issuerKey, input.id);
      const domains = [...new Set(input.issuerEmailDomains)];
      const row = await versionedUpdate(
        actor,
        input.id,
        input.version,
        {
          name: input.name,
          issuerKey: input.issuerKey,
          scheme: input.scheme,
          language: input.language,
          capabilities: input.capabilities,
          virtualLockboxes: input.virtualLockboxes,
          sendMagicLinks: input.sendMagicLinks,
          brandingId: input.brandingId,
          analysisDataDownloadDatapointProfileId: input.analysisDataDownloadDatapointProfileId,
          matchedDataOnlyDownloadDatapointProfileId:
            input.matchedDataOnlyDownloadDatapointProfileId,
          onboardingDataDownloadDatapointProfileId: input.onboardingDataDownloadDatapointProfileId,
          keyAliases: [...new Set(input.issuerKeyAliases)],
          emailDomains: domains,
          ...(input.inputDataOptions ? { inputDataOptions: input.inputDataOptions } : {}),
          ...codes,
        },
        'IssuerUpdated',
      );
      await membersRead.syncDomainUsers(row.id, domains);
      return ok(`Issuer '${row.name}' updated.`, row);
    },

    /** The three list updates (capabilities, virtual lockboxes, input data options). */
    async updateList(
      actor: Actor,
      query: { issuerId: string; version?: number },
      field: ListField,
      values: readonly string[],
    ) {
      if (field === 'capabilities') checkCapabilities(values, 'body');
      const unique = [...new Set(values)];
      const row = await versionedUpdate(
        actor,
        query.issuerId,
        query.version,
        { [field]: unique },
        `Issuer${field[0]!.toUpperCase()}${field.slice(1)}Updated`,
      );
      return ok(`Issuer '${row.name}' updated.`, row);
    },

    /** Refused (409) while the issuer has jobs or users: they would lose their home. */
    async delete(actor: Actor, id: string) {
      const row = await requireIssuer(actor, id);
      await deps.concurrency.assertWritable(
        actor,
        { entityType: ISSUER_ENTITY, entityId: id },
        `Issuer '${row.name}'`,
      );
      const users = (await repo.memberCounts(id)).all;
      const jobs = await issuerJobs.countForIssuer(id);
      if (users > 0 || jobs > 0) {
        throw AppError.conflict(
          `Issuer '${row.name}' cannot be deleted while it has ${jobs} job(s) and ${users} user(s). Move or remove them first.`,
        );
      }
      await repo.delete(id);
      await deps.systemLogs.record(actor, {
        action: 'IssuerDeleted',
        entityType: ISSUER_ENTITY,
        entityId: id,
        entityName: row.name,
        before: row,
      });
      return { success: true, message: uiText(`Issuer '${row.name}' deleted.`), statusCode: 200 };
    },

    async members(actor: Actor, id: string) {
      await requireIssuer(actor, id);
      const rows = await membersRead.listMembers(id);
      return rows.map((r) => ({ ...r, userRole: r.userRole as IssuerMembershipRole }));
    },

    /** Assigns a user as Manager or Member, or removes them (userRole null). */
    async setMember(
      actor: Actor,
      issuerId: string,
      input: { userId: string; userRole: IssuerMembershipRole | null },
    ) {
      const issuer = await requireIssuer(actor, issuerId);
      const user = await deps.findUser(input.userId);
      if (!user) throw AppError.badRequest(`No user with id ${input.userId}`, 'body.userId');
      const before = (await repo.findMembership(issuerId, input.userId)) ?? null;
      if (input.userRole) await repo.upsertMembership(issuerId, input.userId, input.userRole);
      else await repo.deleteMembership(issuerId, input.userId);
      await deps.systemLogs.record(actor, {
        action: input.userRole ? 'IssuerUserAssigned' : 'IssuerUserRemoved',
        entityType: ISSUER_ENTITY,
        entityId: issuerId,
        entityName: issuer.name,
        before,
        after: input.userRole
          ? { userId: input.userId, username: user.username, userRole: input.userRole }
          : null,
      });
      const message = input.userRole
        ? `${user.username} is now ${input.userRole} of '${issuer.name}'.`
        : `${user.username} was removed from '${issuer.name}'.`;
      return { success: true, message, statusCode: 200 };
    },
  };
}
export type IssuerAdminService = ReturnType<typeof createIssuerAdminService>;
