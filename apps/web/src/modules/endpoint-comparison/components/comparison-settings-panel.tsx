import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { AsyncButton } from '../../../components/forms/async-button';
import { Section } from '../../../components/layout/section';
import { errorMessageOf } from '../../../lib/api-error';
import { useComparisonSettings } from '../api/get-comparison-settings';
import { useUpdateComparisonSettings } from '../api/update-comparison-settings';
import { useT } from '../../../lib/i18n';

/**
 * The other environment the comparisons call: its base URL and a service token made there.
 * The token is stored encrypted on the server and never shown again: "set" or "not set".
 */
export function ComparisonSettingsPanel() {
  const t = useT();
  const settings = useComparisonSettings();
  const update = useUpdateComparisonSettings();
  const [baseUrl, setBaseUrl] = useState<string | null>(null);
  const [token, setToken] = useState('');
  const [tokenLabel, setTokenLabel] = useState<string | null>(null);
  const current = settings.data;
  const shownUrl = baseUrl ?? current?.baseUrl ?? '';
  const shownLabel = tokenLabel ?? current?.tokenLabel ?? '';

  async function save() {
    await update.mutateAsync({
      baseUrl: shownUrl,
      ...(token ? { token } : {}),
      tokenLabel: shownLabel || null,
    });
    setToken('');
    setBaseUrl(null);
    setTokenLabel(null);
  }

  return (
    <Section title={t('Other environment')}>
      {settings.isPending && <LinearProgress aria-label={t('Loading the settings')} />}
      {settings.error && <Alert severity="error">{errorMessageOf(settings.error)}</Alert>}
      {current && (
        <Stack spacing={2}>
          <Typography>
            {current.baseUrl
              ? `Compared with ${current.baseUrl}.`
              : 'No other environment is set yet.'}{' '}
            Token:{' '}
            {current.tokenSet
              ? `set${current.tokenLabel ? ` (${current.tokenLabel})` : ''}`
              : 'not set'}
            .
            {current.updatedBy && current.updatedAt && (
              <>
                {' '}
                Saved by {current.updatedBy} on {new Date(current.updatedAt).toLocaleString()}.
              </>
            )}
          </Typography>
          <Box
            component="form"
            aria-label={t('Other environment settings')}
            onSubmit={(event) => event.preventDefault()}
          >
            <Stack
              direction={{ xs: 'column', md: 'row' }}
              spacing={2}
              sx={{ alignItems: 'flex-start' }}
            >
              <TextField
                label={t('Base URL')}
                value={shownUrl}
                onChange={(e) => setBaseUrl(e.target.value)}
                placeholder="https://staging.example.com"
                required
                sx={{ minWidth: 280 }}
              />
              <TextField
                label={t('Service token')}
                type="password"
                value={token}
                onChange={(e) => setToken(e.target.value)}
                helperText={
                  current.tokenSet
                    ? 'Leave empty to keep the stored token'
                    : 'A service token made on the other environment'
                }
                autoComplete="off"
              />
              <TextField
                label={t('Token label')}
                value={shownLabel}
                onChange={(e) => setTokenLabel(e.target.value)}
                helperText={t('Whose token, on which environment')}
              />
              <AsyncButton
                variant="contained"
                type="submit"
                onClick={save}
                onError={() => undefined}
              >
                {t('Save')}
              </AsyncButton>
            </Stack>
          </Box>
          {update.error && <Alert severity="error">{errorMessageOf(update.error)}</Alert>}
        </Stack>
      )}
    </Section>
  );
}
