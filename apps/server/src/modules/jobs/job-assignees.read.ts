import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { users } from '../users/user.schema.js';
import { jobUserAssignments } from './job.schema.js';

/**
 * Read model: a job's assignment rows with their users' usernames, A–Z (SPEC §3 job
 * connections, the job admin view). Reads job_user_assignments (this module) and users (users
 * module) in one statement, so the list comes sorted by the database's collation of usernames.
 */
export function createJobAssigneesRead(db: Database) {
  return {
    async withUsernames(jobId: string) {
      return db
        .select({
          userId: jobUserAssignments.userId,
          username: users.username,
          connection: jobUserAssignments.connection,
        })
        .from(jobUserAssignments)
        .innerJoin(users, eq(users.id, jobUserAssignments.userId))
        .where(eq(jobUserAssignments.jobId, jobId))
        .orderBy(asc(users.username));
    },
  };
}
