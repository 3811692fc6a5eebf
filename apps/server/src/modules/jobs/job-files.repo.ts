import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { runPrepared } from '../../db/prepared-queries.js';
import { jobFiles } from './job.schema.js';

export type JobFileRow = typeof jobFiles.$inferSelect;
export type JobFileInsert = typeof jobFiles.$inferInsert;

/** The files uploaded to a job: one per role, with its sniff, mapping and validation. */
export function createJobFilesRepo(db: Database) {
  return {
    async files(jobId: string): Promise<JobFileRow[]> {
      return runPrepared(
        db,
        'jobFiles.files',
        () =>
          db
            .select()
            .from(jobFiles)
            .where(eq(jobFiles.jobId, sql.placeholder('jobId')))
            .orderBy(asc(jobFiles.uploadedAt)),
        { jobId },
      );
    },
    async file(jobId: string, fileId: string): Promise<JobFileRow | undefined> {
      const [row] = await db
        .select()
        .from(jobFiles)
        .where(and(eq(jobFiles.jobId, jobId), eq(jobFiles.id, fileId)));
      return row;
    },
    /** One file per role: a new upload replaces the old one (its key is returned for deletion). */
    async replaceFile(
      values: JobFileInsert,
    ): Promise<{ file: JobFileRow; replaced: JobFileRow[] }> {
      return db.transaction(async (tx) => {
        const replaced = await tx
          .delete(jobFiles)
          .where(and(eq(jobFiles.jobId, values.jobId), eq(jobFiles.role, values.role)))
          .returning();
        const [file] = await tx.insert(jobFiles).values(values).returning();
        return { file: file!, replaced };
      });
    },
    async updateFile(fileId: string, values: Partial<JobFileInsert>) {
      const [row] = await db
        .update(jobFiles)
        .set(values)
        .where(eq(jobFiles.id, fileId))
        .returning();
      return row!;
    },
    async deleteFile(fileId: string) {
      await db.delete(jobFiles).where(eq(jobFiles.id, fileId));
    },
  };
}
