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
import { tKey, translateServerMessage, useT } from '../../../lib/i18n';

const FILE_STATE_TEXT = {
  claimed: tKey('Claimed'),
  downloaded: tKey('Downloaded'),
  submitted: tKey('Job submitted'),
  moved: tKey('Job submitted, moved to processed/'),
  failed: tKey('Failed'),
} as const;

function ConnectionSection({ configId }: { configId: string }) {
  const t = useT();
  const test = useTestSftpConnection(configId);
  const poll = usePollSftpInbox(configId);
  const notify = useNotify();
  return (
    <Section title={t('Connection')}>
      <Stack spacing={2}>
        <Stack direction="row" spacing={2}>
          <Button variant="outlined" onClick={() => test.mutate()} disabled={test.isPending}>
            {t('Test connection')}
          </Button>
          <Button
            variant="contained"
            disabled={poll.isPending}
            onClick={() =>
              poll.mutate(undefined, {
                onSuccess: () => notify.success(t('Poll queued')),
                onError: (e) => notify.error(e, { operation: t('Poll now') }),
              })
            }
          >
            {t('Poll now')}
          </Button>
        </Stack>
        {test.isPending && <LinearProgress aria-label={t('Testing the connection')} />}
        {test.error && <Alert severity="error">{errorMessageOf(test.error)}</Alert>}
        {test.data && (
          <Box role="status">
            <Alert severity={test.data.ok ? 'success' : 'error'}>
              {translateServerMessage(test.data.message)} ({test.data.millis} ms)
              {!test.data.ok && test.data.offeredFingerprint && (
                <div>
                  {t('The server offered {{fingerprint}}.', {
                    fingerprint: test.data.offeredFingerprint,
                  })}
                </div>
              )}
            </Alert>
            {test.data.matchingFiles.length > 0 && (
              <Typography variant="note">
                {t('Matching files: {{files}}', { files: test.data.matchingFiles.join(', ') })}
              </Typography>
            )}
          </Box>
        )}
      </Stack>
    </Section>
  );
}

function FilesSection({ files }: { files: SftpInboxDetail['files'] }) {
  const t = useT();
  return (
    <Section title={t('Recent files')}>
      {files.length === 0 ? (
        <Typography>{t('No file has been taken yet.')}</Typography>
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={t('Recent files')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('File')}</TableCell>
                <TableCell align="right">{t('Size')}</TableCell>
                <TableCell>{t('Taken')}</TableCell>
                <TableCell>{t('State')}</TableCell>
                <TableCell>{t('Job')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {files.map((f) => (
                <TableRow key={f.id}>
                  <TableCell>{f.remotePath}</TableCell>
                  <TableCell align="right">
                    {t('{{size}} bytes', { size: f.sizeBytes.toLocaleString() })}
                  </TableCell>
                  <TableCell>{new Date(f.claimedAt).toLocaleString()}</TableCell>
                  <TableCell>
                    {t(FILE_STATE_TEXT[f.state])}
                    {f.error && (
                      <Typography variant="note" component="div" color="error">
                        {translateServerMessage(f.error)}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell>
                    {f.jobId ? (
                      <Link component={RouterLink} to={`/jobs/${f.jobId}/details`}>
                        {t('Open the job')}
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
  const t = useT();
  const { configId = '' } = useParams();
  const inbox = useSftpInbox(configId, 3000);
  const update = useUpdateSftpInbox(configId);
  const notify = useNotify();
  if (inbox.error) return <Alert severity="error">{errorMessageOf(inbox.error)}</Alert>;
  if (!inbox.data) return <LinearProgress aria-label={t('Loading the inbox')} />;
  const { inbox: config, files } = inbox.data;
  return (
    <Stack spacing={3}>
      <Section title={config.name}>
        <Stack spacing={2}>
          {config.lastError && (
            <Alert severity="error">
              {config.lastErrorAt
                ? t('Last error ({{when}}): {{error}}', {
                    when: new Date(config.lastErrorAt).toLocaleString(),
                    error: translateServerMessage(config.lastError),
                  })
                : t('Last error: {{error}}', { error: translateServerMessage(config.lastError) })}
            </Alert>
          )}
          <FactList
            label={t('Inbox')}
            facts={[
              [t('Status'), t(INBOX_STATUS_TEXT[config.status])],
              [
                t('Last poll'),
                config.lastPolledAt ? new Date(config.lastPolledAt).toLocaleString() : '',
              ],
              [t('Issuer / buyer'), `${config.issuerName} / ${config.buyerName}`],
              [
                t('Remote folder'),
                `${config.username}@${config.host}:${config.port}${config.remoteFolder}`,
              ],
              [t('File pattern'), config.filePattern],
              [t('Host key'), config.hostKeyFingerprint],
            ]}
          />
        </Stack>
      </Section>
      <ConnectionSection configId={configId} />
      <FilesSection files={files} />
      <Section title={t('Settings')}>
        <InboxForm
          key={config.updatedAt}
          inbox={config}
          submitLabel={t('Save changes')}
          pending={update.isPending}
          error={update.error ? errorMessageOf(update.error) : null}
          onSubmit={(body) =>
            update.mutate(body, { onSuccess: () => notify.success(t('Inbox saved')) })
          }
        />
      </Section>
    </Stack>
  );
}
