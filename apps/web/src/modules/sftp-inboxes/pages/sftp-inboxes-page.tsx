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
import { Link as RouterLink } from 'react-router';
import { Section } from '../../../components/layout/section';
import { errorMessageOf } from '../../../lib/api-error';
import { useSftpInboxes } from '../api/list-sftp-inboxes';
import { INBOX_STATUS_TEXT } from '../components/inbox-status';
import { translateServerMessage, useT } from '../../../lib/i18n';

/**
 * /devops/sftp-configuration: every SFTP inbox — a remote folder per issuer and buyer whose new
 * files become submitted jobs — with where its last poll left it.
 */
export function SftpInboxesPage() {
  const t = useT();
  const inboxes = useSftpInboxes();
  const items = inboxes.data?.items ?? [];
  return (
    <Section title={t('SFTP inboxes')}>
      <Stack spacing={2}>
        <Box>
          <Button variant="contained" component={RouterLink} to="/devops/sftp-configuration/create">
            {t('New SFTP inbox')}
          </Button>
        </Box>
        {inboxes.error && <Alert severity="error">{errorMessageOf(inboxes.error)}</Alert>}
        {inboxes.isPending && <LinearProgress aria-label={t('Loading the inboxes')} />}
        {inboxes.data && items.length === 0 && (
          <Typography>{t('No SFTP inbox is configured yet.')}</Typography>
        )}
        {items.length > 0 && (
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label={t('SFTP inboxes')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('Name')}</TableCell>
                  <TableCell>{t('Issuer / buyer')}</TableCell>
                  <TableCell>{t('Remote folder')}</TableCell>
                  <TableCell>{t('Schedule')}</TableCell>
                  <TableCell>{t('Status')}</TableCell>
                  <TableCell>{t('Last poll')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {items.map((inbox) => (
                  <TableRow key={inbox.id}>
                    <TableCell>
                      <Link component={RouterLink} to={`/devops/sftp-configuration/${inbox.id}`}>
                        {inbox.name}
                      </Link>
                    </TableCell>
                    <TableCell>
                      {inbox.issuerName} / {inbox.buyerName}
                    </TableCell>
                    <TableCell>
                      {inbox.username}@{inbox.host}:{inbox.port}
                      {inbox.remoteFolder} ({inbox.filePattern})
                    </TableCell>
                    <TableCell>
                      {!inbox.enabled
                        ? t('Disabled')
                        : inbox.schedule.kind === 'minutes'
                          ? t('Every {{minutes}} min', { minutes: inbox.schedule.minutes })
                          : inbox.schedule.cron}
                    </TableCell>
                    <TableCell>
                      {t(INBOX_STATUS_TEXT[inbox.status])}
                      {inbox.lastError && (
                        <Typography variant="note" component="div" color="error">
                          {translateServerMessage(inbox.lastError)}
                        </Typography>
                      )}
                    </TableCell>
                    <TableCell>
                      {inbox.lastPolledAt ? new Date(inbox.lastPolledAt).toLocaleString() : '—'}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        )}
      </Stack>
    </Section>
  );
}
