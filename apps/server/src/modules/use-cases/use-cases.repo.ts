import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { useCases } from './use-cases.schema.js';

export type UseCaseRow = typeof useCases.$inferSelect;
export type UseCaseInsert = typeof useCases.$inferInsert;

/** The use_cases table: definitions only (figures are computed from the job's results). */
export function createUseCasesRepo(db: Database) {
  return {
    async list(jobId: string): Promise<UseCaseRow[]> {
      return db
        .select()
        .from(useCases)
        .where(eq(useCases.jobId, jobId))
        .orderBy(asc(useCases.createdAt), asc(useCases.id));
    },
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
    async delete(jobId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(useCases)
        .where(and(eq(useCases.jobId, jobId), eq(useCases.id, id)))
        .returning({ id: useCases.id });
      return rows.length > 0;
    },
  };
}
