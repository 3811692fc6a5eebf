import { MESSAGES, type AccountingLinkPage as Page } from '@b2b/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useParams } from 'react-router';
import { errorMessageOf, isApiError } from '../../../lib/api-error';
import { AppThemeProvider } from '../../../theme/app-theme-provider';
import { useAccountingLink, useConnectThroughLink } from '../api/accounting-link';
import { useT } from '../../../lib/i18n';

/** One answer for a dead link: it tells nothing of the job or the issuer. */
function LinkGone() {
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

function ConnectForm({ token, page }: { token: string; page: Page }) {
  const t = useT();
  const connect = useConnectThroughLink(token);
  if (isApiError(connect.error, 410)) return <LinkGone />;
  if (connect.data)
    return (
      <Stack spacing={2}>
        <Typography variant="h5" component="h1">
          {t('Accounting system connected')}
        </Typography>
        <Alert severity="success">{t(connect.data.message)}</Alert>
      </Stack>
    );
  const who = page.branding?.brandingDisplayName ?? page.issuerName;
  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1">
        {t('Connect the accounting system of {{buyer}}', { buyer: page.buyerName })}
      </Typography>
      <Typography>
        {t(
          '{{issuer}} asks you to connect {{buyer}}’s accounting system for “{{job}}”: its vendors, bills and payments are read for the analysis. No account is needed; the link works once, until {{date}}.',
          {
            issuer: who,
            buyer: page.buyerName,
            job: page.jobName,
            date: new Date(page.expiresAt).toLocaleDateString(),
          },
        )}
      </Typography>
      {!page.configured && (
        <Alert severity="warning">
          {t('Connecting is not possible right now. Please ask {{issuer}} for help.', {
            issuer: who,
          })}
        </Alert>
      )}
      {connect.data === null && (
        <Alert severity="info">{t('Merge Link was closed before the system was connected.')}</Alert>
      )}
      {connect.isError && <Alert severity="error">{errorMessageOf(connect.error)}</Alert>}
      <Box>
        <Button
          variant="contained"
          disabled={!page.configured || connect.isPending}
          onClick={() => connect.mutate()}
        >
          {t('Connect accounting system')}
        </Button>
      </Box>
    </Stack>
  );
}

/**
 * /accounting-link/:token — the public page of an accounting magic link (SPEC §3
 * MergeMagicLink): a person without an account connects the buyer's accounting system once. An
 * expired, used, revoked or unknown link says so and shows nothing else.
 */
export function AccountingLinkPage() {
  const t = useT();
  const { token = '' } = useParams();
  const page = useAccountingLink(token);
  if (page.isPending) return <Typography role="status">{t(MESSAGES.loading)}</Typography>;

  if (page.isError)
    return isApiError(page.error, 410) ? (
      <LinkGone />
    ) : (
      <Alert severity="error">{errorMessageOf(page.error)}</Alert>
    );
  const form = <ConnectForm token={token} page={page.data} />;
  return page.data.branding ? (
    <AppThemeProvider themeKey={page.data.branding.theme}>{form}</AppThemeProvider>
  ) : (
    form
  );
}
