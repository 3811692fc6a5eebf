import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Section } from '../../../components/layout/section';
import { errorMessageOf } from '../../../lib/api-error';
import { useCan } from '../../../lib/permissions';
import { useMlPrediction } from '../api/get-ml-prediction';
import { useTrainMlModel } from '../api/train-ml-model';
import { ModelEvaluation } from '../components/model-evaluation';
import { TrainingHistory } from '../components/training-history';
import { useT } from '../../../lib/i18n';

/**
 * /admin/analysis-admin/ml-prediction (SPEC §2, MlPrediction_VIEW): the card acceptance model
 * that predicts, for suppliers the reference data does not match, the probability that they
 * accept card. Versions with their held-out evaluation; training and activation need
 * AnalysisAdmin too.
 */
export function MlPredictionPage() {
  const t = useT();
  const overview = useMlPrediction();
  const train = useTrainMlModel();
  const canManage = useCan('AnalysisAdmin');
  const [shown, setShown] = useState<number | null>(null);
  const versions = overview.data?.versions ?? [];
  const busy = versions.some((v) => v.state === 'Queued' || v.state === 'Running');
  const selected =
    versions.find((v) => v.version === shown) ??
    versions.find((v) => v.isActive) ??
    versions.find((v) => v.state === 'Ready');

  return (
    <Stack spacing={3}>
      <Section title={t('Card acceptance model')}>
        <Stack spacing={2}>
          <Typography>
            {t(
              "Predicts the probability that a supplier the reference data does not match accepts card, from its industry (MCC, SIC, name), spend, payment methods, frequency and terms, and country. It learns from the matched and unmatched suppliers of every Completed job (people's match decisions count twice) and is evaluated on whole jobs it never saw. Only figures are shown here, never another issuer's suppliers.",
            )}
          </Typography>
          {overview.data && (
            <Typography>
              {overview.data.activeVersion
                ? t(
                    'Version {{version}} is active: jobs are scored with it when their pipeline finishes.',
                    { version: overview.data.activeVersion },
                  )
                : t('No version is active: jobs get no prediction.')}
            </Typography>
          )}
          {overview.error && <Alert severity="error">{errorMessageOf(overview.error)}</Alert>}
          {train.isError && <Alert severity="error">{errorMessageOf(train.error)}</Alert>}
          {canManage && (
            <Box>
              <Button
                variant="contained"
                disabled={busy || train.isPending}
                onClick={() => train.mutate()}
              >
                {t('Train now')}
              </Button>
            </Box>
          )}
        </Stack>
      </Section>
      {selected && <ModelEvaluation model={selected} />}
      <Section title={t('Training history')}>
        <TrainingHistory versions={versions} canManage={canManage} onShow={setShown} />
      </Section>
    </Stack>
  );
}
