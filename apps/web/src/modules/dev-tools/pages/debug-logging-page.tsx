import { DEBUG_LOGGING_MAX_MINUTES, LOG_LEVELS, type LogLevel } from '@b2b/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useNotify } from '../../../components/feedback/notifications';
import { Section } from '../../../components/layout/section';
import { errorMessageOf } from '../../../lib/api-error';
import { useDebugLogging } from '../api/get-debug-logging';
import { useStartDebugLogging } from '../api/start-debug-logging';
import { useStopDebugLogging } from '../api/stop-debug-logging';

const time = (iso: string) => new Date(iso).toLocaleTimeString();

function LevelSelect(props: {
  label: string;
  value: LogLevel;
  onChange: (level: LogLevel) => void;
  size?: 'small';
}) {
  return (
    <TextField
      select
      size={props.size}
      label={props.label}
      value={props.value}
      onChange={(e) => props.onChange(e.target.value as LogLevel)}
      sx={{ minWidth: 140 }}
    >
      {LOG_LEVELS.map((l) => (
        <MenuItem key={l} value={l}>
          {l}
        </MenuItem>
      ))}
    </TextField>
  );
}

function WindowSection() {
  const [level, setLevel] = useState<LogLevel>('debug');
  const [minutes, setMinutes] = useState('15');
  const state = useDebugLogging('trace');
  const start = useStartDebugLogging();
  const stop = useStopDebugLogging();
  const notify = useNotify();
  const window = state.data?.window;
  const minutesValue = Number(minutes);
  const minutesError =
    !Number.isInteger(minutesValue) || minutesValue < 1 || minutesValue > DEBUG_LOGGING_MAX_MINUTES
      ? `Enter whole minutes from 1 to ${DEBUG_LOGGING_MAX_MINUTES}.`
      : undefined;

  return (
    <Section title="Log level">
      <Stack spacing={2}>
        {state.data && (
          <Alert severity={window ? 'warning' : 'info'} role="status">
            {window
              ? `Logging at ${window.level} until ${time(window.until)} (set by ${window.setBy}); then back to ${state.data.defaultLevel}.`
              : `Logging at ${state.data.defaultLevel} (LOG_LEVEL). No debug-logging window is set.`}
          </Alert>
        )}
        {state.error && <Alert severity="error">{errorMessageOf(state.error)}</Alert>}
        <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
          <LevelSelect label="Level" value={level} onChange={setLevel} />
          <TextField
            label="For minutes"
            type="number"
            value={minutes}
            onChange={(e) => setMinutes(e.target.value)}
            error={Boolean(minutesError)}
            helperText={minutesError ?? 'Every server process follows within 5 seconds.'}
            slotProps={{ htmlInput: { min: 1, max: DEBUG_LOGGING_MAX_MINUTES } }}
          />
          <Button
            variant="contained"
            disabled={Boolean(minutesError) || start.isPending}
            onClick={() =>
              start.mutate(
                { level, minutes: minutesValue },
                {
                  onSuccess: () =>
                    notify.success(`Logging at ${level} for ${minutesValue} minutes`),
                  onError: (e) => notify.error(e, { operation: 'Set the log level' }),
                },
              )
            }
          >
            Start
          </Button>
          <Button
            variant="outlined"
            disabled={!window || stop.isPending}
            onClick={() =>
              stop.mutate(undefined, {
                onSuccess: () => notify.success('Back to the default log level'),
                onError: (e) => notify.error(e, { operation: 'End the window' }),
              })
            }
          >
            End now
          </Button>
        </Stack>
      </Stack>
    </Section>
  );
}

function LinesSection() {
  const [level, setLevel] = useState<LogLevel>('trace');
  const state = useDebugLogging(level);
  const lines = state.data ? [...state.data.lines].reverse() : [];
  return (
    <Section title="Recent lines">
      <Stack spacing={2}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <LevelSelect label="At least" size="small" value={level} onChange={setLevel} />
          {state.data && (
            <Typography variant="note">
              The last lines of server process {state.data.process}, newest first, refreshed every 2
              seconds. Each process keeps its own; workers' lines are in their output.
            </Typography>
          )}
        </Stack>
        {state.data && lines.length === 0 && <Typography>No lines at this level yet.</Typography>}
        {lines.length > 0 && (
          <Table size="small" aria-label="Recent log lines">
            <TableHead>
              <TableRow>
                <TableCell>Time</TableCell>
                <TableCell>Level</TableCell>
                <TableCell>Message</TableCell>
                <TableCell>Context</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {lines.map((line, i) => (
                <TableRow key={`${line.at}-${i}`}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{time(line.at)}</TableCell>
                  <TableCell>{line.level}</TableCell>
                  <TableCell>{line.message}</TableCell>
                  <TableCell sx={{ fontFamily: 'monospace', fontSize: 12, wordBreak: 'break-all' }}>
                    {line.context}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </Stack>
    </Section>
  );
}

/** /dev/exercise/debug-logging (SPEC §2 Dev): the server's log level for a while, and its lines. */
export function DebugLoggingPage() {
  return (
    <Stack spacing={3}>
      <WindowSection />
      <LinesSection />
    </Stack>
  );
}
