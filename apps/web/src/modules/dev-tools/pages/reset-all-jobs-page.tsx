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

/**
 * /dev/tools/reset-all-jobs (SPEC §2 Dev): start every submitted job's pipeline over, after a
 * matching or scoring change in a test environment. The person types the confirmation; the
 * server checks it again and refuses production.
 */
export function ResetAllJobsPage() {
  const [typed, setTyped] = useState('');
  const reset = useResetAllJobs();
  const confirmed = typed.trim() === RESET_ALL_JOBS_CONFIRMATION;
  return (
    <Section title="Reset all jobs">
      <Stack spacing={2} sx={{ maxWidth: 640 }}>
        <Typography>
          Every submitted job cancels what it has queued and runs its whole pipeline again from
          Ingest, with the active rulesets and reference data. Draft jobs are left as they are.
          Results are replaced as each job finishes. This is refused in production.
        </Typography>
        <TextField
          label={`Type ${RESET_ALL_JOBS_CONFIRMATION} to confirm`}
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
            Reset all jobs
          </Button>
        </div>
        {reset.error && <Alert severity="error">{errorMessageOf(reset.error)}</Alert>}
        {reset.data && (
          <Alert severity="success" role="status">
            {reset.data.resetCount} jobs were started over; {reset.data.skippedDraftCount} drafts
            were left as they are.
          </Alert>
        )}
      </Stack>
    </Section>
  );
}
