import type { IngestSummary, JobDetails, JobFile } from '@b2b/contract';
import Download from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { errorMessageOf } from '../../../../lib/api-error';
import { translateServerMessage, useT } from '../../../../lib/i18n';
import { rejectsCsvUrl } from '../../api/download-job-file-rejects';
import { useSubmitJob } from '../../api/submit-job';
import { useValidateFile } from '../../api/validate-job-file';
import { SupplierMerges } from './supplier-merges';
import { roleLabel } from './upload-step';

function RejectedRows({
  job,
  file,
  summary,
}: {
  job: JobDetails;
  file: JobFile;
  summary: IngestSummary;
}) {
  const t = useT();
  const rawColumns = [...new Set(summary.rejected.flatMap((row) => Object.keys(row.raw)))];
  const label = t('Rejected rows of {{file}}', { file: file.fileName });
  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Typography sx={{ flexGrow: 1 }}>
          {summary.rejected.length < summary.rejectedCount
            ? t('The first {{shown}} of {{count}} rejected rows; the download has all of them.', {
                shown: summary.rejected.length,
                count: summary.rejectedCount,
              })
            : summary.rejectedCount === 1
              ? t('1 rejected row:')
              : t('{{count}} rejected rows:', { count: summary.rejectedCount })}
        </Typography>
        <Button
          component="a"
          href={rejectsCsvUrl(job.id, file.id)}
          download
          startIcon={<Download />}
          size="small"
        >
          {t('Download rejected rows (CSV)')}
        </Button>
      </Stack>
      <TableContainer sx={{ maxHeight: 420 }}>
        <Table size="small" stickyHeader aria-label={label}>
          <TableHead>
            <TableRow>
              <TableCell>{t('Row')}</TableCell>
              <TableCell>{t('Reason')}</TableCell>
              {rawColumns.map((column) => (
                <TableCell key={column}>{column}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {summary.rejected.map((row) => (
              <TableRow key={row.rowNumber}>
                <TableCell>{row.rowNumber}</TableCell>
                <TableCell sx={{ color: 'error.main' }}>
                  {translateServerMessage(row.reason)}
                </TableCell>
                {rawColumns.map((column) => (
                  <TableCell key={column}>{row.raw[column] ?? ''}</TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Stack>
  );
}

function FileValidation({ job, file }: { job: JobDetails; file: JobFile }) {
  const t = useT();
  const validate = useValidateFile(job.id);
  const [error, setError] = useState<string | null>(null);
  const summary = file.validation;
  const label = t('Validation of {{file}}', { file: file.fileName });
  return (
    <Paper variant="panel" component="section" aria-label={label}>
      <Stack spacing={2}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <Typography variant="subtitle1" component="h3" sx={{ flexGrow: 1 }}>
            {t(roleLabel(file.role))}: {file.fileName}
          </Typography>
          <Button
            variant={summary ? 'outlined' : 'contained'}
            loading={validate.isPending}
            onClick={() => {
              setError(null);
              validate.mutate(file.id, { onError: (e) => setError(errorMessageOf(e)) });
            }}
          >
            {summary ? t('Validate again') : t('Validate')}
          </Button>
        </Stack>
        {error && <Alert severity="error">{error}</Alert>}
        {!summary ? (
          <Typography>
            {t(
              'Validation reads the whole file with the mapping and lists every row it cannot use.',
            )}
          </Typography>
        ) : (
          <>
            <Alert severity={summary.rejectedCount > 0 ? 'warning' : 'success'} role="status">
              <AlertTitle>
                {t('{{accepted}} of {{count}} rows accepted, {{rejected}} rejected', {
                  accepted: summary.acceptedCount,
                  count: summary.rowCount,
                  rejected: summary.rejectedCount,
                })}
              </AlertTitle>
              {summary.flaggedRedactedCount > 0 &&
                t('{{count}} rows have redacted names: their spend counts, they are not matched.', {
                  count: summary.flaggedRedactedCount,
                })}
            </Alert>
            {summary.suppliers && (
              <SupplierMerges fileName={file.fileName} merges={summary.suppliers} />
            )}
            {summary.warnings.map((warning) => (
              <Alert key={warning.field} severity="info">
                {translateServerMessage(warning.message)}{' '}
                {warning.examples.length > 0
                  ? t('({{count}} rows, e.g. {{examples}})', {
                      count: warning.count,
                      examples: warning.examples.join(', '),
                    })
                  : t('({{count}} rows)', { count: warning.count })}
              </Alert>
            ))}
            {summary.rejectedCount > 0 && <RejectedRows job={job} file={file} summary={summary} />}
          </>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * Step 5: validate each file (counts, warnings, every rejected row with its reason, all of
 * them as CSV), then submit: the pipeline starts and the job opens on its details.
 */
export function ValidateStep({
  job,
  onSubmitted,
}: {
  job: JobDetails;
  onSubmitted: (job: JobDetails) => void;
}) {
  const t = useT();
  const submit = useSubmitJob(job.id);
  const [error, setError] = useState<string | null>(null);
  const allValidated = job.files.every((f) => f.validation);
  return (
    <Stack spacing={2}>
      {job.files.map((file) => (
        <FileValidation key={file.id} job={job} file={file} />
      ))}
      {error && (
        <Alert severity="error">
          <AlertTitle>{t('The job was not submitted')}</AlertTitle>
          {error}
        </Alert>
      )}
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Button
          variant="contained"
          disabled={!allValidated}
          loading={submit.isPending}
          onClick={() => {
            setError(null);
            submit.mutate(undefined, {
              onSuccess: onSubmitted,
              onError: (e) => setError(errorMessageOf(e)),
            });
          }}
        >
          {t('Submit job')}
        </Button>
        {!allValidated && (
          <Typography variant="note">{t('Validate every file before submitting.')}</Typography>
        )}
      </Stack>
    </Stack>
  );
}
