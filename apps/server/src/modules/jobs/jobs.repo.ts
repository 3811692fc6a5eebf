import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { runPrepared } from '../../db/prepared-queries.js';
import {
  type JobViewer,
  jobViewerKind,
  preparedVisibleJobsWhere,
  visibilityValues,
} from './jobs.policy.js';
import { jobs } from './job.schema.js';

export type JobRow = typeof jobs.$inferSelect;
export type JobInsert = typeof jobs.$inferInsert;

/** The jobs table: one row per analysis job. */
export function createJobsRepo(db: Database) {
  return {
    /** Names and issuers of jobs, for the entity-lock views. */
    async refsByIds(ids: string[]) {
      if (ids.length === 0) return [];
      return db
        .select({ id: jobs.id, name: jobs.name, issuerId: jobs.issuerId })
        .from(jobs)
        .where(inArray(jobs.id, ids));
    },
    /** Jobs held back by a queueing running-jobs limit, in submission order. */
    waitingJobs: (): Promise<JobRow[]> =>
      db
        .select()
        .from(jobs)
        .where(and(eq(jobs.status, 'Processing'), isNotNull(jobs.waitingSince)))
        .orderBy(asc(jobs.waitingSince), asc(jobs.id)),
    async insertJob(values: JobInsert): Promise<JobRow> {
      const [row] = await db.insert(jobs).values(values).returning();
      return row!;
    },

    /** A job the viewer may see (jobs.policy), by id: every read by id goes through it. */
    async findVisible(viewer: JobViewer, id: string): Promise<JobRow | undefined> {
      const kind = jobViewerKind(viewer);
      const [row] = await runPrepared(
        db,
        `jobs.findVisible:${kind}`,
        () =>
          db
            .select()
            .from(jobs)
            .where(and(eq(jobs.id, sql.placeholder('id')), preparedVisibleJobsWhere(kind))),
        { id, ...visibilityValues(viewer) },
      );
      return row;
    },

    async findById(id: string): Promise<JobRow | undefined> {
      const [row] = await db.select().from(jobs).where(eq(jobs.id, id));
      return row;
    },

    /**
     * The job, its row locked until the transaction ends: a new run (`nextRun`) waits, so what
     * the caller checked of the run still holds when it writes.
     */
    async lockById(id: string): Promise<JobRow | undefined> {
      const [row] = await db.select().from(jobs).where(eq(jobs.id, id)).for('update');
      return row;
    },

    async findByDemoKey(demoKey: string): Promise<JobRow | undefined> {
      const [row] = await db.select().from(jobs).where(eq(jobs.demoKey, demoKey));
      return row;
    },

    async updateJob(id: string, values: Partial<JobInsert>): Promise<JobRow> {
      const [row] = await db
        .update(jobs)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(jobs.id, id))
        .returning();
      return row!;
    },

    /** Starts a new run: bumps the run number, so commands of an older run become no-ops. */
    async nextRun(id: string, values: Partial<JobInsert>): Promise<JobRow> {
      const [row] = await db
        .update(jobs)
        .set({ ...values, runNumber: sql`${jobs.runNumber} + 1`, updatedAt: new Date() })
        .where(eq(jobs.id, id))
        .returning();
      return row!;
    },

    /** Every submitted job (any state but Draft) and how many are drafts: reset all jobs (Dev). */
    async submittedJobs(): Promise<{ submitted: JobRow[]; draftCount: number }> {
      const rows = await db.select().from(jobs);
      const submitted = rows.filter((r) => r.status !== 'Draft');
      return { submitted, draftCount: rows.length - submitted.length };
    },

    /** Ids of every Completed job, oldest first (the card acceptance model's training data). */
    async completedJobIds(): Promise<string[]> {
      const rows = await db
        .select({ id: jobs.id })
        .from(jobs)
        .where(eq(jobs.status, 'Completed'))
        .orderBy(jobs.createdAt, jobs.id);
      return rows.map((r) => r.id);
    },

    /** Deletes the job; its files, steps, assignments and result rows go by cascade. */
    async deleteJob(id: string): Promise<void> {
      await db.delete(jobs).where(eq(jobs.id, id));
    },
  };
}
