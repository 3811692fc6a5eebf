import {
  INGESTION_FIELDS,
  type IngestionField,
  type JobDetails,
  type JobFile,
} from '@b2b/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { errorMessageOf } from '../../../../lib/api-error';
import { translateServerMessage, useT } from '../../../../lib/i18n';
import { usePreview } from '../../api/preview-job-file';
import { roleLabel } from './upload-step';

function FilePreview({ job, file }: { job: JobDetails; file: JobFile }) {
  const t = useT();
  const preview = usePreview(job.id, file.id);
  // The mapped fields, and those the parse fills itself (a split address column's town,
  // postcode, country…), in the fields' own order.
  const shown = new Set(Object.keys(file.mapping));
  for (const row of preview.data?.rows ?? []) for (const f of Object.keys(row.values)) shown.add(f);
  const fields = (Object.keys(INGESTION_FIELDS) as IngestionField[]).filter((f) => shown.has(f));
  const label = t('Preview of {{file}}', { file: file.fileName });
  return (
    <Paper variant="panel" component="section" aria-label={label}>
      <Typography variant="subtitle1" component="h3" gutterBottom>
        {t(roleLabel(file.role))}: {file.fileName}
      </Typography>
      {preview.isError ? (
        <Alert severity="error">{errorMessageOf(preview.error)}</Alert>
      ) : !preview.data ? (
        <LinearProgress aria-label={t('Loading the preview')} />
      ) : (
        <TableContainer sx={{ maxHeight: 480 }}>
          <Table size="small" stickyHeader aria-label={label}>
            <TableHead>
              <TableRow>
                <TableCell>{t('Row')}</TableCell>
                {fields.map((field) => (
                  <TableCell key={field}>{t(INGESTION_FIELDS[field].label)}</TableCell>
                ))}
                <TableCell>{t('Problem')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {preview.data.rows.map((row) => (
                <TableRow
                  key={row.rowNumber}
                  sx={row.rejectedReason ? { bgcolor: 'action.hover' } : undefined}
                >
                  <TableCell>{row.rowNumber}</TableCell>
                  {fields.map((field) => (
                    <TableCell key={field}>{String(row.values[field] ?? '')}</TableCell>
                  ))}
                  <TableCell sx={{ color: row.rejectedReason ? 'error.main' : undefined }}>
                    {row.rejectedReason ? translateServerMessage(row.rejectedReason) : ''}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Paper>
  );
}

/** Step 4: the first rows of each file as they will be read, with any row's problem. */
export function PreviewStep({ job, onDone }: { job: JobDetails; onDone: () => void }) {
  const t = useT();
  return (
    <Stack spacing={2}>
      <Typography>
        {t(
          'These are the first rows as the mapping reads them: amounts, dates and counts already converted. Go back to change the mapping if a column looks wrong.',
        )}
      </Typography>
      {job.files.map((file) => (
        <FilePreview key={file.id} job={job} file={file} />
      ))}
      <Stack direction="row">
        <Button variant="contained" onClick={onDone}>
          {t('Continue to validation')}
        </Button>
      </Stack>
    </Stack>
  );
}
