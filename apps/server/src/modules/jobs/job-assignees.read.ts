import { and, asc, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { jobMagicLinks } from '../magic-links/magic-link.schema.js';
import { users } from '../users/user.schema.js';
import { jobUserAssignments } from './job.schema.js';

/**
 * Read model: a job's assignment rows with their users' usernames, A–Z (SPEC §3 job
 * connections, the job admin view). Reads job_user_assignments (this module) and users (users
 * module) in one statement, so the list comes sorted by the database's collation of usernames;
 * and the addresses of the job's live Results links (job_magic_links, magic-links module).
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

    /**
     * SPEC §3 MagicLinkUser: the people a live Results link lets read the job (not revoked, not
     * expired), by the address it was made for, A–Z.
     */
    async resultsLinkRecipients(jobId: string): Promise<string[]> {
      const rows = await db
        .selectDistinct({ email: jobMagicLinks.recipientEmail })
        .from(jobMagicLinks)
        .where(
          and(
            eq(jobMagicLinks.jobId, jobId),
            eq(jobMagicLinks.kind, 'Results'),
            isNull(jobMagicLinks.revokedAt),
            gt(jobMagicLinks.expiresAt, sql`now()`),
            isNotNull(jobMagicLinks.recipientEmail),
          ),
        )
        .orderBy(asc(jobMagicLinks.recipientEmail));
      return rows.map((r) => r.email!);
    },
  };
}
