import {
  DOCUMENT_TYPE_LABELS,
  JOB_FILE_ROLES,
  type JobDetails,
  type JobFileRole,
} from '@b2b/contract';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useNotify } from '../../../../components/feedback/notifications';
import { FileUploadField, formatFileSize } from '../../../../components/forms';
import { errorMessageOf } from '../../../../lib/api-error';
import { useDeleteJobFile } from '../../api/delete-job-file';
import { useUploadJobFile } from '../../api/upload-job-file';
import { useJobAccountingConnection } from '../../../merge-links/api/get-job-accounting-connection';
import { AccountingConnection } from './accounting-connection';

/** What a file of each role is called on screen. */
export function roleLabel(role: JobFileRole): string {
  return role === 'Suppliers' ? 'Supplier file' : `${DOCUMENT_TYPE_LABELS[role]} file`;
}

function RoleUpload({ job, role }: { job: JobDetails; role: JobFileRole }) {
  const upload = useUploadJobFile(job.id);
  const remove = useDeleteJobFile(job.id);
  const notify = useNotify();
  const [chosen, setChosen] = useState<File[]>([]);
  // The workbook last sent, so another of its sheets can be read without choosing it again.
  const [sent, setSent] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const current = job.files.find((f) => f.role === role);
  const label = roleLabel(role);

  const send = (file: File | undefined, sheetName?: string) => {
    if (!file) return;
    setError(null);
    setProgress(0);
    upload.mutate(
      { role, file, onProgress: setProgress, sheetName },
      {
        onSuccess: (uploaded) => {
          setChosen([]);
          setSent(file);
          notify.success(`${uploaded.fileName} uploaded`);
        },
        onError: (e) => setError(errorMessageOf(e)),
        onSettled: () => setProgress(null),
      },
    );
  };

  return (
    <Paper variant="panel" component="section" aria-label={label}>
      <Typography variant="subtitle1" component="h3" gutterBottom>
        {label}
      </Typography>
      {current && (
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2 }}>
          <Typography>
            {current.fileName} ({formatFileSize(current.sizeBytes)}, {current.sniff.headers.length}{' '}
            columns)
          </Typography>
          <Button
            size="small"
            color="error"
            disabled={remove.isPending || upload.isPending}
            onClick={() =>
              remove.mutate(current.id, {
                onError: (e) => notify.error(e, { operation: `Remove ${current.fileName}` }),
              })
            }
          >
            Remove
          </Button>
        </Stack>
      )}
      {current && sent && (current.sniff.sheetNames?.length ?? 0) > 1 && (
        <TextField
          select
          size="small"
          label="Sheet"
          value={current.sniff.sheetName ?? ''}
          disabled={upload.isPending}
          onChange={(event) => send(sent, event.target.value)}
          helperText="The workbook has several sheets: choose the one with the data."
          sx={{ minWidth: 240, mb: 2 }}
        >
          {current.sniff.sheetNames!.map((sheet) => (
            <MenuItem key={sheet} value={sheet}>
              {sheet}
            </MenuItem>
          ))}
        </TextField>
      )}
      {error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          <AlertTitle>The file was not accepted</AlertTitle>
          {error}
        </Alert>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Box sx={{ flexGrow: 1 }}>
          <FileUploadField
            label={
              current ? `Replace the ${label.toLowerCase()}` : `Choose the ${label.toLowerCase()}`
            }
            value={chosen}
            onChange={setChosen}
            accept=".csv,.txt,.xlsx"
            disabled={upload.isPending}
            helperText="CSV (any delimiter, UTF-8 or Windows-1252) or XLSX"
          />
        </Box>
        <Button
          variant="outlined"
          onClick={() => send(chosen[0])}
          disabled={chosen.length === 0}
          loading={upload.isPending}
        >
          Upload
        </Button>
      </Stack>
      {progress !== null && (
        <Box sx={{ mt: 2 }}>
          <LinearProgress
            variant={progress < 1 ? 'determinate' : 'indeterminate'}
            value={Math.round(progress * 100)}
            aria-label={`Uploading ${chosen[0]?.name ?? 'the file'}`}
          />
          <Typography variant="body2" sx={{ mt: 0.5 }}>
            {progress < 1
              ? `Uploading: ${Math.round(progress * 100)}%`
              : 'Uploaded; checking the file…'}
          </Typography>
        </Box>
      )}
    </Paper>
  );
}

/** True when the job has the file(s) its type needs before mapping. */
export function hasRequiredFiles(job: JobDetails): boolean {
  const roles: readonly string[] = JOB_FILE_ROLES[job.type];
  return job.files.some((f) => roles.includes(f.role));
}

/**
 * Step 2: upload the file(s) — the supplier list, or for a Consultant Upload separate purchase
 * order, invoice and payment files (at least one). Each shows its upload progress; a refused
 * file shows the server's reason and the job stays as it was.
 */
export function UploadStep({ job }: { job: JobDetails }) {
  const connection = useJobAccountingConnection(job.id);
  // SPEC §3: an issuer that takes MergeLink but not CsvFileUpload connects instead of uploading.
  if (connection.data?.offered && !connection.data.takesFileUploads)
    return <AccountingConnection job={job} />;
  return (
    <Stack spacing={2}>
      <AccountingConnection job={job} />
      {job.type === 'advanced' && (
        <Typography>
          Upload the purchase order, invoice and payment files separately (at least one of them).
        </Typography>
      )}
      {JOB_FILE_ROLES[job.type].map((role) => (
        <RoleUpload key={role} job={job} role={role} />
      ))}
    </Stack>
  );
}
