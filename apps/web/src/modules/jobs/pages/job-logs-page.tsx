import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { errorMessageOf } from '../../../lib/api-error';
import { translateServerMessage, useT } from '../../../lib/i18n';
import { useJobLogs } from '../api/get-job-logs';
import { formatDateTime } from '../components/format';
import { JobFrame } from '../components/job-frame';

const LEVEL_COLOR = { info: 'text.primary', warn: 'warning.main', error: 'error.main' } as const;

function JobLogs({ jobId }: { jobId: string }) {
  const t = useT();
  const logs = useJobLogs(jobId);
  const end = useRef<HTMLDivElement>(null);
  const count = logs.data?.lines.length ?? 0;
  // New lines scroll into view, like a terminal following its output. A block body: newer
  // browsers' scrollIntoView returns a promise, which React would take for a cleanup function.
  useEffect(() => {
    void end.current?.scrollIntoView?.({ block: 'nearest' });
  }, [count]);

  if (logs.isError) return <Alert severity="error">{errorMessageOf(logs.error)}</Alert>;
  if (!logs.data) return <LinearProgress aria-label={t('Loading the log')} />;
  return (
    <Stack spacing={1}>
      <Typography variant="note" role="status">
        {logs.data.finished
          ? t('All steps have finished.')
          : t('Steps are running: new lines appear as they are written.')}
      </Typography>
      <Paper
        variant="outlined"
        component="section"
        aria-label={t('Job log')}
        tabIndex={0}
        sx={{ p: 1, maxHeight: 560, overflow: 'auto', fontFamily: 'monospace', fontSize: 13 }}
      >
        {logs.data.lines.length === 0 ? (
          <Typography>{t('No log lines yet.')}</Typography>
        ) : (
          <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {logs.data.lines.map((line) => (
              <Box component="li" key={line.id} sx={{ color: LEVEL_COLOR[line.level] }}>
                {formatDateTime(line.at)} [{line.level}]{line.step ? ` ${line.step}:` : ''}{' '}
                {translateServerMessage(line.message)}
              </Box>
            ))}
          </Box>
        )}
        <div ref={end} />
      </Paper>
    </Stack>
  );
}

/** /jobs/:jobId/logs: the job's log lines, streamed while its steps run. */
export function JobLogsPage() {
  return <JobFrame>{(job) => <JobLogs jobId={job.id} />}</JobFrame>;
}
