import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useNotify } from '../../../components/feedback/notifications';
import { PermissionGuard } from '../../../lib/permissions';
import { useJobWorkflow } from '../api/get-job-workflow';
import { usePauseQueue } from '../api/pause-queue';
import { useRestartJobWorkflow } from '../api/restart-job-workflow';
import { useResumeQueue } from '../api/resume-queue';
import { JobWorkflowPanel } from '../components/job-workflow-panel';
import { WorkflowJobsGrid } from '../components/workflow-jobs-grid';
import { useT } from '../../../lib/i18n';

/** Pause or resume the job's commands, and restart its failed ones (Workflow_PauseCommands). */
function WorkflowActions({ jobId }: { jobId: string }) {
  const t = useT();
  const { data: workflow } = useJobWorkflow(jobId);
  const pause = usePauseQueue();
  const resume = useResumeQueue();
  const restart = useRestartJobWorkflow();
  const notify = useNotify();
  const paused = workflow?.isPaused ?? false;
  const toggle = paused ? resume : pause;
  const failed = (workflow?.errorCount ?? 0) + (workflow?.canceledCount ?? 0);
  return (
    <PermissionGuard permissions="Workflow_PauseCommands">
      <Button
        size="small"
        variant="outlined"
        disabled={!workflow || toggle.isPending}
        onClick={() =>
          toggle.mutate(jobId, {
            onSuccess: () => notify.success(paused ? t('Workflow resumed') : t('Workflow paused')),
            onError: (e) =>
              notify.error(e, { operation: paused ? t('Resume workflow') : t('Pause workflow') }),
          })
        }
      >
        {paused ? t('Resume workflow') : t('Pause workflow')}
      </Button>
      <Button
        size="small"
        variant="contained"
        disabled={failed === 0 || restart.isPending}
        onClick={() =>
          restart.mutate(jobId, {
            onSuccess: (result) =>
              notify.success(
                t('Restarted: {{count}} command(s) queued again', { count: result.affected }),
              ),
            onError: (e) => notify.error(e, { operation: t('Restart workflow') }),
          })
        }
      >
        {t('Restart workflow')}
      </Button>
    </PermissionGuard>
  );
}

/**
 * /devops/workflow-management: the jobs that have ProQ commands; a selected job shows its
 * workflow steps and their commands, with pause, resume and restart.
 */
export function WorkflowManagementPage() {
  const t = useT();
  const [jobId, setJobId] = useState<string | null>(null);
  return (
    <Stack spacing={3}>
      <Typography variant="note">
        {t(
          'Select a job to see its workflow. Restart queues its Error and Canceled commands again, prerequisites first.',
        )}
      </Typography>
      <WorkflowJobsGrid onSelect={setJobId} />
      {jobId && (
        <JobWorkflowPanel
          key={jobId}
          jobId={jobId}
          jobActions={<WorkflowActions jobId={jobId} />}
        />
      )}
    </Stack>
  );
}
