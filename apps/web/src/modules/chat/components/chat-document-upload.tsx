import type { ChatUploadResult } from '@b2b/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { FileUploadField } from '../../../components/forms';
import { errorMessageOf } from '../../../lib/api-error';
import { useUploadChatDocuments } from '../api/upload-chat-documents';
import { translateServerMessage, useT } from '../../../lib/i18n';

/** What the file chooser offers; the server still checks every file by its content. */
export const CHAT_DOCUMENT_ACCEPT =
  '.pdf,.docx,.txt,.md,.markdown,application/pdf,text/plain,text/markdown';

/** Upload of several documents at once, with progress and a result per file. */
export function ChatDocumentUpload() {
  const t = useT();
  const [files, setFiles] = useState<File[]>([]);
  const [progress, setProgress] = useState(0);
  const upload = useUploadChatDocuments(setProgress);

  function handleUpload() {
    setProgress(0);
    upload.mutate(files, { onSuccess: () => setFiles([]) });
  }

  return (
    <Box component="section" aria-labelledby="chat-upload-title">
      <Typography variant="h6" component="h2" id="chat-upload-title">
        {t('Upload documents')}
      </Typography>
      <FileUploadField
        label={t('Files to upload')}
        value={files}
        onChange={setFiles}
        multiple
        accept={CHAT_DOCUMENT_ACCEPT}
        disabled={upload.isPending}
        helperText={t(
          'PDF, Word (.docx), text or Markdown. A document with the same name is replaced.',
        )}
      />
      <Button
        variant="contained"
        onClick={handleUpload}
        disabled={files.length === 0 || upload.isPending}
      >
        {t('Upload')}
      </Button>
      {upload.isPending && (
        <Box sx={{ mt: 2 }}>
          <LinearProgress
            variant={progress < 1 ? 'determinate' : 'indeterminate'}
            value={Math.round(progress * 100)}
            aria-label={t('Upload progress')}
          />
          <Typography variant="caption" color="text.secondary">
            {progress < 1
              ? t('Uploading… {{percent}}%', { percent: Math.round(progress * 100) })
              : t('Reading and indexing…')}
          </Typography>
        </Box>
      )}
      {upload.isError && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {errorMessageOf(upload.error)}
        </Alert>
      )}
      {upload.data && <UploadResults result={upload.data} />}
    </Box>
  );
}

function UploadResults({ result }: { result: ChatUploadResult }) {
  const t = useT();
  const counts = (doc: ChatUploadResult['uploaded'][number]) => ({
    file: doc.filename,
    pages: doc.page_count === 1 ? t('1 page') : t('{{count}} pages', { count: doc.page_count }),
    passages:
      doc.chunk_count === 1 ? t('1 passage') : t('{{count}} passages', { count: doc.chunk_count }),
  });
  return (
    <Stack spacing={1} sx={{ mt: 2 }} aria-label={t('Upload results')} role="list">
      {result.uploaded.map((doc) => (
        <Alert key={`ok-${doc.filename}`} severity="success" role="listitem">
          {doc.replaced
            ? t('{{file}}: {{pages}}, {{passages}} (replaced the previous version).', counts(doc))
            : t('{{file}}: {{pages}}, {{passages}}.', counts(doc))}
        </Alert>
      ))}
      {result.failed_files.map((failed, index) => (
        <Alert key={`failed-${failed.filename}-${index}`} severity="error" role="listitem">
          {failed.filename}: {translateServerMessage(failed.error)}
        </Alert>
      ))}
    </Stack>
  );
}
