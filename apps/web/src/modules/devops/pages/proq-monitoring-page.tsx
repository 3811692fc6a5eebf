import { PROQ_LIMITS } from '@b2b/contract';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { errorMessageOf } from '../../../lib/api-error';
import { PermissionGuard } from '../../../lib/permissions';
import { useRefetchInterval } from '../../../lib/client-flags';
import { useProqMonitoringData } from '../api/get-monitoring-data';
import { CountsByCommandType, QueueCounts } from '../components/command-counts';
import { CommandLists } from '../components/command-lists';
import { BackgroundServiceControl } from '../components/background-service-control';
import { QueueStatusBar } from '../components/queue-status-bar';
import { BackoffStrategy } from '../components/backoff-strategy';
import { useT } from '../../../lib/i18n';

/**
 * /devops/proq-monitoring: the queue at a glance (counts, running and paused), counts per
 * state and command type, and the queued, error and completed lists with each command's
 * detail; this server's background service for holders of BackgroundService_TOGGLE. Everything refreshes every 4 s unless the user turned queries-refetch off.
 */
export function ProqMonitoringPage() {
  const t = useT();
  const { data, error } = useProqMonitoringData();
  const polling = useRefetchInterval(PROQ_LIMITS.refetchIntervalMs) !== false;
  const counts = data && {
    queued: data.queueCounts.queuedCommandsCount,
    completed: data.queueCounts.queuedCompletedCommandsCount,
    failed: data.queueCounts.queuedErrorCommandsCount,
  };
  return (
    <Stack spacing={3}>
      {error && <Alert severity="error">{errorMessageOf(error)}</Alert>}
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        {data && <QueueStatusBar isRunning={data.isRunning} isPaused={data.isPaused} />}
        <Typography variant="note">
          {polling
            ? t('Refreshes every {{seconds}} s', { seconds: PROQ_LIMITS.refetchIntervalMs / 1000 })
            : t('Automatic refresh is off (queries-refetch, on your profile page)')}
        </Typography>
      </Stack>
      <PermissionGuard permissions="BackgroundService_TOGGLE">
        <BackgroundServiceControl />
      </PermissionGuard>
      <QueueCounts queued={counts?.queued} completed={counts?.completed} failed={counts?.failed} />
      <CountsByCommandType />
      <BackoffStrategy />
      <CommandLists counts={counts ?? {}} />
    </Stack>
  );
}
