import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useQueryClient } from '@tanstack/react-query';
import { errorMessageOf } from '../../../lib/api-error';
import { usePredictJobCardAcceptance } from '../../ml-prediction/api/predict-job-card-acceptance';
import { jobsQueryKeys } from '../api/jobs-query-keys';

/**
 * Asks the active card acceptance model for the job's unmatched suppliers again (ML prediction):
 * after a new version was activated. The command runs in the background; Refresh reads the
 * list again once it has.
 */
export function PredictCardAcceptance({ jobId }: { jobId: string }) {
  const predict = usePredictJobCardAcceptance();
  const queryClient = useQueryClient();
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <Button size="small" disabled={predict.isPending} onClick={() => predict.mutate(jobId)}>
        Predict card acceptance
      </Button>
      {predict.isSuccess && (
        <Alert
          severity="info"
          role="status"
          action={
            <Button
              size="small"
              onClick={() =>
                void queryClient.invalidateQueries({ queryKey: jobsQueryKeys.supplierList(jobId) })
              }
            >
              Refresh
            </Button>
          }
        >
          Queued with model version {predict.data.modelVersion}: the unmatched suppliers get their
          predicted acceptance once it has run.
        </Alert>
      )}
      {predict.isError && <Alert severity="error">{errorMessageOf(predict.error)}</Alert>}
    </Stack>
  );
}
