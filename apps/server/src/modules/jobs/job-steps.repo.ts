import type { WorkflowStepKind } from '@b2b/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { runPrepared } from '../../db/prepared-queries.js';
import { jobWorkflowSteps } from './job.schema.js';

export type JobStepRow = typeof jobWorkflowSteps.$inferSelect;
export type JobStepInsert = typeof jobWorkflowSteps.$inferInsert;

/** A job's workflow steps (Ingest, Match, Score, Aggregate), one row each. */
export function createJobStepsRepo(db: Database) {
  return {
    async steps(jobId: string): Promise<JobStepRow[]> {
      return runPrepared(
        db,
        'jobSteps.steps',
        () =>
          db
            .select()
            .from(jobWorkflowSteps)
            .where(eq(jobWorkflowSteps.jobId, sql.placeholder('jobId')))
            .orderBy(asc(jobWorkflowSteps.position)),
        { jobId },
      );
    },
    async upsertSteps(rows: JobStepInsert[]) {
      for (const row of rows) {
        await db
          .insert(jobWorkflowSteps)
          .values(row)
          .onConflictDoUpdate({
            target: [jobWorkflowSteps.jobId, jobWorkflowSteps.step],
            set: {
              status: row.status,
              progress: row.progress ?? 0,
              message: row.message ?? null,
              commandId: row.commandId ?? null,
              startedAt: row.startedAt ?? null,
              completedAt: row.completedAt ?? null,
              position: row.position,
            },
          });
      }
    },
    async updateStep(jobId: string, step: WorkflowStepKind, values: Partial<JobStepInsert>) {
      await db
        .update(jobWorkflowSteps)
        .set(values)
        .where(and(eq(jobWorkflowSteps.jobId, jobId), eq(jobWorkflowSteps.step, step)));
    },
  };
}
