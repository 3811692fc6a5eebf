import type { Database } from '../../db/client.js';
import { createIssuerMembersRead } from './issuer-members.read.js';
import { createIssuersRepo } from './issuers.repo.js';

/** Issuer facts other modules need (the administration calls are in issuer-admin.service.ts). */
export function createIssuersService(db: Database) {
  const repo = createIssuersRepo(db);
  const members = createIssuerMembersRead(db);
  return {
    listMemberships: (userId: string) => members.listMemberships(userId),
    issuerNameForBranding: (brandingId: string) => repo.firstNameByBranding(brandingId),
  };
}
export type IssuersService = ReturnType<typeof createIssuersService>;
