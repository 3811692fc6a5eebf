import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { Section } from '../../../components/layout/section';
import { errorMessageOf } from '../../../lib/api-error';
import { useCompletedJobs } from '../../jobs/api/list-jobs';
import { ComparisonSettingsPanel } from '../components/comparison-settings-panel';
import { ServiceTokensPanel } from '../components/service-tokens-panel';
import { useT } from '../../../lib/i18n';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * /devops/endpoint-comparison/jobs (issue 21, SPEC §2 DevOps): pick a job of this environment
 * and the id it has in the other one (the same id by default, as after a data migration), then
 * open its comparison. The other environment and your service tokens are set up here too.
 */
export function EndpointComparisonJobsPage() {
  const t = useT();
  const jobs = useCompletedJobs();
  const navigate = useNavigate();
  const [jobId, setJobId] = useState<string | null>(null);
  const [remoteJobId, setRemoteJobId] = useState<string | null>(null);
  const options = jobs.data ?? [];
  const picked = options.find((j) => j.id === jobId) ?? null;
  const remote = remoteJobId ?? jobId ?? '';
  const remoteInvalid = remote !== '' && !UUID.test(remote);

  return (
    <Stack spacing={2}>
      <Section title={t('Compare a job')}>
        <Stack spacing={2}>
          <Typography variant="body2">
            {t(
              'Compares the job’s details, summary, suppliers (up to 1,000) and insights with what the other environment answers, field by field.',
            )}{' '}
            <Link component={RouterLink} to="/devops/endpoint-comparison/users">
              {t('Compare the users instead')}
            </Link>
          </Typography>
          {jobs.error && <Alert severity="error">{errorMessageOf(jobs.error)}</Alert>}
          <Box
            component="form"
            aria-label={t('Job to compare')}
            onSubmit={(event) => {
              event.preventDefault();
              if (!jobId || remoteInvalid) return;
              void navigate(
                `/devops/endpoint-comparison/jobs/${jobId}?remoteJobId=${encodeURIComponent(remote)}`,
              );
            }}
          >
            <Stack
              direction={{ xs: 'column', md: 'row' }}
              spacing={2}
              sx={{ alignItems: 'flex-start' }}
            >
              <Autocomplete
                options={options}
                value={picked}
                loading={jobs.isPending}
                onChange={(_, job) => {
                  setJobId(job?.id ?? null);
                  setRemoteJobId(null);
                }}
                getOptionLabel={(job) => `${job.name} — ${job.issuerName} / ${job.buyerName}`}
                isOptionEqualToValue={(a, b) => a.id === b.id}
                sx={{ minWidth: 360 }}
                renderInput={(params) => (
                  <TextField {...params} label={t('Job in this environment')} required />
                )}
              />
              <TextField
                label={t('Job id in the other environment')}
                value={remote}
                onChange={(e) => setRemoteJobId(e.target.value)}
                error={remoteInvalid}
                helperText={remoteInvalid ? t('Not a job id') : t('The same id unless changed')}
                sx={{ minWidth: 340 }}
                disabled={!jobId}
              />
              <Button variant="contained" type="submit" disabled={!jobId || remoteInvalid}>
                {t('Compare')}
              </Button>
            </Stack>
          </Box>
        </Stack>
      </Section>
      <ComparisonSettingsPanel />
      <ServiceTokensPanel />
    </Stack>
  );
}
