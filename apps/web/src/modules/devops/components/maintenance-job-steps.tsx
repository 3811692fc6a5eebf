import { JOB_TYPES, type JobDetails } from '@b2b/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useNotify } from '../../../components/feedback/notifications';
import { errorMessageOf, isApiError } from '../../../lib/api-error';
import { useJob } from '../../jobs/api/get-job';
import { useRetryStep } from '../../jobs/api/retry-job-step';
import { useCan } from '../../../lib/permissions';
import { formatDate } from './command-columns';
import { CommandStateChip } from './command-state-chip';
import { translateServerMessage, useT } from '../../../lib/i18n';

function StepsTable({ job }: { job: JobDetails }) {
  const t = useT();
  const canUpdate = useCan('DevOps_JobMaintenance_UPDATE');
  const rerun = useRetryStep(job.id);
  const notify = useNotify();
  return (
    <Table size="small" aria-label={t('Job workflow steps')}>
      <TableHead>
        <TableRow>
          <TableCell>{t('Step')}</TableCell>
          <TableCell>{t('Status')}</TableCell>
          <TableCell>{t('Message')}</TableCell>
          <TableCell>{t('Started')}</TableCell>
          <TableCell>{t('Completed')}</TableCell>
          <TableCell>{t('Command')}</TableCell>
          <TableCell />
        </TableRow>
      </TableHead>
      <TableBody>
        {job.steps.map((step) => (
          <TableRow key={step.step}>
            <TableCell component="th" scope="row">
              {t(step.label)}
            </TableCell>
            <TableCell>
              <CommandStateChip state={step.status} />
            </TableCell>
            <TableCell>{step.message ? translateServerMessage(step.message) : ''}</TableCell>
            <TableCell>{formatDate(step.startedAt)}</TableCell>
            <TableCell>{formatDate(step.completedAt)}</TableCell>
            <TableCell sx={{ wordBreak: 'break-all' }}>{step.commandId ?? ''}</TableCell>
            <TableCell>
              {canUpdate && (step.status === 'Error' || step.status === 'Canceled') && (
                <Button
                  size="small"
                  disabled={rerun.isPending}
                  onClick={() =>
                    rerun.mutate(step.step, {
                      onSuccess: () =>
                        notify.success(t('{{step}}: queued again', { step: t(step.label) })),
                      onError: (e) => notify.error(e, { operation: t('Re-run step') }),
                    })
                  }
                >
                  {t('Re-run step')}
                </Button>
              )}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** The analysis job as the jobs module knows it: details and its pipeline steps. */
export function MaintenanceJobSteps({ jobId }: { jobId: string }) {
  const t = useT();
  const { data: job, error, isPending } = useJob(jobId);
  return (
    <Card variant="outlined" component="section" aria-label={t('Analysis job')}>
      <CardContent>
        <Stack spacing={2}>
          {isPending && <LinearProgress aria-label={t('Loading the job')} />}
          {error && (
            <Alert severity={isApiError(error, 404) ? 'info' : 'error'}>
              {isApiError(error, 404)
                ? t('No analysis job you may see has this id; its ProQ commands are below.')
                : errorMessageOf(error)}
            </Alert>
          )}
          {job && (
            <>
              <Typography variant="h6" component="h2">
                {job.name}
              </Typography>
              <Typography variant="note">
                {t(job.status)} · {t(JOB_TYPES[job.type])} · {job.issuerName} / {job.buyerName} ·{' '}
                {t('owner {{name}}', { name: job.ownerName })} ·{' '}
                {t('updated {{date}}', { date: formatDate(job.updatedOn) })}
              </Typography>
              <StepsTable job={job} />
            </>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
