import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useNotify } from '../../../components/feedback/notifications';
import { formatDateTime } from '../../../lib/date-format';
import { useBackgroundService } from '../api/get-background-service';
import { useSetBackgroundService } from '../api/set-background-service';

/**
 * This server process's background service (BackgroundService_TOGGLE): pause its ProQ workers
 * (what they run finishes; other processes keep claiming) and resume them.
 */
export function BackgroundServiceControl() {
  const { data } = useBackgroundService();
  const toggle = useSetBackgroundService();
  const notify = useNotify();
  if (!data) return null;
  const next = !data.running;
  return (
    <Stack
      direction="row"
      spacing={1}
      sx={{ alignItems: 'center', flexWrap: 'wrap' }}
      role="group"
      aria-label="Background service"
    >
      <Typography variant="body2">This server’s workers ({data.slots} slots):</Typography>
      <Chip
        size="small"
        color={data.running ? 'success' : 'warning'}
        label={data.running ? 'Taking commands' : 'Paused'}
      />
      {data.changedBy && data.changedAt && (
        <Typography variant="note">
          {data.running ? 'Resumed' : 'Paused'} by {data.changedBy} at{' '}
          {formatDateTime(data.changedAt)}
        </Typography>
      )}
      <Button
        variant="outlined"
        size="small"
        disabled={toggle.isPending || data.slots === 0}
        onClick={() =>
          toggle.mutate(next, {
            onSuccess: () =>
              notify.success(next ? 'Background service resumed' : 'Background service paused'),
            onError: (e) => notify.error(e, { operation: 'Background service' }),
          })
        }
      >
        {data.running ? 'Pause background service' : 'Resume background service'}
      </Button>
    </Stack>
  );
}
