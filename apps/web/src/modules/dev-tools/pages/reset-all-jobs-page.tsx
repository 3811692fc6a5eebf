import { RESET_ALL_JOBS_CONFIRMATION } from '@b2b/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Section } from '../../../components/layout/section';
import { errorMessageOf } from '../../../lib/api-error';
import { useResetAllJobs } from '../api/reset-all-jobs';
import { useT } from '../../../lib/i18n';

/**
 * /dev/tools/reset-all-jobs (SPEC §2 Dev): start every submitted job's pipeline over, after a
 * matching or scoring change in a test environment. The person types the confirmation; the
 * server checks it again and refuses production.
 */
export function ResetAllJobsPage() {
  const t = useT();
  const [typed, setTyped] = useState('');
  const reset = useResetAllJobs();
  const confirmed = typed.trim() === RESET_ALL_JOBS_CONFIRMATION;
  return (
    <Section title={t('Reset all jobs')}>
      <Stack spacing={2} sx={{ maxWidth: 640 }}>
        <Typography>
          {t(
            'Every submitted job cancels what it has queued and runs its whole pipeline again from Ingest, with the active rulesets and reference data. Draft jobs are left as they are. Results are replaced as each job finishes. This is refused in production.',
          )}
        </Typography>
        <TextField
          label={t('Type {{expected}} to confirm', { expected: RESET_ALL_JOBS_CONFIRMATION })}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          autoComplete="off"
        />
        <div>
          <Button
            variant="contained"
            color="error"
            disabled={!confirmed || reset.isPending}
            onClick={() => reset.mutate(typed)}
          >
            {t('Reset all jobs')}
          </Button>
        </div>
        {reset.error && <Alert severity="error">{errorMessageOf(reset.error)}</Alert>}
        {reset.data && (
          <Alert severity="success" role="status">
            {t(
              '{{resetCount}} jobs were started over; {{skippedCount}} drafts were left as they are.',
              {
                resetCount: reset.data.resetCount,
                skippedCount: reset.data.skippedDraftCount,
              },
            )}
          </Alert>
        )}
      </Stack>
    </Section>
  );
}
