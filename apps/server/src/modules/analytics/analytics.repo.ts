import { and, asc, desc, eq, inArray, isNotNull, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { analyticsReportShares, analyticsReports } from './analytics-report.schema.js';

export type ReportRow = typeof analyticsReports.$inferSelect;
type ReportInsert = typeof analyticsReports.$inferInsert;

/** Saved reports and their shares (this module's tables only). */
export function createAnalyticsRepo(db: Database) {
  return {
    async find(id: string) {
      const [row] = await db.select().from(analyticsReports).where(eq(analyticsReports.id, id));
      return row;
    },

    async shares(reportIds: readonly string[]) {
      if (reportIds.length === 0) return [];
      return db
        .select()
        .from(analyticsReportShares)
        .where(inArray(analyticsReportShares.reportId, [...reportIds]));
    },

    /** The reports a user owns or that are shared with them, most recently changed first. */
    listFor(userId: string) {
      return db
        .select()
        .from(analyticsReports)
        .where(
          or(
            eq(analyticsReports.ownerId, userId),
            sql`exists (select 1 from ${analyticsReportShares} s where s.report_id = ${analyticsReports.id} and s.user_id = ${userId})`,
          ),
        )
        .orderBy(desc(analyticsReports.updatedAt), asc(analyticsReports.id));
    },

    async insert(values: ReportInsert, sharedWith: readonly string[]) {
      return db.transaction(async (tx) => {
        const [row] = await tx.insert(analyticsReports).values(values).returning();
        if (sharedWith.length > 0)
          await tx
            .insert(analyticsReportShares)
            .values(sharedWith.map((userId) => ({ reportId: row!.id, userId })));
        return row!;
      });
    },

    async update(id: string, values: Partial<ReportInsert>, sharedWith: readonly string[]) {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(analyticsReports)
          .set({ ...values, updatedAt: new Date() })
          .where(eq(analyticsReports.id, id))
          .returning();
        await tx.delete(analyticsReportShares).where(eq(analyticsReportShares.reportId, id));
        if (sharedWith.length > 0)
          await tx
            .insert(analyticsReportShares)
            .values(sharedWith.map((userId) => ({ reportId: id, userId })));
        return row!;
      });
    },

    async remove(id: string) {
      await db.delete(analyticsReports).where(eq(analyticsReports.id, id));
    },

    /** Reports whose mailing is due, oldest due first. */
    due(now: Date, limit: number) {
      return db
        .select()
        .from(analyticsReports)
        .where(and(isNotNull(analyticsReports.nextMailAt), lte(analyticsReports.nextMailAt, now)))
        .orderBy(asc(analyticsReports.nextMailAt))
        .limit(limit);
    },

    /**
     * Moves a due report to its next mailing, only if no other worker did: true when this call
     * took it (so a second delivery of the command never mails it twice).
     */
    async claimMailing(id: string, dueAt: Date, next: Date, now: Date) {
      const rows = await db
        .update(analyticsReports)
        .set({ nextMailAt: next, lastMailedAt: now })
        .where(and(eq(analyticsReports.id, id), eq(analyticsReports.nextMailAt, dueAt)))
        .returning({ id: analyticsReports.id });
      return rows.length === 1;
    },
  };
}
