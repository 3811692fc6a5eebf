import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useNotify } from '../../../components/feedback/notifications';
import { formatDateTime } from '../../../lib/date-format';
import { useBackgroundService } from '../api/get-background-service';
import { useSetBackgroundService } from '../api/set-background-service';
import { useT } from '../../../lib/i18n';

/**
 * This server process's background service (BackgroundService_TOGGLE): pause its ProQ workers
 * (what they run finishes; other processes keep claiming) and resume them.
 */
export function BackgroundServiceControl() {
  const t = useT();
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
      aria-label={t('Background service')}
    >
      <Typography variant="body2">
        {t('This server’s workers ({{slots}} slots):', { slots: data.slots })}
      </Typography>
      <Chip
        size="small"
        color={data.running ? 'success' : 'warning'}
        label={data.running ? t('Taking commands') : t('Paused')}
      />
      {data.changedBy && data.changedAt && (
        <Typography variant="note">
          {data.running
            ? t('Resumed by {{who}} at {{when}}', {
                who: data.changedBy,
                when: formatDateTime(data.changedAt),
              })
            : t('Paused by {{who}} at {{when}}', {
                who: data.changedBy,
                when: formatDateTime(data.changedAt),
              })}
        </Typography>
      )}
      <Button
        variant="outlined"
        size="small"
        disabled={toggle.isPending || data.slots === 0}
        onClick={() =>
          toggle.mutate(next, {
            onSuccess: () =>
              notify.success(
                next ? t('Background service resumed') : t('Background service paused'),
              ),
            onError: (e) => notify.error(e, { operation: t('Background service') }),
          })
        }
      >
        {data.running ? t('Pause background service') : t('Resume background service')}
      </Button>
    </Stack>
  );
}
