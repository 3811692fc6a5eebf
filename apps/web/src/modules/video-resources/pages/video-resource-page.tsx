import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { FileUploadField, formatFileSize } from '../../../components/forms';
import { Section } from '../../../components/layout/section';
import { errorMessageOf } from '../../../lib/api-error';
import { useVideoResource } from '../api/get-video-resource';
import { useReplaceVideoResourceFile } from '../api/replace-video-resource-file';
import { useUpdateVideoResource } from '../api/update-video-resource';
import { DeleteResourceDialog } from '../components/delete-resource-dialog';
import { RESOURCE_FILE_ACCEPT, ResourceForm } from '../components/resource-form';
import { ResourceViewer } from '../components/resource-viewer';
import { useT } from '../../../lib/i18n';

/**
 * /admin/analysis-admin/video-resources/:videoResourceId: a resource's metadata to edit, its
 * file to check and replace, and its deletion.
 */
export function VideoResourcePage() {
  const t = useT();
  const { videoResourceId = '' } = useParams();
  const resource = useVideoResource(videoResourceId);
  const update = useUpdateVideoResource(videoResourceId);
  const [progress, setProgress] = useState(0);
  const replace = useReplaceVideoResourceFile(videoResourceId, setProgress);
  const [files, setFiles] = useState<File[]>([]);
  const [deleting, setDeleting] = useState(false);
  const navigate = useNavigate();

  if (resource.error) return <Alert severity="error">{errorMessageOf(resource.error)}</Alert>;
  if (!resource.data) return <LinearProgress aria-label={t('Loading the video resource')} />;
  const data = resource.data;

  return (
    <Stack spacing={2}>
      <Section title={data.title}>
        <ResourceForm
          key={data.updatedAt}
          resource={data}
          submitLabel={t('Save')}
          pending={update.isPending}
          error={update.error ? errorMessageOf(update.error) : null}
          onSubmit={(metadata) => update.mutate(metadata)}
        />
        {update.isSuccess && (
          <Alert severity="success" sx={{ mt: 2 }}>
            {t('Saved.')}
          </Alert>
        )}
      </Section>
      <Section title={t('File')}>
        <Stack spacing={2} sx={{ maxWidth: 640 }}>
          <Typography>
            {data.fileName} ({formatFileSize(data.sizeBytes)}, {data.contentType})
          </Typography>
          <ResourceViewer key={data.fileUpdatedAt} resource={data} />
          <FileUploadField
            label={t('Replace the file')}
            accept={RESOURCE_FILE_ACCEPT}
            value={files}
            onChange={setFiles}
          />
          {replace.error && <Alert severity="error">{errorMessageOf(replace.error)}</Alert>}
          {replace.isPending && (
            <LinearProgress
              variant="determinate"
              value={Math.round(progress * 100)}
              aria-label={t('Upload progress')}
            />
          )}
          <Box>
            <Button
              variant="outlined"
              disabled={files.length === 0 || replace.isPending}
              onClick={() => {
                setProgress(0);
                replace.mutate(files[0]!, { onSuccess: () => setFiles([]) });
              }}
            >
              {t('Replace file')}
            </Button>
          </Box>
        </Stack>
      </Section>
      <Box>
        <Button color="error" variant="outlined" onClick={() => setDeleting(true)}>
          {t('Delete resource')}
        </Button>
      </Box>
      <DeleteResourceDialog
        resource={deleting ? data : null}
        onClose={() => setDeleting(false)}
        onDeleted={() => void navigate('/admin/analysis-admin/video-resources')}
      />
    </Stack>
  );
}
