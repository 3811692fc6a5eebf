import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { runPrepared } from '../../db/prepared-queries.js';
import { jobInsightBars, jobInsights } from './insight.schema.js';

export type InsightBarRow = typeof jobInsightBars.$inferSelect;
export type InsightMetaRow = typeof jobInsights.$inferSelect;
export interface SliceKey {
  slicer: string;
  slicerValue: string;
  product: string;
}

/** A chart's bars in display order: natural order where there is one, else by spend. */
export const INSIGHT_BAR_ORDER = sql`${jobInsightBars.sortKey} asc nulls last, ${jobInsightBars.spend} desc, ${jobInsightBars.bucket} asc`;

export function createInsightsRepo(db: Database) {
  return {
    /**
     * Replaces a job's insights in one transaction: the bars arrive as JSON documents with the
     * table's column names, each batch one INSERT … json_populate_recordset statement.
     */
    async replace(
      jobId: string,
      meta: { barCount: number; unavailable: Record<string, string> },
      produce: (insert: (docs: string[]) => Promise<void>) => Promise<void>,
    ) {
      await db.transaction(async (tx) => {
        await tx.delete(jobInsightBars).where(eq(jobInsightBars.jobId, jobId));
        await produce(async (docs) => {
          if (docs.length === 0) return;
          await tx.execute(
            sql`insert into ${jobInsightBars} select * from json_populate_recordset(null::job_insight_bars, ${`[${docs.join(',')}]`}::json)`,
          );
        });
        await tx
          .insert(jobInsights)
          .values({ jobId, ...meta, computedAt: new Date() })
          .onConflictDoUpdate({
            target: jobInsights.jobId,
            set: { ...meta, computedAt: new Date() },
          });
      });
    },

    async meta(jobId: string) {
      const [row] = await runPrepared(
        db,
        'insights.meta',
        () =>
          db
            .select()
            .from(jobInsights)
            .where(eq(jobInsights.jobId, sql.placeholder('jobId'))),
        { jobId },
      );
      return row;
    },

    /** One chart's bars, in display order. */
    async bars(jobId: string, grouping: string, slice: SliceKey): Promise<InsightBarRow[]> {
      const p = (name: string) => sql.placeholder(name);
      return runPrepared(
        db,
        'insights.bars',
        () =>
          db
            .select()
            .from(jobInsightBars)
            .where(
              and(
                eq(jobInsightBars.jobId, p('jobId')),
                eq(jobInsightBars.grouping, p('grouping')),
                eq(jobInsightBars.slicer, p('slicer')),
                eq(jobInsightBars.slicerValue, p('slicerValue')),
                eq(jobInsightBars.product, p('product')),
              ),
            )
            .orderBy(INSIGHT_BAR_ORDER),
        {
          jobId,
          grouping,
          slicer: slice.slicer,
          slicerValue: slice.slicerValue,
          product: slice.product,
        },
      );
    },

    /** The Totals bar of every slice of a grouping (one per slicer value, or per product). */
    async totals(jobId: string, where: { slicer?: string; slicerValue?: string }) {
      return db
        .select()
        .from(jobInsightBars)
        .where(
          and(
            eq(jobInsightBars.jobId, jobId),
            eq(jobInsightBars.grouping, 'Totals'),
            where.slicer ? eq(jobInsightBars.slicer, where.slicer) : undefined,
            where.slicerValue ? eq(jobInsightBars.slicerValue, where.slicerValue) : undefined,
          ),
        );
    },
  };
}
