import { MEMORY_HOG_MAX_MB, MEMORY_HOG_MAX_SECONDS } from '@b2b/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useNotify } from '../../../components/feedback/notifications';
import { Section } from '../../../components/layout/section';
import { formatDateTime } from '../../../lib/date-format';
import { useMemoryHog } from '../api/get-memory-hog';
import { useStartMemoryHog } from '../api/start-memory-hog';
import { useT } from '../../../lib/i18n';

/**
 * The memory-pressure exercise (MemoryHog_TRIGGER): holds memory in this server process for a
 * while, so the memory alerts can be seen to fire, then lets it go. The server guards it (one at
 * a time, within its limits, at most half the free memory).
 */
export function MemoryHogSection() {
  const t = useT();
  const state = useMemoryHog();
  const start = useStartMemoryHog();
  const notify = useNotify();
  const [megabytes, setMegabytes] = useState('256');
  const [seconds, setSeconds] = useState('30');
  const running = state.data?.running ?? false;
  return (
    <Section title={t('Memory pressure')}>
      <Stack spacing={2}>
        <Typography variant="body2">
          {t(
            'Holds memory in this server process for the time given, then lets it go: for checking that memory alerts fire. Up to {{maxMb}} MB for up to {{maxSeconds}} seconds, one at a time.',
            { maxMb: MEMORY_HOG_MAX_MB, maxSeconds: MEMORY_HOG_MAX_SECONDS },
          )}
        </Typography>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <TextField
            label={t('Megabytes')}
            type="number"
            size="small"
            value={megabytes}
            onChange={(e) => setMegabytes(e.target.value)}
            slotProps={{ htmlInput: { min: 1, max: MEMORY_HOG_MAX_MB } }}
          />
          <TextField
            label={t('Seconds')}
            type="number"
            size="small"
            value={seconds}
            onChange={(e) => setSeconds(e.target.value)}
            slotProps={{ htmlInput: { min: 1, max: MEMORY_HOG_MAX_SECONDS } }}
          />
          <Box>
            <Button
              variant="contained"
              color="warning"
              disabled={running || start.isPending}
              onClick={() =>
                start.mutate(
                  { megabytes: Number(megabytes), seconds: Number(seconds) },
                  {
                    onSuccess: (s) =>
                      notify.success(t('Holding {{megabytes}} MB', { megabytes: s.megabytes })),
                    onError: (e) => notify.error(e, { operation: t('Start memory pressure') }),
                  },
                )
              }
            >
              {t('Hold memory')}
            </Button>
          </Box>
        </Stack>
        {state.data && (
          <Box role="status">
            {state.data.running ? (
              <Alert severity="warning">
                {t(
                  'Holding {{megabytes}} MB until {{until}} ({{startedBy}}); resident memory {{rssMb}} MB.',
                  {
                    megabytes: state.data.megabytes,
                    until: formatDateTime(state.data.endsAt!),
                    startedBy: state.data.startedBy,
                    rssMb: state.data.rssMb,
                  },
                )}
              </Alert>
            ) : (
              <Typography variant="body2">
                {t('Nothing held; resident memory {{rssMb}} MB.', { rssMb: state.data.rssMb })}
              </Typography>
            )}
          </Box>
        )}
      </Stack>
    </Section>
  );
}
