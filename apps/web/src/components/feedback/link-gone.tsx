import { MESSAGES } from '@b2b/contract';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useT } from '../../lib/i18n';

/**
 * The one answer for a dead magic link (expired, used, revoked or unknown): it tells nothing of
 * the job or the issuer.
 */
export function LinkGone() {
  const t = useT();
  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1">
        {t('This link can no longer be used')}
      </Typography>
      <Alert severity="info">{t(MESSAGES.magicLinkGone)}</Alert>
    </Stack>
  );
}
