import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { type StoredSegmentFigures, useCaseFigures, useCases } from './use-cases.schema.js';

export type UseCaseRow = typeof useCases.$inferSelect;
export type UseCaseInsert = typeof useCases.$inferInsert;

/** The use_cases table and each use case's stored figures (use_case_figures). */
export function createUseCasesRepo(db: Database) {
  return {
    async find(jobId: string, id: string): Promise<UseCaseRow | undefined> {
      const [row] = await db
        .select()
        .from(useCases)
        .where(and(eq(useCases.jobId, jobId), eq(useCases.id, id)));
      return row;
    },
    async findMany(jobId: string, ids: readonly string[]): Promise<UseCaseRow[]> {
      if (ids.length === 0) return [];
      return db
        .select()
        .from(useCases)
        .where(and(eq(useCases.jobId, jobId), inArray(useCases.id, [...ids])));
    },
    async insert(values: UseCaseInsert): Promise<UseCaseRow> {
      const [row] = await db.insert(useCases).values(values).returning();
      return row!;
    },
    async update(
      jobId: string,
      id: string,
      values: Partial<UseCaseInsert>,
    ): Promise<UseCaseRow | undefined> {
      const [row] = await db
        .update(useCases)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(useCases.jobId, jobId), eq(useCases.id, id)))
        .returning();
      return row;
    },
    /**
     * Stores use cases' figures for a results version and drops their older ones. A use case
     * deleted meanwhile is skipped (the insert selects the ones still there).
     */
    async storeFigures(
      resultsVersion: string,
      figures: ReadonlyMap<string, StoredSegmentFigures>,
    ): Promise<void> {
      if (figures.size === 0) return;
      const ids = [...figures.keys()];
      await db
        .delete(useCaseFigures)
        .where(
          and(
            inArray(useCaseFigures.useCaseId, ids),
            sql`${useCaseFigures.resultsVersion} <> ${resultsVersion}`,
          ),
        );
      const byId = JSON.stringify(Object.fromEntries(figures));
      await db.execute(sql`
        insert into use_case_figures (use_case_id, results_version, figures)
        select u.id, ${resultsVersion}, (${byId}::jsonb) -> (u.id::text)
        from use_cases u where u.id in (${sql.join(
          ids.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})
        on conflict (use_case_id, results_version)
          do update set figures = excluded.figures, computed_at = now()`);
    },
    async delete(jobId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(useCases)
        .where(and(eq(useCases.jobId, jobId), eq(useCases.id, id)))
        .returning({ id: useCases.id });
      return rows.length > 0;
    },
  };
}
