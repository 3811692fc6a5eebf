import { ERROR_CODES, MESSAGES } from '@b2b/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import {
  CALLBACK_URL_PARAM,
  LOGIN_ERROR_PARAM,
  safeCallbackUrl,
} from '../../../lib/auth/callback-url';
import { LoginForm } from '../../../modules/auth/components/login-form';
import { MagicLinkForm } from '../../../modules/auth/components/magic-link-form';

/** /login: password sign-in, or a sign-in link by e-mail; then back to the callbackUrl. */
export function LoginPage() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const [mode, setMode] = useState<'password' | 'magic-link'>('password');
  const callbackUrl = safeCallbackUrl(searchParams.get(CALLBACK_URL_PARAM));
  const sessionExpired = searchParams.get(LOGIN_ERROR_PARAM) === ERROR_CODES.sessionExpired;

  return (
    <>
      <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
        Sign in
      </Typography>
      {sessionExpired && (
        <Alert severity="info" sx={{ mb: 1 }}>
          {MESSAGES.sessionExpired}
        </Alert>
      )}
      {mode === 'password' ? (
        <LoginForm onSignedIn={() => void navigate(callbackUrl, { replace: true })} />
      ) : (
        <MagicLinkForm callbackUrl={callbackUrl} />
      )}
      <Button
        variant="text"
        fullWidth
        sx={{ mt: 1 }}
        onClick={() => setMode(mode === 'password' ? 'magic-link' : 'password')}
      >
        {mode === 'password' ? 'Email me a sign-in link' : 'Sign in with a password'}
      </Button>
    </>
  );
}
