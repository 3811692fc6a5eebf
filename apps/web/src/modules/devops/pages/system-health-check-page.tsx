import { MESSAGES } from '@b2b/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useNotify } from '../../../components/feedback/notifications';
import { errorMessageOf } from '../../../lib/api-error';
import { PermissionGuard } from '../../../lib/permissions';
import { useHealthCheckOutcome } from '../api/command-execute-validate';
import { useIntegrationConfiguration } from '../api/get-integration-configurations';
import { useStartHealthCheck } from '../api/run-system-health-check';
import { useVerifyIntegrations } from '../api/verify-integrations-configuration';
import { AppConfigSection } from '../components/app-config-section';
import { EndToEndTestSection } from '../components/end-to-end-test-section';
import { IntegrationResults } from '../components/integration-results';
import { MemoryHogSection } from '../components/memory-hog-section';
import { Section } from '../../../components/layout/section';
import { useT } from '../../../lib/i18n';

function ConfigurationSection() {
  const t = useT();
  const { data, error } = useIntegrationConfiguration();
  const rows: [string, string][] = data
    ? [
        [t('Database'), `${data.database.kind} ${data.database.location}`],
        [t('File storage'), `${data.storage.kind} ${data.storage.location}`],
        [
          t('Mail transport'),
          data.mail.transport === 'smtp' ? t('SMTP server') : t('Outbox (no SMTP_URL)'),
        ],
        [
          t('Chat model (LLM)'),
          data.llm.configured
            ? t('Live: {{url}}', { url: data.llm.baseUrl })
            : t('Not configured (offline answers)'),
        ],
      ]
    : [];
  return (
    <Section title={t('Integration configuration')}>
      <Stack spacing={2}>
        {error && <Alert severity="error">{errorMessageOf(error)}</Alert>}
        {!data && !error && <LinearProgress aria-label={t('Loading the configuration')} />}
        <Box
          component="dl"
          sx={{
            display: 'grid',
            gridTemplateColumns: 'max-content 1fr',
            columnGap: 3,
            rowGap: 1,
            m: 0,
          }}
        >
          {rows.map(([label, value]) => (
            <Box key={label} sx={{ display: 'contents' }}>
              <Typography component="dt" sx={{ color: 'text.secondary' }}>
                {label}
              </Typography>
              <Typography component="dd" sx={{ m: 0, wordBreak: 'break-all' }}>
                {value}
              </Typography>
            </Box>
          ))}
        </Box>
      </Stack>
    </Section>
  );
}

function VerifySection() {
  const t = useT();
  const verify = useVerifyIntegrations();
  return (
    <Section title={t('Verify integrations')}>
      <Stack spacing={2}>
        <Typography variant="body2">
          {t(
            'Connects to each integration now: a database round trip, a file written, read and deleted, the SMTP server (when configured) and the chat model endpoint (when configured).',
          )}
        </Typography>
        <Box>
          <Button variant="contained" onClick={() => verify.mutate()} disabled={verify.isPending}>
            {t('Verify integrations')}
          </Button>
        </Box>
        {verify.isPending && <LinearProgress aria-label={t('Verifying')} />}
        {verify.error && <Alert severity="error">{errorMessageOf(verify.error)}</Alert>}
        {verify.data && (
          <IntegrationResults results={verify.data} label={t('Verification results')} />
        )}
      </Stack>
    </Section>
  );
}

function HealthCheckSection() {
  const t = useT();
  const start = useStartHealthCheck();
  const notify = useNotify();
  const [correlationId, setCorrelationId] = useState<string | null>(null);
  const outcome = useHealthCheckOutcome(correlationId);
  const running = start.isPending || (!!correlationId && !outcome.data?.isCompleted);
  return (
    <Section title={t('System health check')}>
      <Stack spacing={2}>
        <Typography variant="body2">
          {t(
            'Queues a ProQ command that checks every integration from a worker, then follows it until it finishes.',
          )}
        </Typography>
        <Box>
          <Button
            variant="contained"
            disabled={running}
            onClick={() =>
              start.mutate(undefined, {
                onSuccess: (started) => setCorrelationId(started.correlationId),
                onError: (e) => notify.error(e, { operation: t('Run system health check') }),
              })
            }
          >
            {t('Run system health check')}
          </Button>
        </Box>
        {correlationId && (
          <Typography variant="note">
            {t('Correlation id {{correlationId}}', { correlationId })}
          </Typography>
        )}
        {running && correlationId && (
          <Box role="status">
            <Typography variant="body2">{t('Health check running…')}</Typography>
            <LinearProgress aria-label={t('Health check running')} />
          </Box>
        )}
        {outcome.error && <Alert severity="error">{errorMessageOf(outcome.error)}</Alert>}
        {outcome.data?.isCompleted && (
          <Box role="status">
            {outcome.data.isSuccess ? (
              <Alert severity="success">{t('Health check completed')}</Alert>
            ) : (
              <Alert severity="error">
                {t('Health check failed: {{reason}}', {
                  reason: outcome.data.errorMessage ?? t(MESSAGES.unknownError),
                })}
              </Alert>
            )}
          </Box>
        )}
        {outcome.data?.isCompleted && outcome.data.results && (
          <IntegrationResults results={outcome.data.results} label={t('Health check results')} />
        )}
      </Stack>
    </Section>
  );
}

/**
 * /devops/system-health-check: the integration configuration (SystemAudit_VIEW), a live
 * verification (IntegrationConfiguration_CHECK) and the health check command followed to the
 * end (SystemHealthCheck_RUN), the end-to-end test (EndToEndTest_RUN), the running configuration (AppConfig_VIEW) and the memory
 * pressure exercise (MemoryHog_TRIGGER). Each part shows only with its permission.
 */
export function SystemHealthCheckPage() {
  return (
    <Stack spacing={3}>
      <PermissionGuard permissions="SystemAudit_VIEW">
        <ConfigurationSection />
      </PermissionGuard>
      <PermissionGuard permissions="IntegrationConfiguration_CHECK">
        <VerifySection />
      </PermissionGuard>
      <PermissionGuard permissions="SystemHealthCheck_RUN">
        <HealthCheckSection />
      </PermissionGuard>
      <PermissionGuard permissions="EndToEndTest_RUN">
        <EndToEndTestSection />
      </PermissionGuard>
      <PermissionGuard permissions="AppConfig_VIEW">
        <AppConfigSection />
      </PermissionGuard>
      <PermissionGuard permissions="MemoryHog_TRIGGER">
        <MemoryHogSection />
      </PermissionGuard>
    </Stack>
  );
}
