import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import { useParams } from 'react-router';
import { errorMessageOf } from '../../../lib/api-error';
import { useT } from '../../../lib/i18n';
import { useDatasets } from '../api/list-datasets';
import { useReport } from '../api/get-report';
import { ReportEditor } from '../components/report-editor';

/**
 * /reports/{reportId} (SPEC §2, AnalyticsQuery_VIEW): a saved report, run as the viewer may
 * see it; its owner changes, shares, schedules or deletes it; anyone who opens it exports it.
 */
export function ReportPage() {
  const t = useT();
  const { reportId = '' } = useParams();
  const datasets = useDatasets();
  const report = useReport(reportId);
  const error = report.error ?? datasets.error;
  if (error) return <Alert severity="error">{errorMessageOf(error)}</Alert>;
  if (!report.data || !datasets.data)
    return <LinearProgress aria-label={t('Loading the report')} />;
  return <ReportEditor key={report.data.id} datasets={datasets.data} report={report.data} />;
}
