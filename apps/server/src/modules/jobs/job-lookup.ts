import type { JobDetails } from '@b2b/contract';
import type { Database } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { AppError } from '../../lib/app-error.js';
import { createJobFilesRepo } from './job-files.repo.js';
import { createJobListRead } from './job-list.read.js';
import { createJobStepsRepo } from './job-steps.repo.js';
import { authorize, jobAbilities, jobViewer } from './jobs.policy.js';
import { presentDetails } from './jobs.presenter.js';
import { type JobRow, createJobsRepo } from './jobs.repo.js';

/**
 * How every jobs service finds the job a call names: visible to the actor (jobs.policy) or 404,
 * editable by the wizard or refused, and answered as the job screen shows it.
 */
export function createJobLookup(db: Database) {
  const repo = createJobsRepo(db);
  const list = createJobListRead(db);
  const steps = createJobStepsRepo(db);
  const files = createJobFilesRepo(db);

  /** A job the actor may see, or 404 (never 403: its existence is not revealed). */
  async function visibleJob(actor: Actor, id: string): Promise<JobRow> {
    const job = await repo.findVisible(jobViewer(actor), id);
    if (!job) throw AppError.notFound('No such job.');
    return job;
  }

  return {
    visibleJob,

    /** The wizard may change the job: it is Draft and the actor owns it (or holds JobEdit). */
    async editableJob(actor: Actor, id: string): Promise<JobRow> {
      const job = await visibleJob(actor, id);
      authorize(actor, 'editWizard', job);
      return job;
    },

    /** The job screen's answer for a job the actor may see (or 404), in one query. */
    async visibleDetails(actor: Actor, id: string): Promise<JobDetails> {
      const found = await list.visibleDetails(jobViewer(actor), id);
      if (!found) throw AppError.notFound('No such job.');
      const { job, row } = found;
      return presentDetails(job, row, found.steps, found.files, jobAbilities(actor, job));
    },

    async details(actor: Actor, job: JobRow): Promise<JobDetails> {
      const [row, jobSteps, jobFiles] = await Promise.all([
        list.listRow(job.id),
        steps.steps(job.id),
        files.files(job.id),
      ]);
      // The list row was read after `job`: a step may have finished in between, so the abilities
      // follow the status the answer shows.
      const current = { ...job, status: row!.status, isPublished: row!.isPublished };
      return presentDetails(current, row!, jobSteps, jobFiles, jobAbilities(actor, current));
    },
  };
}
export type JobLookup = ReturnType<typeof createJobLookup>;
