import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useNotify } from '../../../components/feedback/notifications';
import { errorMessageOf } from '../../../lib/api-error';
import { useCan } from '../../../lib/permissions';
import { useCancelCommand } from '../api/cancel-command';
import { useProqCommand } from '../api/get-command';
import { useRetryCommand } from '../api/retry-command';
import { formatDate } from './command-columns';
import { CommandStateChip } from './command-state-chip';

export type CommandDetailDialogProps = {
  /** The command to show; null keeps the dialog closed. */
  commandId: string | null;
  onClose: () => void;
};

const json = (value: unknown) => JSON.stringify(value, null, 2);

function Field({ label, value }: { label: string; value: string | number | null | undefined }) {
  return (
    <Box component="div" sx={{ display: 'contents' }}>
      <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, wordBreak: 'break-all' }}>
        {value === null || value === undefined || value === '' ? '—' : value}
      </Typography>
    </Box>
  );
}

/**
 * One command: its fields, payload and result as JSON, its log lines, and the operator actions
 * its state allows (retry an Error or Canceled one, cancel a Pending or Blocked one) for holders
 * of ProQ_MANAGE.
 */
export function CommandDetailDialog({ commandId, onClose }: CommandDetailDialogProps) {
  const titleId = useId();
  const { data: command, isPending, error } = useProqCommand(commandId);
  const canManage = useCan('ProQ_MANAGE');
  const retry = useRetryCommand();
  const cancel = useCancelCommand();
  const notify = useNotify();

  const act = (action: typeof retry, operation: string, done: string) => {
    if (!command) return;
    action.mutate(command.id, {
      onSuccess: () => notify.success(done),
      onError: (e) => notify.error(e, { operation }),
    });
  };
  const canRetry = canManage && !!command && ['Error', 'Canceled'].includes(command.state);
  const canCancel = canManage && !!command && ['Pending', 'Blocked'].includes(command.state);
  const busy = retry.isPending || cancel.isPending;

  return (
    <Dialog open={!!commandId} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="md">
      <DialogTitle id={titleId}>
        {command ? `Command ${command.commandType}` : 'Command'}
      </DialogTitle>
      <DialogContent dividers>
        {isPending && <LinearProgress aria-label="Loading the command" />}
        {error && <Alert severity="error">{errorMessageOf(error)}</Alert>}
        {command && (
          <Stack spacing={2}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <CommandStateChip state={command.state} />
              <Typography variant="body2">
                Attempt {command.attempts} of {command.maxAttempts}
              </Typography>
            </Stack>
            {command.message && (
              <Alert severity={command.state === 'Completed' ? 'success' : 'warning'}>
                {command.message}
              </Alert>
            )}
            {command.progress !== null && (
              <Box>
                <Typography variant="body2">
                  Progress {Math.round(command.progress)} %
                  {command.progressMessage ? `: ${command.progressMessage}` : ''}
                </Typography>
                <LinearProgress
                  variant="determinate"
                  value={command.progress}
                  aria-label="Progress"
                />
              </Box>
            )}
            <Box
              component="dl"
              sx={{
                display: 'grid',
                gridTemplateColumns: 'max-content 1fr',
                columnGap: 2,
                rowGap: 0.5,
                m: 0,
              }}
            >
              <Field label="Id" value={command.id} />
              <Field label="Job id" value={command.jobId} />
              <Field label="Priority" value={command.priority} />
              <Field label="Age (min)" value={command.age} />
              <Field label="Queued" value={formatDate(command.queuedDate)} />
              <Field label="Started" value={formatDate(command.startedDate)} />
              <Field label="Completed" value={formatDate(command.completedDate)} />
              <Field label="Scheduled" value={formatDate(command.scheduledTime)} />
              <Field label="Available at" value={formatDate(command.availableAt)} />
              <Field label="Tags" value={command.tags.join(', ')} />
              <Field label="Category" value={command.category} />
              <Field label="Target entity" value={command.targetEntityId} />
              <Field label="Correlation id" value={command.correlationId} />
              <Field label="Processing group" value={command.processingGroup} />
              <Field label="Environment" value={command.environment} />
              <Field label="Stuck time-out (s)" value={command.stuckTimeOutInSeconds} />
              <Field label="Prerequisite" value={command.prerequisite} />
              <Field label="Batch" value={command.batchId} />
              <Field label="Prerequisite batch" value={command.prerequisiteBatchId} />
              <Field label="Worker" value={command.lockedBy} />
            </Box>
            <section aria-label="Payload">
              <Typography variant="subtitle2" component="h3">
                Payload
              </Typography>
              <Box component="pre" sx={{ m: 0, p: 1, bgcolor: 'action.hover', overflow: 'auto' }}>
                {json(command.payload)}
              </Box>
            </section>
            {command.result !== null && command.result !== undefined && (
              <section aria-label="Result">
                <Typography variant="subtitle2" component="h3">
                  Result
                </Typography>
                <Box
                  component="pre"
                  sx={{ m: 0, p: 1, bgcolor: 'action.hover', overflow: 'auto', maxHeight: 240 }}
                >
                  {json(command.result)}
                </Box>
              </section>
            )}
            {command.logs.length > 0 && (
              <section aria-label="Log lines">
                <Typography variant="subtitle2" component="h3">
                  Log lines
                </Typography>
                <Box component="ul" sx={{ m: 0, pl: 2, maxHeight: 200, overflow: 'auto' }}>
                  {command.logs.map((line, i) => (
                    <li key={i}>
                      <Typography variant="body2">
                        {formatDate(line.at)} [{line.level}] {line.message}
                      </Typography>
                    </li>
                  ))}
                </Box>
              </section>
            )}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        {canRetry && (
          <Button
            disabled={busy}
            onClick={() => act(retry, 'Retry command', 'The command is queued again')}
          >
            Retry
          </Button>
        )}
        {canCancel && (
          <Button
            color="warning"
            disabled={busy}
            onClick={() => act(cancel, 'Cancel command', 'The command is canceled')}
          >
            Cancel command
          </Button>
        )}
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
