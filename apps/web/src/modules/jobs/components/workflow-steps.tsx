import type { JobDetails, WorkflowStep } from '@b2b/contract';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { AsyncButton } from '../../../components/forms';
import { useNotify } from '../../../components/feedback/notifications';
import { translateServerMessage, useT } from '../../../lib/i18n';
import { useRetryStep } from '../api/retry-job-step';
import { formatDateTime } from './format';
import { StepStatusChip } from './status-chips';

function StepError({ job, step }: { job: JobDetails; step: WorkflowStep }) {
  const t = useT();
  const retry = useRetryStep(job.id);
  const notify = useNotify();
  return (
    <Alert
      severity={step.status === 'Error' ? 'error' : 'warning'}
      action={
        job.can.retry ? (
          <AsyncButton
            color="inherit"
            size="small"
            onClick={() => retry.mutateAsync(step.step)}
            onError={(e) =>
              notify.error(e, { operation: t('Retry {{step}}', { step: t(step.label) }) })
            }
          >
            {t('Retry')}
          </AsyncButton>
        ) : undefined
      }
    >
      <AlertTitle>
        {step.status === 'Error'
          ? t('{{label}} ({{step}}): failed', { label: t(step.label), step: step.step })
          : t('{{label}} ({{step}}): canceled', { label: t(step.label), step: step.step })}
      </AlertTitle>
      {step.message ? translateServerMessage(step.message) : t('No message was recorded.')}
    </Alert>
  );
}

/**
 * The pipeline's steps with their live statuses; a failed or canceled step shows its message
 * and, for people who may, a Retry that runs it and the steps after it again.
 */
export function WorkflowSteps({ job }: { job: JobDetails }) {
  const t = useT();
  const failed = job.steps.filter((s) => s.status === 'Error' || s.status === 'Canceled');
  return (
    <Stack spacing={2}>
      {failed.map((step) => (
        <StepError key={step.step} job={job} step={step} />
      ))}
      <Table size="small" aria-label={t('Workflow steps')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('Step')}</TableCell>
            <TableCell>{t('Status')}</TableCell>
            <TableCell>{t('Progress')}</TableCell>
            <TableCell>{t('Started')}</TableCell>
            <TableCell>{t('Completed')}</TableCell>
            <TableCell>{t('Message')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {job.steps.map((step) => (
            <TableRow key={step.step} data-testid={`step-${step.step}`}>
              <TableCell component="th" scope="row">
                {t(step.label)}
              </TableCell>
              <TableCell>
                <StepStatusChip status={step.status} />
              </TableCell>
              <TableCell sx={{ minWidth: 120 }}>
                {step.status === 'InProgress' ? (
                  <LinearProgress
                    variant="determinate"
                    value={step.progress}
                    aria-label={t('{{step}} progress', { step: t(step.label) })}
                  />
                ) : step.status === 'Completed' ? (
                  '100%'
                ) : (
                  '—'
                )}
              </TableCell>
              <TableCell>{formatDateTime(step.startedAt)}</TableCell>
              <TableCell>{formatDateTime(step.completedAt)}</TableCell>
              <TableCell>{step.message ? translateServerMessage(step.message) : ''}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Stack>
  );
}

/**
 * How far the analysis has got, for users without the workflow view (SPEC §6: ptcoJobManager
 * adds "workflow view"): one bar over the whole pipeline and the step it is on, failures still
 * shown with their message and Retry.
 */
export function WorkflowProgress({ job }: { job: JobDetails }) {
  const t = useT();
  const failed = job.steps.filter((s) => s.status === 'Error' || s.status === 'Canceled');
  const done = job.steps.filter((s) => s.status === 'Completed').length;
  const current = job.steps.find((s) => s.status === 'InProgress');
  const total = job.steps.length;
  const value = ((done + (current ? current.progress / 100 : 0)) / total) * 100;
  // A job held back by the resource guard's running-jobs limit says what it waits for.
  const waiting = job.steps.find((s) => s.status === 'Pending' && !s.commandId && s.message);
  return (
    <Stack spacing={1}>
      {failed.map((step) => (
        <StepError key={step.step} job={job} step={step} />
      ))}
      {waiting?.message && <Alert severity="info">{translateServerMessage(waiting.message)}</Alert>}
      <LinearProgress variant="determinate" value={value} aria-label={t('Analysis progress')} />
      <Typography data-testid="analysis-progress">
        {current
          ? t('{{done}} of {{total}} steps completed · now {{step}} ({{progress}}%)', {
              done,
              total,
              step: current.label,
              progress: Math.round(current.progress),
            })
          : t('{{done}} of {{total}} steps completed', { done, total })}
      </Typography>
    </Stack>
  );
}
