import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { campaignResponseTokens, campaignSuppliers } from './campaign.schema.js';

/** The rows a hand-issued response link reads and writes. */
export function createResponseLinkRepo(db: Database) {
  return {
    async supplierState(campaignId: string, supplierKey: string) {
      const [row] = await db
        .select({ status: campaignSuppliers.status, outcome: campaignSuppliers.outcome })
        .from(campaignSuppliers)
        .where(
          and(
            eq(campaignSuppliers.campaignId, campaignId),
            eq(campaignSuppliers.supplierKey, supplierKey),
          ),
        );
      return row;
    },
    /** Stores a link's hash, never the token. */
    async addToken(values: {
      tokenHash: string;
      campaignId: string;
      supplierKey: string;
      expiresAt: Date;
    }) {
      await db.insert(campaignResponseTokens).values(values);
    },
  };
}
