import type { JobDetails } from '@b2b/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { errorMessageOf } from '../../../../lib/api-error';
import { useConnectAccountingSystem } from '../../../merge-links/api/connect-accounting-system';
import { useJobAccountingConnection } from '../../../merge-links/api/get-job-accounting-connection';

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : 'not yet');

/**
 * The data step's "Connect accounting system" (SPEC §3 input data option MergeLink): shown when
 * the job's issuer takes MergeLink, beside (or instead of) the file upload. Connecting opens
 * Merge Link; each sync of the connection makes a new Consultant Upload job for the buyer and
 * submits it. Without the accounting API configured it says how to configure it.
 */
export function AccountingConnection({ job }: { job: JobDetails }) {
  const connection = useJobAccountingConnection(job.id);
  const connect = useConnectAccountingSystem(job.id);
  if (!connection.data?.offered) return null;
  const { configured, configureHint, linkedAccounts } = connection.data;
  return (
    <Paper variant="outlined" component="section" aria-label="Accounting system" sx={{ p: 2 }}>
      <Stack spacing={2}>
        <Typography variant="subtitle1" component="h4">
          Connect accounting system
        </Typography>
        <Typography>
          Instead of uploading files, connect {job.buyerName}’s accounting system: its vendors,
          invoices and payments are fetched into a new Consultant Upload job, submitted for
          analysis.
        </Typography>
        {!configured && (
          <Alert severity="warning" role="status">
            {configureHint}
          </Alert>
        )}
        {linkedAccounts.length > 0 && (
          <Box component="ul" sx={{ m: 0, pl: 3 }} aria-label="Connected accounting systems">
            {linkedAccounts.map((a) => (
              <li key={a.id}>
                <Typography variant="body2">
                  {a.integrationName ?? 'Accounting system'}: {a.status}, last sync{' '}
                  {when(a.lastSyncAt)}
                  {a.lastError ? ` — ${a.lastError}` : ''}
                </Typography>
              </li>
            ))}
          </Box>
        )}
        {connect.data && (
          <Alert severity="success" role="status">
            {connect.data.message}
          </Alert>
        )}
        {connect.data === null && (
          <Alert severity="info">Merge Link was closed before the system was connected.</Alert>
        )}
        {connect.isError && <Alert severity="error">{errorMessageOf(connect.error)}</Alert>}
        <Box>
          <Button
            variant="outlined"
            disabled={!configured || connect.isPending}
            onClick={() => connect.mutate()}
          >
            Connect accounting system
          </Button>
        </Box>
      </Stack>
    </Paper>
  );
}
