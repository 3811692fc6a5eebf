import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import { errorMessageOf } from '../../../lib/api-error';
import { useT } from '../../../lib/i18n';
import { useDatasets } from '../api/list-datasets';
import { ReportEditor } from '../components/report-editor';

/** /reports/create (SPEC §2, AnalyticsQuery_VIEW): build a query and save it as a report. */
export function CreateReportPage() {
  const t = useT();
  const datasets = useDatasets();
  if (datasets.isError) return <Alert severity="error">{errorMessageOf(datasets.error)}</Alert>;
  if (!datasets.data) return <LinearProgress aria-label={t('Loading the datasets')} />;
  return <ReportEditor datasets={datasets.data} />;
}
