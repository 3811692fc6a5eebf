/**
 * Read model: a job's use cases with their stored figures for the job's current results
 * version, in one query (the list on a job of any size stays a read). Reads use_cases and
 * use_case_figures (this module) and jobs (jobs module: run number and completion time, which
 * every run that rewrites the results changes).
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { jobs } from '../jobs/job.schema.js';
import { type StoredSegmentFigures, useCaseFigures, useCases } from './use-cases.schema.js';

/**
 * The results version of the job row `jobs` (its run and when that run completed) and of the
 * issuer's supplier lists (their digest), which leave suppliers out of every use case.
 */
const resultsVersionOf = (listsDigest: string) =>
  sql<string>`(${jobs.runNumber}::text || ':' || coalesce(to_char(${jobs.completedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US'), '') || ':' || ${listsDigest}::text)`;

export type UseCaseWithFigures = {
  useCase: typeof useCases.$inferSelect;
  /** Null when none is stored for `resultsVersion` yet. */
  figures: StoredSegmentFigures | null;
  resultsVersion: string;
};

export function createUseCaseFiguresRead(db: Database) {
  return {
    /** The job's use cases (all, or those of `ids`) in list order, each with its figures. */
    async withFigures(
      jobId: string,
      listsDigest: string,
      ids?: readonly string[],
    ): Promise<UseCaseWithFigures[]> {
      if (ids?.length === 0) return [];
      const RESULTS_VERSION = resultsVersionOf(listsDigest);
      const rows = await db
        .select({
          useCase: useCases,
          figures: useCaseFigures.figures,
          resultsVersion: RESULTS_VERSION,
        })
        .from(useCases)
        .innerJoin(jobs, eq(jobs.id, useCases.jobId))
        .leftJoin(
          useCaseFigures,
          and(
            eq(useCaseFigures.useCaseId, useCases.id),
            eq(useCaseFigures.resultsVersion, RESULTS_VERSION),
          ),
        )
        .where(and(eq(useCases.jobId, jobId), ids ? inArray(useCases.id, [...ids]) : undefined))
        .orderBy(asc(useCases.createdAt), asc(useCases.id));
      // Figures stored before suppliers without contact were counted are computed again once.
      return rows.map((r) =>
        r.figures && typeof r.figures.noContact !== 'number' ? { ...r, figures: null } : r,
      );
    },

    /** The job's current results version. */
    async resultsVersion(jobId: string, listsDigest: string): Promise<string> {
      const [row] = await db
        .select({ resultsVersion: resultsVersionOf(listsDigest) })
        .from(jobs)
        .where(eq(jobs.id, jobId));
      if (!row) throw new Error(`job ${jobId} not found`);
      return row.resultsVersion;
    },
  };
}
