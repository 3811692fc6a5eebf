import type { JobDetails } from '@b2b/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { errorMessageOf } from '../../../../lib/api-error';
import { translateServerMessage, useT } from '../../../../lib/i18n';
import { useConnectAccountingSystem } from '../../../merge-links/api/connect-accounting-system';
import { useJobAccountingConnection } from '../../../merge-links/api/get-job-accounting-connection';

/**
 * The data step's "Connect accounting system" (SPEC §3 input data option MergeLink): shown when
 * the job's issuer takes MergeLink, beside (or instead of) the file upload. Connecting opens
 * Merge Link; each sync of the connection makes a new Consultant Upload job for the buyer and
 * submits it. Without the accounting API configured it says how to configure it.
 */
export function AccountingConnection({ job }: { job: JobDetails }) {
  const t = useT();
  const connection = useJobAccountingConnection(job.id);
  const connect = useConnectAccountingSystem(job.id);
  if (!connection.data?.offered) return null;
  const { configured, configureHint, linkedAccounts } = connection.data;
  return (
    <Paper variant="outlined" component="section" aria-label={t('Accounting system')} sx={{ p: 2 }}>
      <Stack spacing={2}>
        <Typography variant="subtitle1" component="h4">
          {t('Connect accounting system')}
        </Typography>
        <Typography>
          {t(
            'Instead of uploading files, connect {{buyer}}’s accounting system: its vendors, invoices and payments are fetched into a new Consultant Upload job, submitted for analysis.',
            { buyer: job.buyerName },
          )}
        </Typography>
        {!configured && (
          <Alert severity="warning" role="status">
            {configureHint && t(configureHint)}
          </Alert>
        )}
        {linkedAccounts.length > 0 && (
          <Box component="ul" sx={{ m: 0, pl: 3 }} aria-label={t('Connected accounting systems')}>
            {linkedAccounts.map((a) => (
              <li key={a.id}>
                <Typography variant="body2">
                  {t('{{system}}: {{status}}, last sync {{when}}', {
                    system: a.integrationName ?? t('Accounting system'),
                    status: t(a.status),
                    when: a.lastSyncAt ? new Date(a.lastSyncAt).toLocaleString() : t('not yet'),
                  })}
                  {a.lastError ? ` — ${translateServerMessage(a.lastError)}` : ''}
                </Typography>
              </li>
            ))}
          </Box>
        )}
        {connect.data && (
          <Alert severity="success" role="status">
            {translateServerMessage(connect.data.message)}
          </Alert>
        )}
        {connect.data === null && (
          <Alert severity="info">
            {t('Merge Link was closed before the system was connected.')}
          </Alert>
        )}
        {connect.isError && <Alert severity="error">{errorMessageOf(connect.error)}</Alert>}
        <Box>
          <Button
            variant="outlined"
            disabled={!configured || connect.isPending}
            onClick={() => connect.mutate()}
          >
            {t('Connect accounting system')}
          </Button>
        </Box>
      </Stack>
    </Paper>
  );
}
