import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useState, type SubmitEvent } from 'react';
import { OutlinedTextField } from '../../../components/forms/outlined-text-field';
import { errorMessageOf } from '../../../lib/api-error';
import { useRequestMagicLink } from '../api/request-magic-link';
import { translateServerMessage, useT } from '../../../lib/i18n';

export type MagicLinkFormProps = {
  /** Prefills the address, e.g. with what was typed as the username. */
  initialEmail?: string;
  /** Where the link should land after sign-in (a same-site path). */
  callbackUrl?: string;
};

/** Asks for a sign-in link by e-mail and shows the server's answer. */
export function MagicLinkForm({ initialEmail = '', callbackUrl }: MagicLinkFormProps) {
  const t = useT();
  const [email, setEmail] = useState(initialEmail);
  const request = useRequestMagicLink();

  function handleSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    request.mutate({ email: email.trim(), callbackUrl });
  }

  return (
    <Box component="form" onSubmit={handleSubmit}>
      {request.isSuccess && (
        <Alert severity="success" role="status">
          {translateServerMessage(request.data.message)}
        </Alert>
      )}
      {request.isError && (
        <Alert severity="error" role="alert">
          {errorMessageOf(request.error)}
        </Alert>
      )}
      <OutlinedTextField
        label={t('Email')}
        name="email"
        type="email"
        autoComplete="email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        required
      />
      <Button
        type="submit"
        variant="contained"
        size="large"
        fullWidth
        disabled={request.isPending}
        sx={{ mt: 2 }}
      >
        {t('Send sign-in link')}
      </Button>
    </Box>
  );
}
