import type { JobDetails } from '@b2b/contract';
import LinearProgress from '@mui/material/LinearProgress';
import { Navigate, useParams } from 'react-router';
import { isApiError } from '../../../lib/api-error';
import { useSession } from '../../../lib/auth/get-session';
import { useT } from '../../../lib/i18n';
import { useJob } from '../api/get-job';
import { JobNoAccess } from '../components/job-no-access';
import { visibleJobTabs, type JobTab } from '../components/job-tabs';

/**
 * Where opening a job lands: a Draft job its owner may edit resumes in the wizard; otherwise
 * the Details tab, or the first tab the user sees; with no tab at all, the no-access page.
 */
export function landingPathOf(job: JobDetails, tabs: readonly JobTab[]): string {
  if (job.status === 'Draft' && job.can.editWizard) return `/jobs/${job.id}/workflow/${job.type}`;
  const tab = tabs.find((t) => t.path === 'details') ?? tabs[0];
  return tab ? `/jobs/${job.id}/${tab.path}` : `/jobs/${job.id}/no-access`;
}

/** /jobs/loading/[jobId]: loads the job and sends the user to where it should open. */
export function JobLoadingPage() {
  const t = useT();
  const { '*': splat = '' } = useParams();
  const jobId = splat.split('/')[0] ?? '';
  const { data: user } = useSession();
  const job = useJob(jobId || undefined);
  if (!jobId) return <Navigate to="/analysis" replace />;
  if (job.isError) {
    return isApiError(job.error, 404) || isApiError(job.error, 403) ? (
      <JobNoAccess />
    ) : (
      <Navigate to="/analysis" replace />
    );
  }
  if (!job.data) return <LinearProgress aria-label={t('Loading the job')} />;
  return <Navigate to={landingPathOf(job.data, visibleJobTabs(user))} replace />;
}
