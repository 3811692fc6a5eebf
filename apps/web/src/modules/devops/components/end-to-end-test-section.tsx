import type { EndToEndTestRun } from '@b2b/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useNotify } from '../../../components/feedback/notifications';
import { Section } from '../../../components/layout/section';
import { useWizardIssuers } from '../../jobs/api/list-wizard-issuers';
import { useRunEndToEndTest } from '../api/run-end-to-end-test';
import { JobWorkflowPanel } from './job-workflow-panel';
import { translateServerMessage, useT } from '../../../lib/i18n';

function SetupSteps({ run }: { run: EndToEndTestRun }) {
  const t = useT();
  return (
    <List dense aria-label={t('Setup steps')}>
      {run.steps.map((s) => (
        <ListItem key={s.step} disableGutters>
          <ListItemText
            primary={`${s.ok ? '✓' : '✗'} ${translateServerMessage(s.step)} (${s.millis} ms)`}
            secondary={translateServerMessage(s.message)}
            slotProps={{ primary: { color: s.ok ? 'text.primary' : 'error' } }}
          />
        </ListItem>
      ))}
    </List>
  );
}

/**
 * The end-to-end test (EndToEndTest_RUN): a canned Summary Upload job created for the chosen
 * issuer, filled and submitted the way a user would; its setup steps, then its pipeline steps
 * as ProQ runs them.
 */
export function EndToEndTestSection() {
  const t = useT();
  const issuers = useWizardIssuers();
  const run = useRunEndToEndTest();
  const notify = useNotify();
  const [issuerId, setIssuerId] = useState('');
  const result = run.data;
  return (
    <Section title={t('End-to-end test')}>
      <Stack spacing={2}>
        <Typography variant="body2">
          {t(
            'Creates a Summary Upload job of ten suppliers for the issuer (its buyer “End-to-end test buyer”), attaches the file, submits it and follows every step of its pipeline.',
          )}
        </Typography>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <TextField
            select
            size="small"
            label={t('Issuer')}
            value={issuerId}
            onChange={(e) => setIssuerId(e.target.value)}
            sx={{ minWidth: 240 }}
          >
            {(issuers.data ?? []).map((i) => (
              <MenuItem key={i.id} value={i.id}>
                {i.name}
              </MenuItem>
            ))}
          </TextField>
          <Box>
            <Button
              variant="contained"
              disabled={!issuerId || run.isPending}
              onClick={() =>
                run.mutate(issuerId, {
                  onError: (e) => notify.error(e, { operation: t('Run end-to-end test') }),
                })
              }
            >
              {t('Run end-to-end test')}
            </Button>
          </Box>
        </Stack>
        {result && (
          <Box role="status">
            {result.ok ? (
              <Alert severity="info">
                {t('{{name}} submitted.', { name: result.jobName })}{' '}
                <Link component={RouterLink} to={`/jobs/${result.jobId}/details`}>
                  {t('Open the job')}
                </Link>
              </Alert>
            ) : (
              <Alert severity="error">{t('The end-to-end test stopped at a setup step.')}</Alert>
            )}
            <SetupSteps run={result} />
          </Box>
        )}
        {result?.jobId && <JobWorkflowPanel jobId={result.jobId} />}
      </Stack>
    </Section>
  );
}
