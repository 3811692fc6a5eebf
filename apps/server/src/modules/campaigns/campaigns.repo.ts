import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import {
  campaignOutcomeUploads,
  campaignTemplates,
  campaigns,
  jobSupplierExclusions,
} from './campaign.schema.js';

export type CampaignRow = typeof campaigns.$inferSelect;
export type NewCampaign = typeof campaigns.$inferInsert;
export type TemplateRow = typeof campaignTemplates.$inferSelect;

/** Campaign rows, issuer templates, a job's buyer exclusions and outcome uploads. */
export function createCampaignsRepo(db: Database) {
  return {
    async insert(row: NewCampaign, tx: Database = db): Promise<CampaignRow> {
      const [created] = await tx.insert(campaigns).values(row).returning();
      return created!;
    },
    async findById(id: string): Promise<CampaignRow | undefined> {
      const [row] = await db.select().from(campaigns).where(eq(campaigns.id, id));
      return row;
    },
    async update(
      id: string,
      values: Partial<NewCampaign>,
      tx: Database = db,
    ): Promise<CampaignRow> {
      const [row] = await tx.update(campaigns).set(values).where(eq(campaigns.id, id)).returning();
      return row!;
    },
    /** Active campaigns whose close day has passed (the scheduled outreach closes them). */
    async dueToClose(now: Date): Promise<CampaignRow[]> {
      return db
        .select()
        .from(campaigns)
        .where(
          and(
            eq(campaigns.status, 'Active'),
            sql`${campaigns.startedAt} + make_interval(days => ${campaigns.closeDay}) <= ${now.toISOString()}::timestamptz`,
          ),
        );
    },

    templates: {
      async list(issuerId: string, route?: string, language?: string): Promise<TemplateRow[]> {
        return db
          .select()
          .from(campaignTemplates)
          .where(
            and(
              eq(campaignTemplates.issuerId, issuerId),
              route ? eq(campaignTemplates.route, route) : undefined,
              language ? eq(campaignTemplates.language, language) : undefined,
            ),
          )
          .orderBy(asc(campaignTemplates.name));
      },
      async find(issuerId: string, id: string): Promise<TemplateRow | undefined> {
        const [row] = await db
          .select()
          .from(campaignTemplates)
          .where(and(eq(campaignTemplates.id, id), eq(campaignTemplates.issuerId, issuerId)));
        return row;
      },
      async insert(row: typeof campaignTemplates.$inferInsert): Promise<TemplateRow> {
        const [created] = await db.insert(campaignTemplates).values(row).returning();
        return created!;
      },
    },

    buyerExclusions: {
      list(jobId: string) {
        return db
          .select()
          .from(jobSupplierExclusions)
          .where(eq(jobSupplierExclusions.jobId, jobId))
          .orderBy(asc(jobSupplierExclusions.supplierKey));
      },
      async upsert(row: typeof jobSupplierExclusions.$inferInsert) {
        const [saved] = await db
          .insert(jobSupplierExclusions)
          .values(row)
          .onConflictDoUpdate({
            target: [jobSupplierExclusions.jobId, jobSupplierExclusions.supplierKey],
            set: { reason: row.reason, note: row.note ?? null, createdBy: row.createdBy },
          })
          .returning();
        return saved!;
      },
      async delete(jobId: string, supplierKey: string): Promise<boolean> {
        const deleted = await db
          .delete(jobSupplierExclusions)
          .where(
            and(
              eq(jobSupplierExclusions.jobId, jobId),
              eq(jobSupplierExclusions.supplierKey, supplierKey),
            ),
          )
          .returning({ key: jobSupplierExclusions.supplierKey });
        return deleted.length > 0;
      },
    },

    outcomeUploads: {
      async insert(row: typeof campaignOutcomeUploads.$inferInsert, tx: Database = db) {
        const [created] = await tx.insert(campaignOutcomeUploads).values(row).returning();
        return created!;
      },
      async find(campaignId: string, id: string) {
        const [row] = await db
          .select()
          .from(campaignOutcomeUploads)
          .where(
            and(
              eq(campaignOutcomeUploads.id, id),
              eq(campaignOutcomeUploads.campaignId, campaignId),
            ),
          );
        return row;
      },
    },
  };
}
export type CampaignsRepo = ReturnType<typeof createCampaignsRepo>;
