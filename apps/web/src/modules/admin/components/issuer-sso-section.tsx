import type { IssuerSso } from '@b2b/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ConfirmButton } from '../../../components/feedback/confirm-button';
import { useNotify } from '../../../components/feedback/notifications';
import { useDeleteIssuerSso } from '../api/delete-issuer-sso';
import { useIssuerSso } from '../api/get-issuer-sso';
import { useSaveIssuerSso } from '../api/save-issuer-sso';
import { errorMessageOf, fieldErrorsOf } from '../../../lib/api-error';
import { useT } from '../../../lib/i18n';

type Values = {
  issuerUrl: string;
  clientId: string;
  clientSecret: string;
  enabled: boolean;
  buttonLabel: string;
};

function toValues(sso: IssuerSso): Values {
  return {
    issuerUrl: sso.settings?.issuerUrl ?? '',
    clientId: sso.settings?.clientId ?? '',
    clientSecret: '',
    enabled: sso.settings?.enabled ?? false,
    buttonLabel: sso.settings?.buttonLabel ?? '',
  };
}

function SsoForm({ issuerId, sso }: { issuerId: string; sso: IssuerSso }) {
  const t = useT();
  const [values, setValues] = useState(() => toValues(sso));
  const save = useSaveIssuerSso(issuerId);
  const remove = useDeleteIssuerSso(issuerId);
  const notify = useNotify();
  const errors = fieldErrorsOf(save.error);
  const set = (change: Partial<Values>) => setValues((v) => ({ ...v, ...change }));
  const stored = sso.settings?.hasClientSecret ?? false;

  const submit = () =>
    save.mutate(
      {
        issuerUrl: values.issuerUrl.trim(),
        clientId: values.clientId,
        // Empty keeps the stored secret: it is never sent back to be shown.
        ...(values.clientSecret ? { clientSecret: values.clientSecret } : {}),
        enabled: values.enabled,
        buttonLabel: values.buttonLabel.trim() || null,
      },
      {
        onSuccess: () => {
          set({ clientSecret: '' });
          notify.success(t('Single sign-on saved.'));
        },
        onError: (e) => {
          if (Object.keys(fieldErrorsOf(e)).length === 0)
            notify.error(e, { operation: t('Save single sign-on') });
        },
      },
    );

  return (
    <Stack spacing={2}>
      <TextField
        label={t('OpenID issuer URL')}
        value={values.issuerUrl}
        onChange={(e) => set({ issuerUrl: e.target.value })}
        error={Boolean(errors.issuerUrl)}
        helperText={
          errors.issuerUrl ??
          t('For example {{url}}', { url: 'https://login.example.com/realms/bank' })
        }
      />
      <TextField
        label={t('Client ID')}
        value={values.clientId}
        onChange={(e) => set({ clientId: e.target.value })}
        error={Boolean(errors.clientId)}
        helperText={errors.clientId}
      />
      <TextField
        label={t('Client secret')}
        type="password"
        autoComplete="new-password"
        value={values.clientSecret}
        onChange={(e) => set({ clientSecret: e.target.value })}
        error={Boolean(errors.clientSecret)}
        helperText={
          errors.clientSecret ??
          (stored
            ? t('A secret is stored. Leave empty to keep it.')
            : t('Required the first time.'))
        }
      />
      <TextField
        label={t('Button label')}
        value={values.buttonLabel}
        onChange={(e) => set({ buttonLabel: e.target.value })}
        error={Boolean(errors.buttonLabel)}
        helperText={
          errors.buttonLabel ?? t('Shown as "Sign in with …"; empty shows the issuer name.')
        }
      />
      <FormControlLabel
        control={
          <Switch checked={values.enabled} onChange={(e) => set({ enabled: e.target.checked })} />
        }
        label={t('Enabled')}
      />
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Button variant="contained" onClick={submit} disabled={save.isPending}>
          {t('Save single sign-on')}
        </Button>
        {sso.settings && (
          <ConfirmButton
            label={t('Delete single sign-on')}
            title={t('Delete single sign-on?')}
            pending={remove.isPending}
            error={remove.error ? errorMessageOf(remove.error) : undefined}
            onConfirm={(close) =>
              remove.mutate(undefined, {
                onSuccess: () => {
                  close();
                  notify.success(t('Single sign-on deleted.'));
                },
              })
            }
          >
            {t(
              'The provider settings and the stored client secret are removed, and the sign-in page no longer offers this provider. To pause sign-ins but keep the settings, switch it off instead.',
            )}
          </ConfirmButton>
        )}
      </Stack>
    </Stack>
  );
}

/**
 * An issuer's OpenID Connect sign-on: its users may then sign in at their own provider from
 * the sign-in page of the issuer's branding domain. Roles stay set in the product.
 */
export function IssuerSsoSection({ issuerId }: { issuerId: string }) {
  const t = useT();
  const { data, error } = useIssuerSso(issuerId);
  return (
    <Paper sx={{ p: 3 }}>
      <Stack spacing={2}>
        <Typography variant="h6" component="h2">
          {t('Single sign-on')}
        </Typography>
        <Typography variant="body2">
          {t(
            'Users of this issuer sign in at their OpenID Connect provider. Register {{url}} as the redirect URI.',
            { url: `${window.location.origin}/api/auth/sso/callback` },
          )}{' '}
          {t('Unknown e-mail addresses become users awaiting approval.')}
        </Typography>
        {error && <Alert severity="error">{errorMessageOf(error)}</Alert>}
        {/* A fresh form when the stored settings change (saved elsewhere, or deleted). */}
        {data && (
          <SsoForm key={data.settings?.updatedAt ?? 'none'} issuerId={issuerId} sso={data} />
        )}
      </Stack>
    </Paper>
  );
}
