import type { Database } from '../../db/client.js';
import { createIssuersRepo } from './issuers.repo.js';

/** Issuer facts other modules need. The issuer administration calls arrive with their own issue. */
export function createIssuersService(db: Database) {
  const repo = createIssuersRepo(db);
  return {
    listMemberships: (userId: string) => repo.listMemberships(userId),
    issuerNameForBranding: (brandingId: string) => repo.firstNameByBranding(brandingId),
  };
}
export type IssuersService = ReturnType<typeof createIssuersService>;
