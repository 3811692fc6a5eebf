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
import { useT } from '../../../lib/i18n';

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
  const t = useT();
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
      ? t('Enter whole minutes from 1 to {{max}}.', { max: DEBUG_LOGGING_MAX_MINUTES })
      : undefined;

  return (
    <Section title={t('Log level')}>
      <Stack spacing={2}>
        {state.data && (
          <Alert severity={window ? 'warning' : 'info'} role="status">
            {window
              ? t(
                  'Logging at {{level}} until {{until}} (set by {{setBy}}); then back to {{defaultLevel}}.',
                  {
                    level: window.level,
                    until: time(window.until),
                    setBy: window.setBy,
                    defaultLevel: state.data.defaultLevel,
                  },
                )
              : t('Logging at {{level}} (LOG_LEVEL). No debug-logging window is set.', {
                  level: state.data.defaultLevel,
                })}
          </Alert>
        )}
        {state.error && <Alert severity="error">{errorMessageOf(state.error)}</Alert>}
        <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
          <LevelSelect label={t('Level')} value={level} onChange={setLevel} />
          <TextField
            label={t('For minutes')}
            type="number"
            value={minutes}
            onChange={(e) => setMinutes(e.target.value)}
            error={Boolean(minutesError)}
            helperText={minutesError ?? t('Every server process follows within 5 seconds.')}
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
                    notify.success(
                      t('Logging at {{level}} for {{minutes}} minutes', {
                        level,
                        minutes: minutesValue,
                      }),
                    ),
                  onError: (e) => notify.error(e, { operation: t('Set the log level') }),
                },
              )
            }
          >
            {t('Start')}
          </Button>
          <Button
            variant="outlined"
            disabled={!window || stop.isPending}
            onClick={() =>
              stop.mutate(undefined, {
                onSuccess: () => notify.success(t('Back to the default log level')),
                onError: (e) => notify.error(e, { operation: t('End the window') }),
              })
            }
          >
            {t('End now')}
          </Button>
        </Stack>
      </Stack>
    </Section>
  );
}

function LinesSection() {
  const t = useT();
  const [level, setLevel] = useState<LogLevel>('trace');
  const state = useDebugLogging(level);
  const lines = state.data ? [...state.data.lines].reverse() : [];
  return (
    <Section title={t('Recent lines')}>
      <Stack spacing={2}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <LevelSelect label={t('At least')} size="small" value={level} onChange={setLevel} />
          {state.data && (
            <Typography variant="note">
              {t(
                "The last lines of server process {{process}}, newest first, refreshed every 2 seconds. Each process keeps its own; workers' lines are in their output.",
                { process: state.data.process },
              )}
            </Typography>
          )}
        </Stack>
        {state.data && lines.length === 0 && (
          <Typography>{t('No lines at this level yet.')}</Typography>
        )}
        {lines.length > 0 && (
          <Table size="small" aria-label={t('Recent log lines')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('Time')}</TableCell>
                <TableCell>{t('Level')}</TableCell>
                <TableCell>{t('Message')}</TableCell>
                <TableCell>{t('Context')}</TableCell>
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
