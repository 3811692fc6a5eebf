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

/**
 * The memory-pressure exercise (MemoryHog_TRIGGER): holds memory in this server process for a
 * while, so the memory alerts can be seen to fire, then lets it go. The server guards it (one at
 * a time, within its limits, at most half the free memory).
 */
export function MemoryHogSection() {
  const state = useMemoryHog();
  const start = useStartMemoryHog();
  const notify = useNotify();
  const [megabytes, setMegabytes] = useState('256');
  const [seconds, setSeconds] = useState('30');
  const running = state.data?.running ?? false;
  return (
    <Section title="Memory pressure">
      <Stack spacing={2}>
        <Typography variant="body2">
          Holds memory in this server process for the time given, then lets it go: for checking that
          memory alerts fire. Up to {MEMORY_HOG_MAX_MB} MB for up to {MEMORY_HOG_MAX_SECONDS}{' '}
          seconds, one at a time.
        </Typography>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <TextField
            label="Megabytes"
            type="number"
            size="small"
            value={megabytes}
            onChange={(e) => setMegabytes(e.target.value)}
            slotProps={{ htmlInput: { min: 1, max: MEMORY_HOG_MAX_MB } }}
          />
          <TextField
            label="Seconds"
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
                    onSuccess: (s) => notify.success(`Holding ${s.megabytes} MB`),
                    onError: (e) => notify.error(e, { operation: 'Start memory pressure' }),
                  },
                )
              }
            >
              Hold memory
            </Button>
          </Box>
        </Stack>
        {state.data && (
          <Box role="status">
            {state.data.running ? (
              <Alert severity="warning">
                Holding {state.data.megabytes} MB until {formatDateTime(state.data.endsAt!)} (
                {state.data.startedBy}); resident memory {state.data.rssMb} MB.
              </Alert>
            ) : (
              <Typography variant="body2">
                Nothing held; resident memory {state.data.rssMb} MB.
              </Typography>
            )}
          </Box>
        )}
      </Stack>
    </Section>
  );
}
