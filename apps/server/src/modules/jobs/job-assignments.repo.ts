import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { jobUserAssignments } from './job.schema.js';

/** Who is connected to a job by a row of their own: Owner, DirectAssignment, MagicLinkUser. */
export function createJobAssignmentsRepo(db: Database) {
  return {
    async assignments(jobId: string): Promise<{ userId: string; connection: string }[]> {
      return db
        .select({ userId: jobUserAssignments.userId, connection: jobUserAssignments.connection })
        .from(jobUserAssignments)
        .where(eq(jobUserAssignments.jobId, jobId));
    },
    async assign(jobId: string, userId: string, connection: string, assignedBy: string | null) {
      await db
        .insert(jobUserAssignments)
        .values({ jobId, userId, connection, assignedBy })
        .onConflictDoNothing();
    },
    async unassign(jobId: string, userId: string, connection: string) {
      await db
        .delete(jobUserAssignments)
        .where(
          and(
            eq(jobUserAssignments.jobId, jobId),
            eq(jobUserAssignments.userId, userId),
            eq(jobUserAssignments.connection, connection),
          ),
        );
    },
  };
}
