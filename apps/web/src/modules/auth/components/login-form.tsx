import { MESSAGES, type CurrentUserProfile } from '@b2b/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useState, type SubmitEvent } from 'react';
import { OutlinedTextField } from '../../../components/forms/outlined-text-field';
import { errorMessageOf } from '../../../lib/api-error';
import { useLogin } from '../api/login';
import { useT } from '../../../lib/i18n';

export type LoginFormProps = {
  /** Called as the sign-in is sent, before its answer: time to fetch what comes next. */
  onSignInStarted?: () => void;
  onSignedIn: (profile: CurrentUserProfile) => void;
};

/**
 * Username and password sign-in; shows the server's message when it refuses. The fields are
 * required without an asterisk on their labels: every field of the form is obviously needed.
 */
export function LoginForm({ onSignInStarted, onSignedIn }: LoginFormProps) {
  const t = useT();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const login = useLogin();
  // Stay disabled after success too: the next page may still be loading.
  const busy = login.isPending || login.isSuccess;

  function handleSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    onSignInStarted?.();
    login.mutate({ username, password }, { onSuccess: onSignedIn });
  }

  return (
    <Box component="form" onSubmit={handleSubmit}>
      {login.isError && (
        <Alert severity="error" role="alert">
          {errorMessageOf(login.error)}
        </Alert>
      )}
      <OutlinedTextField
        label={t('Username')}
        name="username"
        autoComplete="username"
        value={username}
        onChange={(event) => setUsername(event.target.value)}
        required
      />
      <OutlinedTextField
        label={t('Password')}
        name="password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        required
      />
      <Button
        type="submit"
        variant="contained"
        size="large"
        fullWidth
        disabled={busy}
        sx={{ mt: 2 }}
      >
        {login.isSuccess ? t(MESSAGES.redirecting) : t('Sign in')}
      </Button>
    </Box>
  );
}
