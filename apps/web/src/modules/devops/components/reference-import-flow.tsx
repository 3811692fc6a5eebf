import type { ReferenceUpload } from '@b2b/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useNotify } from '../../../components/feedback/notifications';
import { FileUploadField } from '../../../components/forms';
import { errorMessageOf } from '../../../lib/api-error';
import { useStartReferenceImport } from '../api/start-reference-import';
import { useUploadReferenceFile } from '../api/upload-reference-file';
import { ReferenceImportStatus } from './reference-import-status';
import { ReferenceMappingForm } from './reference-mapping-form';
import { useT } from '../../../lib/i18n';

/**
 * Import a file: choose and upload it (progress bar; the server's reason when it refuses the
 * file), map its columns, start, then follow the import until it finished.
 */
export function ReferenceImportFlow() {
  const t = useT();
  const [files, setFiles] = useState<File[]>([]);
  const [progress, setProgress] = useState<number | null>(null);
  const [upload, setUpload] = useState<ReferenceUpload | null>(null);
  const [commandId, setCommandId] = useState<string | null>(null);
  const send = useUploadReferenceFile();
  const start = useStartReferenceImport();
  const notify = useNotify();

  function restart() {
    setFiles([]);
    setUpload(null);
    setCommandId(null);
    send.reset();
    start.reset();
  }

  if (commandId) {
    return (
      <Stack spacing={2}>
        <ReferenceImportStatus commandId={commandId} />
        <Box>
          <Button onClick={restart}>{t('Import another file')}</Button>
        </Box>
      </Stack>
    );
  }

  if (upload) {
    return (
      <Stack spacing={2}>
        <ReferenceMappingForm
          upload={upload}
          starting={start.isPending}
          onCancel={restart}
          onStart={(body) =>
            start.mutate(body, {
              onSuccess: (started) => setCommandId(started.commandId),
              onError: (e) => notify.error(e, { operation: t('Start reference data import') }),
            })
          }
        />
        {start.error && <Alert severity="error">{errorMessageOf(start.error)}</Alert>}
      </Stack>
    );
  }

  return (
    <Stack spacing={2}>
      <FileUploadField
        label={t('Reference data file (CSV or XLSX)')}
        accept=".csv,.txt,.tsv,.xlsx"
        value={files}
        onChange={(chosen) => {
          setFiles(chosen);
          send.reset();
        }}
        disabled={send.isPending}
      />
      <Box>
        <Button
          variant="contained"
          disabled={files.length === 0 || send.isPending}
          onClick={() => {
            setProgress(0);
            send.mutate(
              { file: files[0]!, onProgress: setProgress },
              { onSuccess: setUpload, onSettled: () => setProgress(null) },
            );
          }}
        >
          {t('Upload')}
        </Button>
      </Box>
      {progress !== null && (
        <LinearProgress
          aria-label={t('Upload progress')}
          variant="determinate"
          value={progress * 100}
        />
      )}
      {send.error && <Alert severity="error">{errorMessageOf(send.error)}</Alert>}
    </Stack>
  );
}
