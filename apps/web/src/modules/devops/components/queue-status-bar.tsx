import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { useNotify } from '../../../components/feedback/notifications';
import { PermissionGuard } from '../../../lib/permissions';
import { usePauseQueue } from '../api/pause-queue';
import { useResumeQueue } from '../api/resume-queue';
import { useT } from '../../../lib/i18n';

export type QueueStatusBarProps = { isRunning: boolean; isPaused: boolean };

/**
 * Whether a worker is alive (heart-beating) and whether the queue is paused, with pause and
 * resume for holders of Workflow_PauseCommands.
 */
export function QueueStatusBar({ isRunning, isPaused }: QueueStatusBarProps) {
  const t = useT();
  const pause = usePauseQueue();
  const resume = useResumeQueue();
  const notify = useNotify();
  const action = isPaused ? resume : pause;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <Chip
        data-testid="proq-running"
        color={isRunning ? 'success' : 'error'}
        label={isRunning ? t('Running') : t('Not running')}
      />
      {isPaused && <Chip color="warning" label={t('Paused')} />}
      <PermissionGuard permissions="Workflow_PauseCommands">
        <Button
          variant="outlined"
          size="small"
          disabled={action.isPending}
          onClick={() =>
            action.mutate(undefined, {
              onSuccess: () => notify.success(isPaused ? t('Queue resumed') : t('Queue paused')),
              onError: (e) =>
                notify.error(e, { operation: isPaused ? t('Resume queue') : t('Pause queue') }),
            })
          }
        >
          {isPaused ? t('Resume queue') : t('Pause queue')}
        </Button>
      </PermissionGuard>
    </Stack>
  );
}
