import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { errorMessageOf } from '../../../lib/api-error';
import { useT } from '../../../lib/i18n';
import {
  PREDICTION_RUNNING,
  useJobCardAcceptancePrediction,
} from '../../ml-prediction/api/get-job-card-acceptance-prediction';
import { usePredictJobCardAcceptance } from '../../ml-prediction/api/predict-job-card-acceptance';
import { jobsQueryKeys } from '../api/jobs-query-keys';

/**
 * Asks the active card acceptance model for the job's unmatched suppliers again (ML prediction):
 * after a new version was activated. The command runs in the background; while it is queued or
 * running its state is polled, and the supplier list is read again once it has completed
 * (issue 20), whether it was queued here or by someone else before the tab was opened.
 */
export function PredictCardAcceptance({ jobId }: { jobId: string }) {
  const t = useT();
  const predict = usePredictJobCardAcceptance();
  const status = useJobCardAcceptancePrediction(jobId);
  const queryClient = useQueryClient();
  const command = status.data?.command ?? null;
  const running = !!command && PREDICTION_RUNNING.includes(command.state);
  // The command this tab waits for: seen queued or running, or just queued from here (a fast
  // worker may have finished it before the first poll saw it running).
  const followed = useRef<string | null>(null);
  useEffect(() => {
    if (!command) return;
    if (PREDICTION_RUNNING.includes(command.state)) {
      followed.current = command.id;
    } else if (followed.current === command.id) {
      followed.current = null;
      if (command.state === 'Completed') {
        void queryClient.invalidateQueries({ queryKey: jobsQueryKeys.supplierList(jobId) });
      }
    }
  }, [command, jobId, queryClient]);

  const queuedHere = predict.data && command?.id === predict.data.commandId ? command : null;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <Button
        size="small"
        disabled={predict.isPending || running}
        onClick={() =>
          predict.mutate(jobId, {
            onSuccess: (queued) => {
              followed.current = queued.commandId;
            },
          })
        }
      >
        {t('Predict card acceptance')}
      </Button>
      {running && (
        <Alert severity="info" role="status">
          {predict.data
            ? t(
                'Queued with model version {{version}}: the unmatched suppliers get their predicted acceptance once it has run; the list refreshes itself then.',
                { version: predict.data.modelVersion },
              )
            : t(
                'The unmatched suppliers get their predicted acceptance once it has run; the list refreshes itself then.',
              )}
        </Alert>
      )}
      {queuedHere?.state === 'Completed' && (
        <Alert severity="success" role="status">
          {t('Done: {{message}}.', {
            message: queuedHere.message ?? t('card acceptance predicted'),
          })}
        </Alert>
      )}
      {(queuedHere?.state === 'Error' || queuedHere?.state === 'Canceled') && (
        <Alert severity="error">
          {queuedHere.state === 'Error'
            ? queuedHere.message
              ? t('The prediction ended in an error: {{message}}', { message: queuedHere.message })
              : t('The prediction ended in an error.')
            : queuedHere.message
              ? t('The prediction ended canceled: {{message}}', { message: queuedHere.message })
              : t('The prediction ended canceled.')}
        </Alert>
      )}
      {predict.isError && <Alert severity="error">{errorMessageOf(predict.error)}</Alert>}
    </Stack>
  );
}
