import type { PreparedDownload } from '@b2b/contract';
import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatFileSize } from '../../../components/forms/file-upload-field';
import { errorMessageOf } from '../../../lib/api-error';
import { downloadFileUrl } from '../api/download-file-url';
import { useDownloads } from '../api/list-downloads';
import { useT } from '../../../lib/i18n';

function StateCell({ download }: { download: PreparedDownload }) {
  const t = useT();
  if (download.state === 'Ready') {
    return (
      <Link href={downloadFileUrl(download.id)} download={download.fileName}>
        {t('Download {{file}}', { file: download.fileName })}
      </Link>
    );
  }
  if (download.state === 'Error')
    return (
      <Typography color="error">
        {t('Failed: {{message}}', { message: download.errorMessage })}
      </Typography>
    );
  return (
    <>
      <Typography variant="body2">
        {t('{{state}} ({{progress}}%)', { state: t(download.state), progress: download.progress })}
      </Typography>
      <LinearProgress
        variant="determinate"
        value={download.progress}
        aria-label={t('Preparing {{download}}', { download: download.label })}
      />
    </>
  );
}

/**
 * "Your downloads": the signed-in user's prepared downloads (of one job, or all), any kind —
 * data, reports, presentations — with their progress while they are made and a link once
 * Ready. Only the user who asked sees a download.
 */
export function YourDownloads({ jobId }: { jobId?: string }) {
  const t = useT();
  const list = useDownloads(jobId);
  if (list.isError) return <Alert severity="error">{errorMessageOf(list.error)}</Alert>;
  if (!list.data) return <LinearProgress aria-label={t('Loading your downloads')} />;
  if (list.data.length === 0) {
    return (
      <Typography variant="body2">
        {t('None yet. Large downloads are prepared in the background and appear here.')}
      </Typography>
    );
  }
  return (
    <Table size="small" aria-label={t('Your downloads')}>
      <TableHead>
        <TableRow>
          <TableCell>{t('Download')}</TableCell>
          {!jobId && <TableCell>{t('Job')}</TableCell>}
          <TableCell>{t('Format')}</TableCell>
          <TableCell>{t('Requested')}</TableCell>
          <TableCell align="right">{t('Size')}</TableCell>
          <TableCell>{t('File')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {list.data.map((d) => (
          <TableRow key={d.id}>
            <TableCell>{d.label}</TableCell>
            {!jobId && <TableCell>{d.jobName}</TableCell>}
            <TableCell>{d.format.toUpperCase()}</TableCell>
            <TableCell>{new Date(d.createdAt).toLocaleString()}</TableCell>
            <TableCell align="right">
              {d.sizeBytes === null ? '—' : formatFileSize(d.sizeBytes)}
            </TableCell>
            <TableCell>
              <StateCell download={d} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
