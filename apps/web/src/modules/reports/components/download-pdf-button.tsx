import type { PrintableReportType } from '@b2b/contract';
import PictureAsPdf from '@mui/icons-material/PictureAsPdf';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { errorMessageOf } from '../../../lib/api-error';
import { downloadFileUrl } from '../../downloads/api/download-file-url';
import { useRequestDownload } from '../../downloads/api/request-download';
import { usePreparedDownload } from '../api/get-prepared-download';
import { useT } from '../../../lib/i18n';

export type DownloadPdfButtonProps = {
  jobId: string;
  analysisReportType: PrintableReportType;
  /** The rest of the printable route after the type (a slice, a scenario id…). */
  params?: string;
  /** The accessible name where a screen has several (one per scenario…); it starts with "Download PDF", the visible text (WCAG 2.5.3). */
  label?: string;
};

/**
 * "Download PDF" for any printable report: asks the server to print the printable route with
 * Chromium (a queued command), shows its progress, and downloads the file once it is ready. The
 * PDF also stays in the user's downloads list.
 */
export function DownloadPdfButton({
  jobId,
  analysisReportType,
  params = '',
  label,
}: DownloadPdfButtonProps) {
  const t = useT();
  const request = useRequestDownload(jobId);
  const [downloadId, setDownloadId] = useState<string>();
  const download = usePreparedDownload(downloadId);
  const fetched = useRef<string>(undefined);
  const state = download.data?.state;
  const fileUrl = downloadId ? downloadFileUrl(downloadId) : undefined;

  // Once ready, the browser fetches the file (once per request).
  useEffect(() => {
    if (state !== 'Ready' || !fileUrl || fetched.current === fileUrl) return;
    fetched.current = fileUrl;
    const link = document.createElement('a');
    link.href = fileUrl;
    link.download = '';
    document.body.append(link);
    link.click();
    link.remove();
  }, [state, fileUrl]);

  const preparing =
    request.isPending ||
    (!!downloadId && (state === undefined || state === 'Queued' || state === 'Running'));
  return (
    <Stack spacing={1} sx={{ alignItems: 'flex-start', displayPrint: 'none' }}>
      <Button
        variant="contained"
        size={label ? 'small' : 'medium'}
        aria-label={label}
        startIcon={<PictureAsPdf />}
        disabled={preparing}
        onClick={() =>
          request.mutate(
            { kind: 'report-pdf', format: 'pdf', params: { analysisReportType, params } },
            { onSuccess: (created) => setDownloadId(created.id) },
          )
        }
      >
        {t('Download PDF')}
      </Button>
      {preparing && (
        <Stack spacing={0.5} sx={{ minWidth: 240 }}>
          <Typography variant="body2" role="status">
            {t('Preparing the PDF… {{progress}}%', { progress: download.data?.progress ?? 0 })}
          </Typography>
          <LinearProgress
            variant="determinate"
            value={download.data?.progress ?? 0}
            aria-label={t('Preparing the PDF')}
          />
        </Stack>
      )}
      {state === 'Ready' && fileUrl && (
        <Typography variant="body2" role="status">
          {t('The PDF is ready:')}{' '}
          <a href={fileUrl} download>
            {download.data?.fileName}
          </a>{' '}
          {t('(also in your downloads).')}
        </Typography>
      )}
      {state === 'Error' && (
        <Alert severity="error">
          {t('The PDF could not be made: {{message}}', { message: download.data?.errorMessage })}
        </Alert>
      )}
      {request.isError && <Alert severity="error">{errorMessageOf(request.error)}</Alert>}
      {download.isError && <Alert severity="error">{errorMessageOf(download.error)}</Alert>}
    </Stack>
  );
}
