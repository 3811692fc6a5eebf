import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { Section } from '../../../components/layout/section';
import { errorMessageOf } from '../../../lib/api-error';
import { useUsersComparison } from '../api/compare-users';
import { ComparisonResultView } from '../components/comparison-result-view';
import { ComparisonSettingsPanel } from '../components/comparison-settings-panel';
import { ServiceTokensPanel } from '../components/service-tokens-panel';
import { useT } from '../../../lib/i18n';

/**
 * /devops/endpoint-comparison/users (issue 21, SPEC §2 DevOps): the users of both environments
 * (up to 1,000), matched by username, with their roles and issuers, field by field.
 */
export function EndpointComparisonUsersPage() {
  const t = useT();
  const [started, setStarted] = useState(false);
  const comparison = useUsersComparison(started);

  return (
    <Stack spacing={2}>
      <Section title={t('Compare the users')}>
        <Stack spacing={1}>
          <Typography variant="body2">
            {t(
              'Reads the user administration lists and each user’s details here and in the other environment.',
            )}{' '}
            <Link component={RouterLink} to="/devops/endpoint-comparison/jobs">
              {t('Compare a job instead')}
            </Link>
          </Typography>
          <Stack direction="row">
            <Button
              variant="contained"
              loading={comparison.isFetching}
              onClick={() => (started ? void comparison.refetch() : setStarted(true))}
            >
              {comparison.data ? t('Compare again') : t('Compare users')}
            </Button>
          </Stack>
          {comparison.isFetching && <LinearProgress aria-label={t('Comparing')} />}
          {comparison.error && <Alert severity="error">{errorMessageOf(comparison.error)}</Alert>}
        </Stack>
      </Section>
      {comparison.data && <ComparisonResultView result={comparison.data} />}
      <ComparisonSettingsPanel />
      <ServiceTokensPanel />
    </Stack>
  );
}
