import type { Database } from '../../db/client.js';
import { createIssuerMembersRead } from './issuer-members.read.js';
import { createIssuersRepo } from './issuers.repo.js';

/** Issuer facts other modules need (the administration calls are in issuer-admin.service.ts). */
export function createIssuersService(db: Database) {
  const repo = createIssuersRepo(db);
  const members = createIssuerMembersRead(db);
  return {
    listMemberships: (userId: string) => members.listMemberships(userId),
    /** An issuer, or undefined, whoever asks: the caller scopes it (a job's issuer). */
    findById: (id: string) => repo.findById(id),
    /**
     * These issuers (or all), A–Z, each with its buyers A–Z: the job wizard's choices, for the
     * issuers buyers.policy lets the actor see.
     */
    listWithBuyers: (issuerIds: readonly string[] | 'all') => repo.listWithBuyers(issuerIds),
    /** An issuer's members with their usernames, A–Z (a job's authorised end users). */
    listMembers: (issuerId: string) => members.listMembers(issuerId),
    issuerNameForBranding: (brandingId: string) => repo.firstNameByBranding(brandingId),
    /** The issuers of a branding, A–Z (the sign-in page's single sign-on buttons). */
    listByBranding: (brandingId: string) => repo.listByBranding(brandingId),
    /** An issuer by its key, any case, or undefined. */
    findByKey: (issuerKey: string) => repo.findByKey(issuerKey),
  };
}
export type IssuersService = ReturnType<typeof createIssuersService>;
