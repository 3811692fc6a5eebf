import type { ProqCommand } from '@b2b/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepContent from '@mui/material/StepContent';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { errorMessageOf, isApiError } from '../../../lib/api-error';
import { useJobWorkflow } from '../api/get-job-workflow';
import { formatDate } from './command-columns';
import { CommandDetailDialog } from './command-detail-dialog';
import { CommandStateChip } from './command-state-chip';
import { translateServerMessage, useT } from '../../../lib/i18n';

export type JobWorkflowPanelProps = {
  jobId: string;
  /** Buttons acting on the whole job (pause, restart, reset...). */
  jobActions?: ReactNode;
  /** Buttons acting on one step (re-run...), given the step's commands. */
  stepActions?: (step: { commandType: string; commands: ProqCommand[] }) => ReactNode;
};

/**
 * One job's workflow: its overall state and counts, then each step (a command type, in queue
 * order) with its commands; a command opens its detail.
 */
export function JobWorkflowPanel({ jobId, jobActions, stepActions }: JobWorkflowPanelProps) {
  const t = useT();
  const { data: workflow, error, isPending } = useJobWorkflow(jobId);
  const [openId, setOpenId] = useState<string | null>(null);
  return (
    <Card
      variant="outlined"
      component="section"
      aria-label={t('Workflow of job {{jobId}}', { jobId })}
    >
      <CardContent>
        <Stack spacing={2}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography variant="h6" component="h2">
              {workflow
                ? t('ProQ commands of {{name}}', { name: workflow.jobName })
                : t('ProQ commands of job {{jobId}}', { jobId })}
            </Typography>
            {workflow && <CommandStateChip state={workflow.state} />}
            {workflow?.isPaused && <Chip size="small" color="warning" label={t('Paused')} />}
            <Box sx={{ flexGrow: 1 }} />
            {jobActions}
          </Stack>
          {isPending && <LinearProgress aria-label={t('Loading the workflow')} />}
          {error && (
            // A job without commands (not submitted yet, or purged) is not a failure.
            <Alert severity={isApiError(error, 404) ? 'info' : 'error'}>
              {errorMessageOf(error)}
            </Alert>
          )}
          {workflow && (
            <Typography variant="note">
              {t(
                '{{count}} commands: {{queued}} queued, {{completed}} completed, {{errors}} in error, {{canceled}} canceled. Last activity {{date}}.',
                {
                  count: workflow.commandCount,
                  queued: workflow.queuedCount,
                  completed: workflow.completedCount,
                  errors: workflow.errorCount,
                  canceled: workflow.canceledCount,
                  date: formatDate(workflow.lastActivityDate),
                },
              )}
            </Typography>
          )}
          {workflow && (
            <Stepper orientation="vertical" nonLinear aria-label={t('Workflow steps')}>
              {workflow.steps.map((step) => (
                <Step key={step.commandType} active expanded>
                  <StepLabel error={step.state === 'Error'}>
                    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                      <span>{step.commandType}</span>
                      <CommandStateChip state={step.state} />
                      {stepActions?.(step)}
                    </Stack>
                  </StepLabel>
                  <StepContent>
                    <Table
                      size="small"
                      aria-label={t('Commands of step {{step}}', { step: step.commandType })}
                    >
                      <TableHead>
                        <TableRow>
                          <TableCell>{t('State')}</TableCell>
                          <TableCell>{t('Queued')}</TableCell>
                          <TableCell>{t('Completed')}</TableCell>
                          <TableCell>{t('Message')}</TableCell>
                          <TableCell>{t('Id')}</TableCell>
                        </TableRow>
                      </TableHead>
                      <TableBody>
                        {step.commands.map((command) => (
                          <TableRow
                            key={command.id}
                            hover
                            sx={{ cursor: 'pointer' }}
                            onClick={() => setOpenId(command.id)}
                          >
                            <TableCell>
                              <CommandStateChip state={command.state} />
                            </TableCell>
                            <TableCell>{formatDate(command.queuedDate)}</TableCell>
                            <TableCell>{formatDate(command.completedDate)}</TableCell>
                            <TableCell>
                              {command.message ? translateServerMessage(command.message) : ''}
                            </TableCell>
                            <TableCell>{command.id}</TableCell>
                          </TableRow>
                        ))}
                      </TableBody>
                    </Table>
                  </StepContent>
                </Step>
              ))}
            </Stepper>
          )}
        </Stack>
      </CardContent>
      <CommandDetailDialog commandId={openId} onClose={() => setOpenId(null)} />
    </Card>
  );
}
