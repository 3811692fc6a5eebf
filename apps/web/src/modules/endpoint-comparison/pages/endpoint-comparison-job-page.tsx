import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import { Section } from '../../../components/layout/section';
import { errorMessageOf } from '../../../lib/api-error';
import { useJobComparison } from '../api/compare-job';
import { ComparisonResultView } from '../components/comparison-result-view';
import { useT } from '../../../lib/i18n';

/**
 * /devops/endpoint-comparison/jobs/{jobId}: the job compared with the other environment
 * (`?remoteJobId=`, the same id by default), grouped by section, with a filterable table.
 */
export function EndpointComparisonJobPage() {
  const t = useT();
  const { jobId = '' } = useParams();
  const [search] = useSearchParams();
  const remoteJobId = search.get('remoteJobId') || jobId;
  const comparison = useJobComparison(jobId, remoteJobId);

  return (
    <Stack spacing={2}>
      <Section title={t('Job comparison')}>
        <Stack spacing={1}>
          <Typography>
            {t('Job {{job}} here against job {{remote}} in the other environment.', {
              job: jobId,
              remote: remoteJobId,
            })}
          </Typography>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <Button
              variant="contained"
              onClick={() => void comparison.refetch()}
              loading={comparison.isFetching}
            >
              {t('Compare again')}
            </Button>
            <Link component={RouterLink} to="/devops/endpoint-comparison/jobs">
              {t('Another job or the settings')}
            </Link>
          </Stack>
          {comparison.isFetching && <LinearProgress aria-label={t('Comparing')} />}
          {comparison.error && <Alert severity="error">{errorMessageOf(comparison.error)}</Alert>}
        </Stack>
      </Section>
      {comparison.data && <ComparisonResultView result={comparison.data} />}
    </Stack>
  );
}
