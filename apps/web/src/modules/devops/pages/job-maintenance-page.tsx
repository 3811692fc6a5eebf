import type { JobListItem, ProqCommand } from '@b2b/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { GridColDef } from '@mui/x-data-grid';
import { MESSAGES } from '@b2b/contract';
import { useMemo, useState, type FormEvent } from 'react';
import { ServerDataGrid } from '../../../components/data-grid';
import { useNotify } from '../../../components/feedback/notifications';
import { useCan } from '../../../lib/permissions';
import { useResetJob } from '../../jobs/api/reset-job';
import { useHasQueuedCommands } from '../api/check-queued-commands';
import { listJobs } from '../../jobs/api/list-jobs';
import { jobsQueryKeys } from '../../jobs/api/jobs-query-keys';
import { useRetryCommand } from '../api/retry-command';
import { dateFilterOperators, formatDate } from '../components/command-columns';
import { JobWorkflowPanel } from '../components/job-workflow-panel';
import { MaintenanceJobSteps } from '../components/maintenance-job-steps';
import { tKey, useT } from '../../../lib/i18n';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const COLUMNS: GridColDef<JobListItem>[] = [
  { field: 'name', headerName: tKey('Name'), width: 240 },
  { field: 'status', headerName: tKey('Status'), width: 120 },
  { field: 'type', headerName: tKey('Type'), width: 150 },
  { field: 'issuerName', headerName: tKey('Issuer'), width: 180 },
  { field: 'buyerName', headerName: tKey('Buyer'), width: 180 },
  { field: 'ownerName', headerName: tKey('Owner'), width: 200 },
  {
    field: 'updatedOn',
    headerName: tKey('Updated'),
    width: 180,
    valueFormatter: (value: string) => formatDate(value),
    filterOperators: dateFilterOperators<JobListItem>(),
  },
  { field: 'id', headerName: tKey('Id'), width: 290 },
];

/** Starts the job over from its first step, after a confirmation. */
function ResetJobButton({ jobId }: { jobId: string }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const reset = useResetJob(jobId);
  const queued = useHasQueuedCommands(jobId, open);
  const notify = useNotify();
  return (
    <>
      <Button size="small" color="warning" variant="outlined" onClick={() => setOpen(true)}>
        {t('Reset job')}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="reset-job-title">
        <DialogTitle id="reset-job-title">{t('Reset this job?')}</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {t(
              'Its queued commands are canceled and its whole pipeline runs again from the first step. A command still running finishes, but its results are replaced by the new run.',
            )}
          </DialogContentText>
          {/* Checked as the dialog opens (SPEC §7 check-queued-commands): say what a reset stops. */}
          {queued.data === true && (
            <Alert severity="warning" sx={{ mt: 2 }}>
              {t('This job still has queued or running commands: the reset cancels them.')}
            </Alert>
          )}
          {queued.data === false && (
            <Alert severity="info" sx={{ mt: 2 }}>
              {t('Nothing of this job is queued now.')}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{t(MESSAGES.dialogNo)}</Button>
          <Button
            disabled={reset.isPending}
            onClick={() =>
              reset.mutate(undefined, {
                onSuccess: () => {
                  notify.success(t('Job reset: its pipeline runs again from the first step'));
                  setOpen(false);
                },
                onError: (e) => notify.error(e, { operation: t('Reset job') }),
              })
            }
          >
            {t(MESSAGES.dialogYes)}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

/** Retries the failed commands of one ProQ step of the job. */
function RetryStepCommands({ commands }: { commands: ProqCommand[] }) {
  const t = useT();
  const retry = useRetryCommand();
  const notify = useNotify();
  const failed = commands.filter((c) => c.state === 'Error' || c.state === 'Canceled');
  if (failed.length === 0) return null;
  const retryAll = async () => {
    try {
      for (const command of failed) await retry.mutateAsync(command.id);
      notify.success(t('{{count}} command(s) queued again', { count: failed.length }));
    } catch (e) {
      notify.error(e, { operation: t('Retry failed commands') });
    }
  };
  return (
    <Button size="small" disabled={retry.isPending} onClick={() => void retryAll()}>
      {t('Retry failed commands')}
    </Button>
  );
}

/**
 * /devops/job-maintenance (DevOps_JobMaintenance_VIEW): find a job (list or id), inspect its
 * pipeline steps and ProQ commands; with DevOps_JobMaintenance_UPDATE re-run a failed step
 * (through the jobs module, which also runs the steps after it), retry a step's failed
 * commands (with ProQ_MANAGE) and reset the job (cancel its queued commands).
 */
export function JobMaintenancePage() {
  const t = useT();
  const columns = useMemo(
    () => COLUMNS.map((c) => ({ ...c, headerName: t(c.headerName ?? '') })),
    [t],
  );
  const [jobId, setJobId] = useState<string | null>(null);
  const [typed, setTyped] = useState('');
  const canUpdate = useCan('DevOps_JobMaintenance_UPDATE');
  const canRetryCommands = useCan(['DevOps_JobMaintenance_UPDATE', 'ProQ_MANAGE']);
  const typedValid = UUID.test(typed.trim());

  const openTyped = (e: FormEvent) => {
    e.preventDefault();
    if (typedValid) setJobId(typed.trim().toLowerCase());
  };

  return (
    <Stack spacing={3}>
      <Stack component="form" direction="row" spacing={1} onSubmit={openTyped}>
        <TextField
          size="small"
          label={t('Job id')}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          error={typed.trim() !== '' && !typedValid}
          helperText={typed.trim() !== '' && !typedValid ? t('A job id is a UUID') : ' '}
          sx={{ width: 380 }}
        />
        <Button type="submit" variant="outlined" disabled={!typedValid} sx={{ height: 40 }}>
          {t('Open job')}
        </Button>
      </Stack>
      <ServerDataGrid<JobListItem>
        label={t('Jobs')}
        queryKey={jobsQueryKeys.list}
        columns={columns}
        fetchPage={listJobs}
        initialSortModel={[{ field: 'updatedOn', sort: 'desc' }]}
        onRowClick={({ row }) => setJobId(row.id)}
        pageSize={10}
      />
      {jobId && (
        <Stack spacing={2} key={jobId}>
          <MaintenanceJobSteps jobId={jobId} />
          <JobWorkflowPanel
            jobId={jobId}
            jobActions={canUpdate ? <ResetJobButton jobId={jobId} /> : undefined}
            stepActions={
              canRetryCommands
                ? (step) => <RetryStepCommands commands={step.commands} />
                : undefined
            }
          />
        </Stack>
      )}
    </Stack>
  );
}
