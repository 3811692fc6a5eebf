import { ERROR_CODES, MESSAGES, SSO_OUTCOME_PARAM, type SsoOutcome } from '@b2b/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import {
  CALLBACK_URL_PARAM,
  LOGIN_ERROR_PARAM,
  safeCallbackUrl,
} from '../../../lib/auth/callback-url';
import { ssoStartUrl, useSsoProviders } from '../../../modules/auth/api/list-sso-providers';
import { LoginForm } from '../../../modules/auth/components/login-form';
import { MagicLinkForm } from '../../../modules/auth/components/magic-link-form';
import { useT } from '../../../lib/i18n';
import { preloadSignedInRoutes } from '../../signed-in-routes-loader';

/** What the sign-in page says when single sign-on sent the browser back without a session. */
const SSO_MESSAGES: Record<SsoOutcome, { severity: 'info' | 'error'; text: string }> = {
  'pending-approval': { severity: 'info', text: MESSAGES.ssoPendingApproval },
  deactivated: { severity: 'error', text: MESSAGES.accountDeactivated },
  'not-a-member': { severity: 'error', text: MESSAGES.ssoNotAMember },
  'other-login': { severity: 'error', text: MESSAGES.ssoOtherLogin },
  'no-email': { severity: 'error', text: MESSAGES.ssoNoEmail },
  failed: { severity: 'error', text: MESSAGES.ssoFailed },
  unavailable: { severity: 'error', text: MESSAGES.ssoProviderUnreachable },
};

/** "Sign in with …" for each provider of this branding domain (or of `?issuer=<key>`). */
function SsoButtons({ callbackUrl }: { callbackUrl: string }) {
  const t = useT();
  const [searchParams] = useSearchParams();
  const { data } = useSsoProviders(searchParams.get('issuer') ?? undefined);
  if (!data?.providers.length) return null;
  return (
    <>
      {data.providers.map((p) => (
        <Button
          key={p.issuerId}
          variant="outlined"
          fullWidth
          sx={{ mb: 1 }}
          href={ssoStartUrl(p.issuerId, callbackUrl)}
        >
          {t('Sign in with {{provider}}', { provider: p.label })}
        </Button>
      ))}
      <Divider sx={{ my: 1 }}>{t('or')}</Divider>
    </>
  );
}

/**
 * /login: single sign-on where the branding domain has it, password sign-in, or a sign-in link
 * by e-mail; then back to the callbackUrl.
 */
export function LoginPage() {
  const t = useT();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const [mode, setMode] = useState<'password' | 'magic-link'>('password');
  const callbackUrl = safeCallbackUrl(searchParams.get(CALLBACK_URL_PARAM));
  const sessionExpired = searchParams.get(LOGIN_ERROR_PARAM) === ERROR_CODES.sessionExpired;
  const ssoOutcome = SSO_MESSAGES[searchParams.get(SSO_OUTCOME_PARAM) as SsoOutcome] ?? null;

  return (
    <>
      <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
        {t('Sign in')}
      </Typography>
      {sessionExpired && (
        <Alert severity="info" sx={{ mb: 1 }}>
          {t(MESSAGES.sessionExpired)}
        </Alert>
      )}
      {ssoOutcome && (
        <Alert severity={ssoOutcome.severity} sx={{ mb: 1 }}>
          {t(ssoOutcome.text)}
        </Alert>
      )}
      <SsoButtons callbackUrl={callbackUrl} />
      {mode === 'password' ? (
        <LoginForm
          // The signed-in routes download while the sign-in is checked, so the next
          // page's code is fetched at once when it is accepted.
          onSignInStarted={preloadSignedInRoutes}
          onSignedIn={() => void navigate(callbackUrl, { replace: true })}
        />
      ) : (
        <MagicLinkForm callbackUrl={callbackUrl} />
      )}
      <Button
        variant="text"
        fullWidth
        sx={{ mt: 1 }}
        onClick={() => setMode(mode === 'password' ? 'magic-link' : 'password')}
      >
        {mode === 'password' ? t('Email me a sign-in link') : t('Sign in with a password')}
      </Button>
    </>
  );
}
