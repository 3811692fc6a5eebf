import type { MlModelVersion } from '@b2b/contract';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { FactList } from '../../../components/layout/fact-list';
import { Section } from '../../../components/layout/section';
import { formatDateTime } from '../../../lib/date-format';
import { formatWhole } from '../../../lib/number-format';
import { FeatureImportances } from './feature-importances';
import { useT } from '../../../lib/i18n';

export const percentOf = (share: number | null | undefined) =>
  share === null || share === undefined ? '—' : `${(share * 100).toFixed(1)}%`;
export const aucOf = (auc: number | null | undefined) =>
  auc === null || auc === undefined ? '—' : auc.toFixed(3);

/**
 * A version's evaluation on held-out jobs: the figures and the calibration table (predicted
 * against observed acceptance per decile of the predictions). Aggregates only: no supplier.
 */
export function ModelEvaluation({ model }: { model: MlModelVersion }) {
  const t = useT();
  const e = model.evaluation;
  return (
    <Section
      title={
        model.isActive
          ? t('Version {{version}} (active)', { version: model.version })
          : t('Version {{version}}', { version: model.version })
      }
    >
      <Stack spacing={2}>
        <FactList
          label={t('Model figures')}
          facts={[
            [t('ROC AUC (held-out jobs)'), aucOf(e?.rocAuc)],
            [t('Precision at the top decile'), percentOf(e?.precisionAtTopDecile)],
            [t('Accepting card (held out)'), percentOf(e?.baseRate)],
            [
              t('Training suppliers'),
              model.trainingSize === null ? null : formatWhole(model.trainingSize),
            ],
            [t('Training jobs'), e ? formatWhole(e.trainingJobs) : null],
            [
              t('Held-out jobs'),
              e
                ? t('{{jobs}} ({{suppliers}} suppliers)', {
                    jobs: formatWhole(e.heldOutJobs),
                    suppliers: formatWhole(e.heldOutSuppliers),
                  })
                : null,
            ],
            [t('Trained'), formatDateTime(model.trainedAt)],
            [t('Trained by'), model.trainedBy],
            [t('Features'), model.featureSet],
          ]}
        />
        {e && e.calibration.length > 0 ? (
          <Table size="small" aria-label={t('Calibration')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('Decile')}</TableCell>
                <TableCell align="right">{t('Suppliers')}</TableCell>
                <TableCell align="right">{t('Predicted')}</TableCell>
                <TableCell align="right">{t('Observed')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {e.calibration.map((bin) => (
                <TableRow key={bin.decile}>
                  <TableCell>{bin.decile}</TableCell>
                  <TableCell align="right">{formatWhole(bin.suppliers)}</TableCell>
                  <TableCell align="right">{percentOf(bin.meanPredicted)}</TableCell>
                  <TableCell align="right">{percentOf(bin.observedRate)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        ) : (
          <Typography>{t('No evaluation yet.')}</Typography>
        )}
        {e && <FeatureImportances importances={e.featureImportances} />}
      </Stack>
    </Section>
  );
}
