import { asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { users } from '../users/user.schema.js';

/**
 * Read model of the people around saved reports: owners' and recipients' names and e-mail, and
 * the roles that decide whether a report may be shared with them. Reads users (users module).
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
