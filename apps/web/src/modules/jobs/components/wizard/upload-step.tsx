import { JOB_FILE_ROLES, type JobDetails, type JobFileRole } from '@b2b/contract';
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
import { tKey, useT } from '../../../../lib/i18n';
import { useDeleteJobFile } from '../../api/delete-job-file';
import { useUploadJobFile } from '../../api/upload-job-file';
import { useJobAccountingConnection } from '../../../merge-links/api/get-job-accounting-connection';
import { AccountingConnection } from './accounting-connection';

/** What a file of each role is called on screen, and its upload field's labels (shown with `t`). */
const ROLE_TEXT: Record<JobFileRole, { label: string; choose: string; replace: string }> = {
  Suppliers: {
    label: tKey('Supplier file'),
    choose: tKey('Choose the supplier file'),
    replace: tKey('Replace the supplier file'),
  },
  PurchaseOrder: {
    label: tKey('Purchase Order file'),
    choose: tKey('Choose the purchase order file'),
    replace: tKey('Replace the purchase order file'),
  },
  Invoice: {
    label: tKey('Invoice file'),
    choose: tKey('Choose the invoice file'),
    replace: tKey('Replace the invoice file'),
  },
  Payment: {
    label: tKey('Payment file'),
    choose: tKey('Choose the payment file'),
    replace: tKey('Replace the payment file'),
  },
};

/** What a file of each role is called on screen: a key, shown with `t`. */
export function roleLabel(role: JobFileRole): string {
  return ROLE_TEXT[role].label;
}

function RoleUpload({ job, role }: { job: JobDetails; role: JobFileRole }) {
  const t = useT();
  const upload = useUploadJobFile(job.id);
  const remove = useDeleteJobFile(job.id);
  const notify = useNotify();
  const [chosen, setChosen] = useState<File[]>([]);
  // The workbook last sent, so another of its sheets can be read without choosing it again.
  const [sent, setSent] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const current = job.files.find((f) => f.role === role);
  const label = t(roleLabel(role));

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
          notify.success(t('{{file}} uploaded', { file: uploaded.fileName }));
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
            {t('{{file}} ({{size}}, {{count}} columns)', {
              file: current.fileName,
              size: formatFileSize(current.sizeBytes),
              count: current.sniff.headers.length,
            })}
          </Typography>
          <Button
            size="small"
            color="error"
            disabled={remove.isPending || upload.isPending}
            onClick={() =>
              remove.mutate(current.id, {
                onError: (e) =>
                  notify.error(e, { operation: t('Remove {{file}}', { file: current.fileName }) }),
              })
            }
          >
            {t('Remove')}
          </Button>
        </Stack>
      )}
      {current && sent && (current.sniff.sheetNames?.length ?? 0) > 1 && (
        <TextField
          select
          size="small"
          label={t('Sheet')}
          value={current.sniff.sheetName ?? ''}
          disabled={upload.isPending}
          onChange={(event) => send(sent, event.target.value)}
          helperText={t('The workbook has several sheets: choose the one with the data.')}
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
          <AlertTitle>{t('The file was not accepted')}</AlertTitle>
          {error}
        </Alert>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Box sx={{ flexGrow: 1 }}>
          <FileUploadField
            label={current ? t(ROLE_TEXT[role].replace) : t(ROLE_TEXT[role].choose)}
            value={chosen}
            onChange={setChosen}
            accept=".csv,.txt,.xlsx"
            disabled={upload.isPending}
            helperText={t('CSV (any delimiter, UTF-8 or Windows-1252) or XLSX')}
          />
        </Box>
        <Button
          variant="outlined"
          onClick={() => send(chosen[0])}
          disabled={chosen.length === 0}
          loading={upload.isPending}
        >
          {t('Upload')}
        </Button>
      </Stack>
      {progress !== null && (
        <Box sx={{ mt: 2 }}>
          <LinearProgress
            variant={progress < 1 ? 'determinate' : 'indeterminate'}
            value={Math.round(progress * 100)}
            aria-label={
              chosen[0]
                ? t('Uploading {{file}}', { file: chosen[0].name })
                : t('Uploading the file')
            }
          />
          <Typography variant="body2" sx={{ mt: 0.5 }}>
            {progress < 1
              ? t('Uploading: {{percent}}%', { percent: Math.round(progress * 100) })
              : t('Uploaded; checking the file…')}
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
  const t = useT();
  const connection = useJobAccountingConnection(job.id);
  // SPEC §3: an issuer that takes MergeLink but not CsvFileUpload connects instead of uploading.
  if (connection.data?.offered && !connection.data.takesFileUploads)
    return <AccountingConnection job={job} />;
  return (
    <Stack spacing={2}>
      <AccountingConnection job={job} />
      {job.type === 'advanced' && (
        <Typography>
          {t(
            'Upload the purchase order, invoice and payment files separately (at least one of them).',
          )}
        </Typography>
      )}
      {JOB_FILE_ROLES[job.type].map((role) => (
        <RoleUpload key={role} job={job} role={role} />
      ))}
    </Stack>
  );
}
