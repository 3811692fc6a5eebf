import { RESET_ALL_JOBS_CONFIRMATION, type ResetAllJobsResult } from '@b2b/contract';
import type { Actor } from '../../lib/actor.js';
import { AppError } from '../../lib/app-error.js';
import type { JobsService } from '../jobs/jobs.service.js';
import type { SystemLogsService } from '../system-logs/system-logs.service.js';

/**
 * Reset all jobs (SPEC §2 Dev, /dev/tools/reset-all-jobs): every submitted job runs its pipeline
 * again, as after a matching or scoring change in a test environment. Production refuses it
 * whoever asks — it would start every customer's analysis over — and the person must type the
 * confirmation, so a stray click does nothing.
 */
export function createResetAllJobsService(deps: {
  env: 'development' | 'production' | 'test';
  jobs: Pick<JobsService, 'workflow'>;
  systemLogs: SystemLogsService;
}) {
  return {
    async resetAll(actor: Actor, confirmation: string): Promise<ResetAllJobsResult> {
      if (deps.env === 'production') {
        throw AppError.conflict(
          "Reset all jobs is refused in production: it would start every customer's analysis over.",
        );
      }
      if (confirmation.trim() !== RESET_ALL_JOBS_CONFIRMATION) {
        throw AppError.badRequest(
          `Type ${RESET_ALL_JOBS_CONFIRMATION} to confirm.`,
          'confirmation',
        );
      }
      const result = await deps.jobs.workflow.resetAll(actor);
      await deps.systemLogs.record(actor, {
        action: 'ResetAllJobs',
        entityType: 'Job',
        entityId: 'all',
        after: result,
      });
      return result;
    },
  };
}
