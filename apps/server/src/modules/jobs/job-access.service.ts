import type { Database } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { AppError } from '../../lib/app-error.js';
import { createJobAssignmentsRepo } from './job-assignments.repo.js';
import type { IssuersService } from '../issuers/issuers.service.js';
import type { UsersService } from '../users/users.service.js';
import { createJobAssigneesRead } from './job-assignees.read.js';
import { createJobListRead } from './job-list.read.js';
import type { JobLookup } from './job-lookup.js';
import { jobViewer } from './jobs.policy.js';
import { createJobsRepo } from './jobs.repo.js';

/**
 * Who a job belongs to and who may see it (SPEC §7 job artifacts): the admin view with its
 * authorized end users (SPEC §3 connections), the owner, direct assignments.
 */
export function createJobAccessService(
  db: Database,
  deps: {
    lookup: JobLookup;
    issuers: Pick<IssuersService, 'findById' | 'listMembers' | 'listMemberships'>;
    users: Pick<UsersService, 'findById'>;
  },
) {
  const { lookup, issuers, users } = deps;
  const assignments = createJobAssignmentsRepo(db);
  const assignees = createJobAssigneesRead(db);
  const list = createJobListRead(db);
  const jobsRepo = createJobsRepo(db);

  return {
    async admin(actor: Actor, id: string) {
      const job = await lookup.visibleJob(actor, id);
      const [issuer, owner, assignments, members, linkRecipients] = await Promise.all([
        issuers.findById(job.issuerId),
        users.findById(job.ownerId),
        assignees.withUsernames(job.id),
        issuers.listMembers(job.issuerId),
        assignees.resultsLinkRecipients(job.id),
      ]);
      const authorized: { username: string; connection: string }[] = [
        { username: owner!.username, connection: 'Owner' },
      ];
      const seen = new Set(authorized.map((a) => `${a.username}/${a.connection}`));
      const add = (username: string, connection: string) => {
        const key = `${username}/${connection}`;
        if (!seen.has(key)) authorized.push({ username, connection });
        seen.add(key);
      };
      for (const m of members) if (m.userRole === 'Manager') add(m.username, 'IssuerManager');
      for (const a of assignments) if (a.connection !== 'Owner') add(a.username, a.connection);
      // A person a live Results link lets read the job has no account: listed by address.
      for (const email of linkRecipients) add(email, 'MagicLinkUser');
      return {
        id: job.id,
        name: job.name,
        isPublished: job.isPublished,
        owner: {
          id: owner!.id,
          username: owner!.username,
          role: owner!.standardRoles[0] ?? '',
        },
        issuerId: job.issuerId,
        issuerName: issuer!.name,
        issuerEmailDomains: issuer!.emailDomains,
        authorizedEndUsers: authorized as {
          username: string;
          connection: 'Owner' | 'IssuerManager' | 'DirectAssignment' | 'MagicLinkUser';
        }[],
      };
    },

    async assignable(actor: Actor, userId: string) {
      const user = await users.findById(userId);
      if (!user) throw AppError.notFound('No such user.');
      const memberships = await issuers.listMemberships(userId);
      const rows = await list.assignableFor(
        jobViewer(actor),
        userId,
        memberships.map((m) => m.issuerId),
      );
      return rows.map((r) => ({ ...r, createdOn: r.createdOn.toISOString() }));
    },

    async changeOwner(actor: Actor, id: string, ownerId: string) {
      const job = await lookup.visibleJob(actor, id);
      const user = await users.findById(ownerId);
      if (!user || user.isDeactivated)
        throw AppError.badRequest('body.ownerId must be an active user', 'ownerId');
      await assignments.unassign(job.id, job.ownerId, 'Owner');
      await assignments.assign(job.id, ownerId, 'Owner', actor.userId);
      await jobsRepo.updateJob(job.id, { ownerId });
      return this.admin(actor, id);
    },

    async setAssignment(
      actor: Actor,
      input: { jobArtifactId: string; userId: string; isAssigned: boolean },
    ) {
      const job = await lookup.visibleJob(actor, input.jobArtifactId);
      const user = await users.findById(input.userId);
      if (!user) throw AppError.badRequest('body.userId must be an existing user', 'userId');
      if (input.isAssigned)
        await assignments.assign(job.id, user.id, 'DirectAssignment', actor.userId);
      else await assignments.unassign(job.id, user.id, 'DirectAssignment');
      return this.admin(actor, job.id);
    },
  };
}
