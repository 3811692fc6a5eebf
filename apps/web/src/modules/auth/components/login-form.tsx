import { MESSAGES, type CurrentUserProfile } from '@b2b/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useState, type SubmitEvent } from 'react';
import { errorMessageOf } from '../../../lib/api-error';
import { useLogin } from '../api/login';

export type LoginFormProps = {
  /** Called as the sign-in is sent, before its answer: time to fetch what comes next. */
  onSignInStarted?: () => void;
  onSignedIn: (profile: CurrentUserProfile) => void;
};

// Fields are required on the input itself rather than through TextField's `required`, which
// would add an asterisk to the label of a form where every field is obviously needed.
const REQUIRED = { htmlInput: { required: true } };

/** Username and password sign-in; shows the server's message when it refuses. */
export function LoginForm({ onSignInStarted, onSignedIn }: LoginFormProps) {
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
      <TextField
        label="Username"
        name="username"
        autoComplete="username"
        value={username}
        onChange={(event) => setUsername(event.target.value)}
        slotProps={REQUIRED}
      />
      <TextField
        label="Password"
        name="password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        slotProps={REQUIRED}
      />
      <Button
        type="submit"
        variant="contained"
        size="large"
        fullWidth
        disabled={busy}
        sx={{ mt: 2 }}
      >
        {login.isSuccess ? MESSAGES.redirecting : 'Sign in'}
      </Button>
    </Box>
  );
}
