import { JobNoAccess } from '../components/job-no-access';

/** /jobs/:jobId/no-access: a job the user cannot see (the job pages show the same in place). */
export function JobNoAccessPage() {
  return <JobNoAccess />;
}
