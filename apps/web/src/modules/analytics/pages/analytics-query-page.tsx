import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import { errorMessageOf } from '../../../lib/api-error';
import { useT } from '../../../lib/i18n';
import { useDatasets } from '../api/list-datasets';
import { ReportEditor } from '../components/report-editor';
import { SavedReports } from '../components/saved-reports';

/**
 * /admin/analytics-query (SPEC §2, AnalyticsQuery_VIEW): the query builder over the allow-list
 * of datasets, and the saved reports.
 */
export function AnalyticsQueryPage() {
  const t = useT();
  const datasets = useDatasets();
  return (
    <Stack spacing={2}>
      <SavedReports />
      {datasets.isPending && <LinearProgress aria-label={t('Loading the datasets')} />}
      {datasets.isError && <Alert severity="error">{errorMessageOf(datasets.error)}</Alert>}
      {datasets.data && <ReportEditor datasets={datasets.data} />}
    </Stack>
  );
}
