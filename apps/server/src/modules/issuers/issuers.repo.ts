import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { brandings } from '../brandings/branding.schema.js';
import { issuerUsers, issuers } from './issuer.schema.js';

export type IssuerMembershipRow = {
  issuerId: string;
  issuerName: string;
  userRole: string;
  isDomainUser: boolean;
  brandingId: string | null;
  brandingDisplayName: string | null;
  emailDomains: string[];
};

export function createIssuersRepo(db: Database) {
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
    async firstNameByBranding(brandingId: string): Promise<string | null> {
      const [row] = await db
        .select({ name: issuers.name })
        .from(issuers)
        .where(eq(issuers.brandingId, brandingId))
        .orderBy(asc(issuers.name))
        .limit(1);
      return row?.name ?? null;
    },
  };
}
export type IssuersRepo = ReturnType<typeof createIssuersRepo>;
