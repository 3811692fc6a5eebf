import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { issuerUsers } from '../issuers/issuer.schema.js';
import { users } from '../users/user.schema.js';

/**
 * Read model of the people around saved reports: owners' and recipients' names and e-mail, and
 * the roles that decide whether a report may be shared with them, and the issuers a scheduled
 * report's owner belongs to now. Reads users (users module) and issuer_users (issuers module).
 */
const columns = {
  id: users.id,
  username: users.username,
  email: users.email,
  displayName: users.displayName,
  standardRoles: users.standardRoles,
  tabbedViewRoles: users.tabbedViewRoles,
  explicitPermissions: users.explicitPermissions,
  isDeactivated: users.isDeactivated,
};

export type ReportUser = {
  id: string;
  username: string;
  email: string;
  displayName: string;
  standardRoles: string[];
  tabbedViewRoles: string[];
  explicitPermissions: string[];
  isDeactivated: boolean;
};

export function createReportUsersRead(db: Database) {
  return {
    async byIds(ids: readonly string[]): Promise<ReportUser[]> {
      if (ids.length === 0) return [];
      return db
        .select(columns)
        .from(users)
        .where(inArray(users.id, [...ids]));
    },
    /** The issuers a user belongs to now, and those they manage (the jobs rule's facts). */
    async memberships(userId: string) {
      const [row] = await db
        .select({
          issuerIds: sql<string[]>`coalesce(array_agg(${issuerUsers.issuerId}::text), '{}')`,
          managedIssuerIds: sql<
            string[]
          >`coalesce(array_agg(${issuerUsers.issuerId}::text) filter (where ${issuerUsers.userRole} = 'Manager'), '{}')`,
        })
        .from(issuerUsers)
        .where(eq(issuerUsers.userId, userId));
      return row ?? { issuerIds: [], managedIssuerIds: [] };
    },
    /** Active users, by name: the service keeps those who may receive a report. */
    active(): Promise<ReportUser[]> {
      return db
        .select(columns)
        .from(users)
        .where(eq(users.isDeactivated, false))
        .orderBy(asc(users.displayName))
        .limit(2000);
    },
  };
}
