import { asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { brandings } from '../brandings/branding.schema.js';
import { users } from '../users/user.schema.js';
import { issuerUsers, issuers } from './issuer.schema.js';

/**
 * Read model: issuer memberships shown with the names of their users and brandings (SPEC §7
 * issuer users, user detail). Reads issuers and issuer_users (this module), users (users
 * module) and brandings (brandings module). `syncDomainUsers` also writes issuer_users from
 * the users it reads, in one statement each, so no user of a domain is missed between a read
 * and a write.
 */

export type IssuerMembershipRow = {
  issuerId: string;
  issuerName: string;
  userRole: string;
  isDomainUser: boolean;
  brandingId: string | null;
  brandingDisplayName: string | null;
  emailDomains: string[];
};

/** A user is a domain user of every issuer that lists their e-mail address's domain. */
const userDomain = sql`split_part(${users.username}, '@', 2)`;

export function createIssuerMembersRead(db: Database) {
  return {
    /** The issuers a user belongs to, by name, with their brandings. */
    listMemberships(userId: string): Promise<IssuerMembershipRow[]> {
      return db
        .select({
          issuerId: issuers.id,
          issuerName: issuers.name,
          userRole: issuerUsers.userRole,
          isDomainUser: issuerUsers.isDomainUser,
          brandingId: issuers.brandingId,
          brandingDisplayName: brandings.displayName,
          emailDomains: issuers.emailDomains,
        })
        .from(issuerUsers)
        .innerJoin(issuers, eq(issuers.id, issuerUsers.issuerId))
        .leftJoin(brandings, eq(brandings.id, issuers.brandingId))
        .where(eq(issuerUsers.userId, userId))
        .orderBy(asc(issuers.name));
    },
    listMembers(issuerId: string) {
      return db
        .select({
          userId: users.id,
          username: users.username,
          displayName: users.displayName,
          userRole: issuerUsers.userRole,
          isDomainUser: issuerUsers.isDomainUser,
        })
        .from(issuerUsers)
        .innerJoin(users, eq(users.id, issuerUsers.userId))
        .where(eq(issuerUsers.issuerId, issuerId))
        .orderBy(asc(users.username));
    },

    /**
     * Makes the issuer's domain users match its e-mail domains: users of a listed domain join
     * as Members, domain members of a domain no longer listed leave.
     */
    async syncDomainUsers(issuerId: string, domains: readonly string[]): Promise<void> {
      const listed: SQL = domains.length
        ? sql`${userDomain} in (${sql.join(
            domains.map((d) => sql`${d}`),
            sql`, `,
          )})`
        : sql`false`;
      await db.execute(
        sql`delete from ${issuerUsers} where ${issuerUsers.issuerId} = ${issuerId}
            and ${issuerUsers.isDomainUser}
            and ${issuerUsers.userId} not in (select ${users.id} from ${users} where ${listed})`,
      );
      if (domains.length === 0) return;
      await db.execute(
        sql`insert into ${issuerUsers} (issuer_id, user_id, user_role, is_domain_user)
            select ${issuerId}::uuid, ${users.id}, 'Member', true from ${users} where ${listed}
            on conflict do nothing`,
      );
    },

    /** Issuers the user is not a member of, those listing their domain first. */
    potentialIssuersFor(userId: string, domain: string) {
      return db
        .select({
          issuerId: issuers.id,
          issuerName: issuers.name,
          issuerBrandingName: brandings.displayName,
          emailDomains: issuers.emailDomains,
          isDomainMatch: sql<boolean>`${domain} = any(${issuers.emailDomains})`,
        })
        .from(issuers)
        .leftJoin(brandings, eq(brandings.id, issuers.brandingId))
        .where(
          sql`not exists (select 1 from ${issuerUsers} where ${issuerUsers.issuerId} = ${issuers.id}
              and ${issuerUsers.userId} = ${userId}::uuid)`,
        )
        .orderBy(sql`${domain} = any(${issuers.emailDomains}) desc`, asc(issuers.name))
        .limit(200);
    },
  };
}
