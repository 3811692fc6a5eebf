import type { Branding, PublicBranding } from '@b2b/contract';
import type { Database } from '../../db/client.js';
import { presentBranding } from './brandings.presenter.js';
import { createBrandingsRepo } from './brandings.repo.js';

/** The branding shown when no issuer branding applies. */
export const DEFAULT_BRANDING_KEY = 'Default';
const FALLBACK: PublicBranding = {
  brandingKey: DEFAULT_BRANDING_KEY,
  theme: 'default',
  issuerName: null,
};

type Dependencies = {
  /** The issuer whose name precedes 'B2B Analytics' in the page title (issuers service). */
  issuerNameForBranding: (brandingId: string) => Promise<string | null>;
};

export function createBrandingsService(db: Database, deps: Dependencies) {
  const repo = createBrandingsRepo(db);
  return {
    /** A stored branding, or undefined: callers check the ids they are given. */
    get: (id: string) => repo.findById(id),
    /** The branding shown when no issuer branding applies. */
    getDefault: () => repo.findByKey(DEFAULT_BRANDING_KEY),
    issuerNameForBranding: deps.issuerNameForBranding,
    /** The branding whose domain is this host (port ignored), or undefined. */
    findByHost: (host: string) => repo.findByDomain(host.replace(/:\d+$/, '')),
    /** Branding for a signed-out visitor, by the host they reached us on. */
    async getByDomain(host: string): Promise<PublicBranding> {
      const row = await repo.findByDomain(host.replace(/:\d+$/, ''));
      if (!row) return FALLBACK;
      return {
        brandingKey: row.brandingKey,
        theme: row.theme as PublicBranding['theme'],
        brandingDisplayName: row.displayName,
        issuerName: await deps.issuerNameForBranding(row.id),
      };
    },
    async listAll(): Promise<Branding[]> {
      return (await repo.listAll()).map(presentBranding);
    },
  };
}
export type BrandingsService = ReturnType<typeof createBrandingsService>;
