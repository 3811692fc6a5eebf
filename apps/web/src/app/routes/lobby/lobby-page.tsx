import { MESSAGES } from '@b2b/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Navigate, Link as RouterLink, useLocation } from 'react-router';
import { AsyncButton } from '../../../components/forms';
import { isApiError, errorMessageOf } from '../../../lib/api-error';
import { loginPath } from '../../../lib/auth/callback-url';
import { useUserEligibleStatus } from '../../../modules/users/api/get-user-eligible-status';
import { useSignOut } from '../../session/use-sign-out';
import { useT } from '../../../lib/i18n';
import type { Translate } from '../../../lib/i18n/i18n';

type EligibleStatus = NonNullable<ReturnType<typeof useUserEligibleStatus>['data']>;

/** The server's reason when it gives one, else one read from the account's flags (translated). */
function reasonOf(status: EligibleStatus, t: Translate): string {
  if (status.reason) return status.reason;
  if (status.isDeactivated) return t('Your account has been deactivated.');
  if (status.pending) return t('Your invitation has not been completed yet.');
  if (!status.approved) return t('Your account is waiting for approval by an administrator.');
  return t('Your account cannot use the application at the moment.');
}

/** /lobby: tells a signed-in user who may not use the app why not, with a way to sign out. */
export function LobbyPage() {
  const t = useT();
  const status = useUserEligibleStatus();
  const location = useLocation();
  const signOut = useSignOut();

  if (isApiError(status.error, 401)) return <Navigate to={loginPath(location)} replace />;
  if (status.isPending) return <Typography role="status">{t(MESSAGES.loading)}</Typography>;
  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1">
        {status.data?.eligible ? t('Your account is ready') : t('You cannot use B2B Analytics yet')}
      </Typography>
      {status.isError && <Alert severity="error">{errorMessageOf(status.error)}</Alert>}
      {status.data && !status.data.eligible && (
        <>
          <Alert severity="warning" data-testid="lobby-reason">
            {reasonOf(status.data, t)}
          </Alert>
          <Typography>
            {t(
              'An administrator of your organisation can complete your account. Once they have, sign in again.',
            )}
          </Typography>
        </>
      )}
      {status.data?.eligible && (
        <Button component={RouterLink} to="/" variant="contained">
          {t('Go to the home page')}
        </Button>
      )}
      <AsyncButton variant="outlined" onClick={() => signOut()}>
        {t('Sign out')}
      </AsyncButton>
    </Stack>
  );
}
