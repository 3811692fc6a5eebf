import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { buyers, issuerUsers, issuers } from '../issuers/issuer.schema.js';
import { users } from '../users/user.schema.js';
import { jobUserAssignments } from './job.schema.js';

/**
 * Read model: the issuers, buyers and users a job refers to, as the jobs module shows them
 * (wizard choices, owner and member names, the pipeline's country fallbacks). Reads issuers,
 * buyers and issuer_users (issuers module), users (users module) and job_user_assignments.
 * Writes go through those modules' services (a wizard buyer: `buyers.create`).
 */
export function createJobDirectoryRead(db: Database) {
  return {
    async issuer(id: string) {
      const [row] = await db.select().from(issuers).where(eq(issuers.id, id));
      return row;
    },
    async buyer(id: string) {
      const [row] = await db.select().from(buyers).where(eq(buyers.id, id));
      return row;
    },
    async issuersWithBuyers(issuerIds: readonly string[] | 'all') {
      if (issuerIds !== 'all' && issuerIds.length === 0) return [];
      const issuerRows = await db
        .select()
        .from(issuers)
        .where(issuerIds === 'all' ? undefined : inArray(issuers.id, [...issuerIds]))
        .orderBy(asc(issuers.name));
      const buyerRows =
        issuerRows.length === 0
          ? []
          : await db
              .select()
              .from(buyers)
              .where(
                inArray(
                  buyers.issuerId,
                  issuerRows.map((i) => i.id),
                ),
              )
              .orderBy(asc(buyers.name));
      return issuerRows.map((issuer) => ({
        issuer,
        buyers: buyerRows.filter((b) => b.issuerId === issuer.id),
      }));
    },
    async userByUsername(username: string) {
      const [row] = await db.select().from(users).where(eq(users.username, username));
      return row;
    },
    async buyerOfIssuerKey(issuerKey: string, buyerName: string) {
      const [row] = await db
        .select({ id: buyers.id, issuerId: buyers.issuerId })
        .from(buyers)
        .innerJoin(issuers, eq(issuers.id, buyers.issuerId))
        .where(and(eq(issuers.issuerKey, issuerKey), eq(buyers.name, buyerName)));
      return row;
    },
    async user(id: string) {
      const [row] = await db.select().from(users).where(eq(users.id, id));
      return row;
    },
    async userIssuerIds(userId: string): Promise<string[]> {
      const rows = await db
        .select({ issuerId: issuerUsers.issuerId })
        .from(issuerUsers)
        .where(eq(issuerUsers.userId, userId));
      return rows.map((r) => r.issuerId);
    },
    async issuerMembers(issuerId: string) {
      return db
        .select({ userId: users.id, username: users.username, userRole: issuerUsers.userRole })
        .from(issuerUsers)
        .innerJoin(users, eq(users.id, issuerUsers.userId))
        .where(eq(issuerUsers.issuerId, issuerId))
        .orderBy(asc(users.username));
    },

    /** A job's assignment rows with the usernames, A–Z. */
    async assignmentsWithUsernames(jobId: string) {
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
export type JobDirectoryRead = ReturnType<typeof createJobDirectoryRead>;
