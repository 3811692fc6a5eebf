import { JOB_FILE_ROLES, type JobDetails } from '@b2b/contract';
import { tKey } from '../../../../lib/i18n';

/** The wizard's steps, shown with `t`. */
export const WIZARD_STEPS = [
  tKey('Job setup'),
  tKey('Upload files'),
  tKey('Map columns'),
  tKey('Preview'),
  tKey('Validate and submit'),
] as const;

/**
 * The step a Draft job resumes at, from what it holds: no job → setup; no file of its type →
 * upload; a file not validated with its current mapping (saving a mapping clears the
 * validation) → mapping; every file validated → validate and submit.
 */
export function resumeStepOf(job: JobDetails | undefined): number {
  if (!job) return 0;
  const roles: readonly string[] = JOB_FILE_ROLES[job.type];
  const files = job.files.filter((f) => roles.includes(f.role));
  if (files.length === 0) return 1;
  if (files.some((f) => !f.validation)) return 2;
  return 4;
}
