import {
  ALL_ROLES,
  ROLE_DESCRIPTIONS,
  type Role,
  type VideoResource,
  type VideoResourceMetadata,
  VideoResourceMetadataSchema,
} from '@b2b/contract';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type FormEvent, useState } from 'react';
import { FileUploadField } from '../../../components/forms';
import { translateServerMessage, useT } from '../../../lib/i18n';

/** What the file input offers; the server judges the type by the file's content anyway. */
export const RESOURCE_FILE_ACCEPT = 'video/mp4,video/webm,application/pdf,.mp4,.webm,.pdf';

type Values = { title: string; description: string; tags: string; audienceRoles: Role[] };

function initialValues(resource: VideoResource | undefined): Values {
  return {
    title: resource?.title ?? '',
    description: resource?.description ?? '',
    tags: resource?.tags.join(', ') ?? '',
    audienceRoles: resource?.audienceRoles ?? [],
  };
}

/**
 * Title, description, tags (comma-separated) and the roles that may see a resource; with
 * `withFile`, the file too (a new resource). Checked with the contract's schema before sending.
 */
export function ResourceForm({
  resource,
  withFile = false,
  submitLabel,
  pending,
  progress,
  error,
  onSubmit,
}: {
  resource?: VideoResource;
  withFile?: boolean;
  submitLabel: string;
  pending: boolean;
  /** Share of the file sent so far, while uploading. */
  progress?: number;
  error: string | null;
  onSubmit: (metadata: VideoResourceMetadata, file: File | undefined) => void;
}) {
  const t = useT();
  const [values, setValues] = useState(() => initialValues(resource));
  const [files, setFiles] = useState<File[]>([]);
  const [problem, setProblem] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = VideoResourceMetadataSchema.safeParse({
      title: values.title,
      description: values.description,
      tags: values.tags
        .split(',')
        .map((tag) => tag.trim())
        .filter(Boolean),
      audienceRoles: values.audienceRoles,
    });
    if (!parsed.success) return setProblem(translateServerMessage(parsed.error.issues[0]!.message));
    if (withFile && files.length === 0) return setProblem(t('file: choose a video or a PDF'));
    setProblem(null);
    onSubmit(parsed.data, files[0]);
  }

  return (
    <Box component="form" aria-label={t('Video resource')} noValidate onSubmit={submit}>
      <Stack spacing={2} sx={{ maxWidth: 640 }}>
        <TextField
          label={t('Title')}
          required
          value={values.title}
          onChange={(e) => setValues({ ...values, title: e.target.value })}
        />
        <TextField
          label={t('Description')}
          multiline
          minRows={2}
          value={values.description}
          onChange={(e) => setValues({ ...values, description: e.target.value })}
        />
        <TextField
          label={t('Tags')}
          helperText={t('Separate tags with commas')}
          value={values.tags}
          onChange={(e) => setValues({ ...values, tags: e.target.value })}
        />
        <Autocomplete
          multiple
          limitTags={8}
          options={[...ALL_ROLES]}
          getOptionLabel={(role) => t(ROLE_DESCRIPTIONS[role].displayName)}
          value={values.audienceRoles}
          onChange={(_, audienceRoles) => setValues({ ...values, audienceRoles })}
          renderInput={(params) => (
            <TextField
              {...params}
              label={t('Audience roles')}
              required
              helperText={t('Users holding one of these roles see it in the resource hub')}
            />
          )}
        />
        {withFile && (
          <FileUploadField
            label={t('File (MP4 or WebM video, or PDF)')}
            required
            accept={RESOURCE_FILE_ACCEPT}
            value={files}
            onChange={setFiles}
          />
        )}
        {(problem ?? error) && <Alert severity="error">{problem ?? error}</Alert>}
        {pending && progress !== undefined && (
          <LinearProgress
            variant="determinate"
            value={Math.round(progress * 100)}
            aria-label={t('Upload progress')}
          />
        )}
        <Box>
          <Button type="submit" variant="contained" disabled={pending}>
            {submitLabel}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
