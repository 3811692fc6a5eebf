import { MESSAGES, type JobFileRole, type UploadLinkPage as Page } from '@b2b/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useParams } from 'react-router';
import { LinkGone } from '../../../components/feedback/link-gone';
import { FileUploadField, formatFileSize } from '../../../components/forms/file-upload-field';
import { errorMessageOf, isApiError } from '../../../lib/api-error';
import { AppThemeProvider } from '../../../theme/app-theme-provider';
import { useUploadLink } from '../api/get-upload-link';
import { useUploadThroughLink } from '../api/upload-through-link';
import { tKey, translateServerMessage, useT } from '../../../lib/i18n';

const ROLE_LABELS: Record<JobFileRole, string> = {
  Suppliers: tKey('Supplier list'),
  PurchaseOrder: tKey('Purchase orders'),
  Invoice: tKey('Invoices'),
  Payment: tKey('Payments'),
};

function UploadForm({ token, page }: { token: string; page: Page }) {
  const t = useT();
  const upload = useUploadThroughLink(token);
  const [files, setFiles] = useState<File[]>([]);
  const [role, setRole] = useState<JobFileRole>(page.roles[0]!);
  const file = files[0];

  if (isApiError(upload.error, 410)) return <LinkGone />;
  if (upload.isSuccess)
    return (
      <Stack spacing={2}>
        <Typography variant="h5" component="h1">
          {t('File received')}
        </Typography>
        <Alert severity="success">
          {upload.data.fileName}: {translateServerMessage(upload.data.message)}
        </Alert>
      </Stack>
    );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (file) upload.mutate({ file, role });
  };
  return (
    <Stack spacing={2} component="form" onSubmit={submit}>
      <Typography variant="h5" component="h1">
        {t('Upload your file for {{job}}', { job: page.jobName })}
      </Typography>
      <Typography>
        {t(
          '{{issuer}} asks you to upload your accounts payable file for this analysis. No account is needed; the link works once, until {{date}}.',
          {
            issuer: page.branding?.brandingDisplayName ?? page.issuerName,
            date: new Date(page.expiresAt).toLocaleDateString(),
          },
        )}
      </Typography>
      {page.roles.length > 1 && (
        <TextField
          select
          label={t('What the file holds')}
          value={role}
          onChange={(e) => setRole(e.target.value as JobFileRole)}
        >
          {page.roles.map((r) => (
            <MenuItem key={r} value={r}>
              {t(ROLE_LABELS[r])}
            </MenuItem>
          ))}
        </TextField>
      )}
      <FileUploadField
        label={t('Your file')}
        value={files}
        onChange={setFiles}
        accept={page.acceptedFormats.join(',')}
        required
        helperText={t('{{formats}}; at most {{size}}.', {
          formats: page.acceptedFormats.join(', '),
          size: formatFileSize(page.maxUploadBytes),
        })}
      />
      {upload.isError && <Alert severity="error">{errorMessageOf(upload.error)}</Alert>}
      <Button type="submit" variant="contained" disabled={!file || upload.isPending}>
        {t('Upload')}
      </Button>
    </Stack>
  );
}

/**
 * /upload-link/:token — the public page of a magic upload link (SPEC §3 SendUploadLink): the
 * issuer's branding, the job's name and the accepted formats, and one upload. No sign-in; an
 * expired, used, revoked or unknown link says so and shows nothing else.
 */
export function UploadLinkPage() {
  const t = useT();
  const { token = '' } = useParams();
  const page = useUploadLink(token);
  if (page.isPending) return <Typography role="status">{t(MESSAGES.loading)}</Typography>;

  if (page.isError)
    return isApiError(page.error, 410) ? (
      <LinkGone />
    ) : (
      <Alert severity="error">{errorMessageOf(page.error)}</Alert>
    );
  const form = <UploadForm token={token} page={page.data} />;
  return page.data.branding ? (
    <AppThemeProvider themeKey={page.data.branding.theme}>{form}</AppThemeProvider>
  ) : (
    form
  );
}
