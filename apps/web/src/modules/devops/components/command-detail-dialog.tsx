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
import { FactList } from '../../../components/layout/fact-list';
import { translateServerMessage, useT } from '../../../lib/i18n';

export type CommandDetailDialogProps = {
  /** The command to show; null keeps the dialog closed. */
  commandId: string | null;
  onClose: () => void;
};

const json = (value: unknown) => JSON.stringify(value, null, 2);

/**
 * One command: its fields, payload and result as JSON, its log lines, and the operator actions
 * its state allows (retry an Error or Canceled one, cancel a Pending or Blocked one) for holders
 * of ProQ_MANAGE.
 */
export function CommandDetailDialog({ commandId, onClose }: CommandDetailDialogProps) {
  const t = useT();
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
        {command ? t('Command {{type}}', { type: command.commandType }) : t('Command')}
      </DialogTitle>
      <DialogContent dividers>
        {isPending && <LinearProgress aria-label={t('Loading the command')} />}
        {error && <Alert severity="error">{errorMessageOf(error)}</Alert>}
        {command && (
          <Stack spacing={2}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <CommandStateChip state={command.state} />
              <Typography variant="body2">
                {t('Attempt {{attempt}} of {{max}}', {
                  attempt: command.attempts,
                  max: command.maxAttempts,
                })}
              </Typography>
            </Stack>
            {command.message && (
              <Alert severity={command.state === 'Completed' ? 'success' : 'warning'}>
                {translateServerMessage(command.message)}
              </Alert>
            )}
            {command.progress !== null && (
              <Box>
                <Typography variant="body2">
                  {t('Progress {{percent}} %', { percent: Math.round(command.progress) })}
                  {command.progressMessage
                    ? `: ${translateServerMessage(command.progressMessage)}`
                    : ''}
                </Typography>
                <LinearProgress
                  variant="determinate"
                  value={command.progress}
                  aria-label={t('Progress')}
                />
              </Box>
            )}
            <FactList
              facts={[
                [t('Id'), command.id],
                [t('Job id'), command.jobId],
                [t('Priority'), command.priority],
                [t('Age (min)'), command.age],
                [t('Queued'), formatDate(command.queuedDate)],
                [t('Started'), formatDate(command.startedDate)],
                [t('Completed'), formatDate(command.completedDate)],
                [t('Scheduled'), formatDate(command.scheduledTime)],
                [t('Available at'), formatDate(command.availableAt)],
                [t('Tags'), command.tags.join(', ')],
                [t('Category'), command.category],
                [t('Target entity'), command.targetEntityId],
                [t('Correlation id'), command.correlationId],
                [t('Processing group'), command.processingGroup],
                [t('Environment'), command.environment],
                [t('Stuck time-out (s)'), command.stuckTimeOutInSeconds],
                [t('Prerequisite'), command.prerequisite],
                [t('Batch'), command.batchId],
                [t('Prerequisite batch'), command.prerequisiteBatchId],
                [t('Worker'), command.lockedBy],
              ]}
            />
            <section aria-label={t('Payload')}>
              <Typography variant="subtitle2" component="h3">
                {t('Payload')}
              </Typography>
              <Box component="pre" sx={{ m: 0, p: 1, bgcolor: 'action.hover', overflow: 'auto' }}>
                {json(command.payload)}
              </Box>
            </section>
            {command.result !== null && command.result !== undefined && (
              <section aria-label={t('Result')}>
                <Typography variant="subtitle2" component="h3">
                  {t('Result')}
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
              <section aria-label={t('Log lines')}>
                <Typography variant="subtitle2" component="h3">
                  {t('Log lines')}
                </Typography>
                <Box component="ul" sx={{ m: 0, pl: 2, maxHeight: 200, overflow: 'auto' }}>
                  {command.logs.map((line, i) => (
                    <li key={i}>
                      <Typography variant="body2">
                        {formatDate(line.at)} [{line.level}] {translateServerMessage(line.message)}
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
            onClick={() => act(retry, t('Retry command'), t('The command is queued again'))}
          >
            {t('Retry')}
          </Button>
        )}
        {canCancel && (
          <Button
            color="warning"
            disabled={busy}
            onClick={() => act(cancel, t('Cancel command'), t('The command is canceled'))}
          >
            {t('Cancel command')}
          </Button>
        )}
        <Button onClick={onClose}>{t('Close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
