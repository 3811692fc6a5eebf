import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { runPrepared } from '../../db/prepared-queries.js';
import { issuerUsers } from '../issuers/issuer.schema.js';
import { users } from '../users/user.schema.js';
import { sessions } from './session.schema.js';

/**
 * Read model: the session lookup every API request makes (SPEC §4 session). Reads sessions
 * (this module), users (users module) and issuer_users (issuers module) in one query: the
 * user and their issuers come along with the session, one round trip not three.
 */
export function createSessionRead(db: Database) {
  return {
    /** A session with its user and the issuers they belong to and manage, or nothing. */
    async findSession(id: string) {
      const [row] = await runPrepared(
        db,
        'sessions.findSession',
        () =>
          db
            .select({
              session: sessions,
              user: users,
              issuerIds: sql<string[]>`array(select ${issuerUsers.issuerId} from ${issuerUsers}
                where ${issuerUsers.userId} = ${users.id})`,
              managedIssuerIds: sql<
                string[]
              >`array(select ${issuerUsers.issuerId} from ${issuerUsers}
                where ${issuerUsers.userId} = ${users.id} and ${issuerUsers.userRole} = 'Manager')`,
            })
            .from(sessions)
            .innerJoin(users, eq(users.id, sessions.userId))
            .where(eq(sessions.id, sql.placeholder('id'))),
        { id },
      );
      return row;
    },
  };
}
