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
              ? t('Compared with {{baseUrl}}.', { baseUrl: current.baseUrl })
              : t('No other environment is set yet.')}{' '}
            {current.tokenSet
              ? current.tokenLabel
                ? t('Token: set ({{label}}).', { label: current.tokenLabel })
                : t('Token: set.')
              : t('Token: not set.')}
            {current.updatedBy && current.updatedAt && (
              <>
                {' '}
                {t('Saved by {{user}} on {{time}}.', {
                  user: current.updatedBy,
                  time: new Date(current.updatedAt).toLocaleString(),
                })}
              </>
            )}
          </Typography>
          {current.allowedOrigins?.length === 0 && (
            <Alert severity="warning">
              {t(
                "Endpoint comparison is off on this server: set COMPARISON_ALLOWED_ORIGINS to the other environments' origins first.",
              )}
            </Alert>
          )}
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
                placeholder={current.allowedOrigins?.[0] ?? 'https://staging.example.com'}
                helperText={
                  current.allowedOrigins?.length
                    ? t('Allowed: {{origins}}', { origins: current.allowedOrigins.join(', ') })
                    : undefined
                }
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
                    ? t('Leave empty to keep the stored token')
                    : t('A service token made on the other environment')
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
