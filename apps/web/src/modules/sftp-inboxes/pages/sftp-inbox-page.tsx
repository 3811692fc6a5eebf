import type { SftpInboxDetail } from '@b2b/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useParams } from 'react-router';
import { useNotify } from '../../../components/feedback/notifications';
import { FactList } from '../../../components/layout/fact-list';
import { Section } from '../../../components/layout/section';
import { errorMessageOf } from '../../../lib/api-error';
import { useSftpInbox } from '../api/get-sftp-inbox';
import { usePollSftpInbox } from '../api/poll-sftp-inbox';
import { useTestSftpConnection } from '../api/test-sftp-connection';
import { useUpdateSftpInbox } from '../api/update-sftp-inbox';
import { InboxForm } from '../components/inbox-form';
import { INBOX_STATUS_TEXT } from '../components/inbox-status';

const FILE_STATE_TEXT = {
  claimed: 'Claimed',
  downloaded: 'Downloaded',
  submitted: 'Job submitted',
  moved: 'Job submitted, moved to processed/',
  failed: 'Failed',
} as const;

function ConnectionSection({ configId }: { configId: string }) {
  const test = useTestSftpConnection(configId);
  const poll = usePollSftpInbox(configId);
  const notify = useNotify();
  return (
    <Section title="Connection">
      <Stack spacing={2}>
        <Stack direction="row" spacing={2}>
          <Button variant="outlined" onClick={() => test.mutate()} disabled={test.isPending}>
            Test connection
          </Button>
          <Button
            variant="contained"
            disabled={poll.isPending}
            onClick={() =>
              poll.mutate(undefined, {
                onSuccess: () => notify.success('Poll queued'),
                onError: (e) => notify.error(e, { operation: 'Poll now' }),
              })
            }
          >
            Poll now
          </Button>
        </Stack>
        {test.isPending && <LinearProgress aria-label="Testing the connection" />}
        {test.error && <Alert severity="error">{errorMessageOf(test.error)}</Alert>}
        {test.data && (
          <Box role="status">
            <Alert severity={test.data.ok ? 'success' : 'error'}>
              {test.data.message} ({test.data.millis} ms)
              {!test.data.ok && test.data.offeredFingerprint && (
                <div>The server offered {test.data.offeredFingerprint}.</div>
              )}
            </Alert>
            {test.data.matchingFiles.length > 0 && (
              <Typography variant="note">
                Matching files: {test.data.matchingFiles.join(', ')}
              </Typography>
            )}
          </Box>
        )}
      </Stack>
    </Section>
  );
}

function FilesSection({ files }: { files: SftpInboxDetail['files'] }) {
  return (
    <Section title="Recent files">
      {files.length === 0 ? (
        <Typography>No file has been taken yet.</Typography>
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label="Recent files">
            <TableHead>
              <TableRow>
                <TableCell>File</TableCell>
                <TableCell align="right">Size</TableCell>
                <TableCell>Taken</TableCell>
                <TableCell>State</TableCell>
                <TableCell>Job</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {files.map((f) => (
                <TableRow key={f.id}>
                  <TableCell>{f.remotePath}</TableCell>
                  <TableCell align="right">{f.sizeBytes.toLocaleString()} bytes</TableCell>
                  <TableCell>{new Date(f.claimedAt).toLocaleString()}</TableCell>
                  <TableCell>
                    {FILE_STATE_TEXT[f.state]}
                    {f.error && (
                      <Typography variant="note" component="div" color="error">
                        {f.error}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell>
                    {f.jobId ? (
                      <Link component={RouterLink} to={`/jobs/${f.jobId}/details`}>
                        Open the job
                      </Link>
                    ) : (
                      '—'
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
    </Section>
  );
}

/**
 * /devops/sftp-configuration/:configId: an inbox's state (last poll, last error with the
 * server's message), "Test connection", "Poll now", its recent files with their jobs, and its
 * settings to edit.
 */
export function SftpInboxPage() {
  const { configId = '' } = useParams();
  const inbox = useSftpInbox(configId, 3000);
  const update = useUpdateSftpInbox(configId);
  const notify = useNotify();
  if (inbox.error) return <Alert severity="error">{errorMessageOf(inbox.error)}</Alert>;
  if (!inbox.data) return <LinearProgress aria-label="Loading the inbox" />;
  const { inbox: config, files } = inbox.data;
  return (
    <Stack spacing={3}>
      <Section title={config.name}>
        <Stack spacing={2}>
          {config.lastError && (
            <Alert severity="error">
              Last error
              {config.lastErrorAt
                ? ` (${new Date(config.lastErrorAt).toLocaleString()})`
                : ''}: {config.lastError}
            </Alert>
          )}
          <FactList
            label="Inbox"
            facts={[
              ['Status', INBOX_STATUS_TEXT[config.status]],
              [
                'Last poll',
                config.lastPolledAt ? new Date(config.lastPolledAt).toLocaleString() : '',
              ],
              ['Issuer / buyer', `${config.issuerName} / ${config.buyerName}`],
              [
                'Remote folder',
                `${config.username}@${config.host}:${config.port}${config.remoteFolder}`,
              ],
              ['File pattern', config.filePattern],
              ['Host key', config.hostKeyFingerprint],
            ]}
          />
        </Stack>
      </Section>
      <ConnectionSection configId={configId} />
      <FilesSection files={files} />
      <Section title="Settings">
        <InboxForm
          key={config.updatedAt}
          inbox={config}
          submitLabel="Save changes"
          pending={update.isPending}
          error={update.error ? errorMessageOf(update.error) : null}
          onSubmit={(body) =>
            update.mutate(body, { onSuccess: () => notify.success('Inbox saved') })
          }
        />
      </Section>
    </Stack>
  );
}
