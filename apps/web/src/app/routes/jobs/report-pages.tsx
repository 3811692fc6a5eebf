import { PRINTABLE_REPORT_PERMISSIONS, isPrintableReportType } from '@b2b/contract';
import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import { useParams } from 'react-router';
import { errorMessageOf, isApiError } from '../../../lib/api-error';
import { useT } from '../../../lib/i18n';
import { useCan } from '../../../lib/permissions';
import { useJob } from '../../../modules/jobs/api/get-job';
import { JobFrame } from '../../../modules/jobs/components/job-frame';
import { InsightsReportPage } from '../../../modules/reports/pages/insights-report-page';
import { InsightsPresentationPage } from '../../../modules/reports/pages/presentation-page';
import { PRINTABLE_REPORTS } from './printable-reports';

/*
 * The reports module's pages composed with the jobs module's job frame, and the printable route
 * dispatcher, which mounts each report type's body from the module that owns it.
 */

export function InsightsReportRoute() {
  return <JobFrame>{(job) => <InsightsReportPage job={job} />}</JobFrame>;
}

export function InsightsPresentationRoute() {
  return <JobFrame>{(job) => <InsightsPresentationPage job={job} />}</JobFrame>;
}

function PrintableReport({ jobId, type, params }: { jobId: string; type: string; params: string }) {
  const t = useT();
  const job = useJob(jobId);
  const known = isPrintableReportType(type);
  const allowed = useCan(known ? [PRINTABLE_REPORT_PERMISSIONS[type]] : []);
  if (!known) {
    return (
      <Alert severity="error">
        {t('Unknown report type “{{type}}”: there is no printable report of that name.', { type })}
      </Alert>
    );
  }
  if (!allowed) return <Alert severity="error">{t('You may not open this report.')}</Alert>;
  if (job.isError) {
    return (
      <Alert severity="error">
        {isApiError(job.error, 404)
          ? t('This job does not exist or you may not see it.')
          : errorMessageOf(job.error)}
      </Alert>
    );
  }
  if (!job.data) return <LinearProgress aria-label={t('Loading the job')} />;
  const Report = PRINTABLE_REPORTS[type];
  return <Report job={job.data} params={params} />;
}

/** /jobs/:jobId/printable/:analysisReportType/* in the printable frame. */
export function PrintableReportRoute() {
  const { jobId = '', analysisReportType = '', '*': params = '' } = useParams();
  return <PrintableReport jobId={jobId} type={analysisReportType} params={params} />;
}
