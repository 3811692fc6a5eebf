import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { issuerUsers } from '../issuers/issuer.schema.js';
import { users } from '../users/user.schema.js';
import { serviceTokens } from './endpoint-comparison.schema.js';

/**
 * Read model: the lookup of a bearer request's service token. Reads service_tokens (this
 * module), users (users module) and issuer_users (issuers module) in one query, as the session
 * lookup (auth/session.read.ts) does: the user and their issuers come with the token.
 */
export function createServiceTokensRead(db: Database) {
  return {
    async findByHash(tokenHash: string) {
      const [row] = await db
        .select({
          token: serviceTokens,
          user: users,
          issuerIds: sql<string[]>`array(select ${issuerUsers.issuerId} from ${issuerUsers}
            where ${issuerUsers.userId} = ${users.id})`,
          managedIssuerIds: sql<string[]>`array(select ${issuerUsers.issuerId} from ${issuerUsers}
            where ${issuerUsers.userId} = ${users.id} and ${issuerUsers.userRole} = 'Manager')`,
        })
        .from(serviceTokens)
        .innerJoin(users, eq(users.id, serviceTokens.userId))
        .where(eq(serviceTokens.tokenHash, tokenHash));
      return row;
    },
  };
}
