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

export const percentOf = (share: number | null | undefined) =>
  share === null || share === undefined ? '—' : `${(share * 100).toFixed(1)}%`;
export const aucOf = (auc: number | null | undefined) =>
  auc === null || auc === undefined ? '—' : auc.toFixed(3);

/**
 * A version's evaluation on held-out jobs: the figures and the calibration table (predicted
 * against observed acceptance per decile of the predictions). Aggregates only: no supplier.
 */
export function ModelEvaluation({ model }: { model: MlModelVersion }) {
  const e = model.evaluation;
  return (
    <Section title={`Version ${model.version}${model.isActive ? ' (active)' : ''}`}>
      <Stack spacing={2}>
        <FactList
          label="Model figures"
          facts={[
            ['ROC AUC (held-out jobs)', aucOf(e?.rocAuc)],
            ['Precision at the top decile', percentOf(e?.precisionAtTopDecile)],
            ['Accepting card (held out)', percentOf(e?.baseRate)],
            [
              'Training suppliers',
              model.trainingSize === null ? null : formatWhole(model.trainingSize),
            ],
            ['Training jobs', e ? formatWhole(e.trainingJobs) : null],
            [
              'Held-out jobs',
              e
                ? `${formatWhole(e.heldOutJobs)} (${formatWhole(e.heldOutSuppliers)} suppliers)`
                : null,
            ],
            ['Trained', formatDateTime(model.trainedAt)],
            ['Trained by', model.trainedBy],
            ['Features', model.featureSet],
          ]}
        />
        {e && e.calibration.length > 0 ? (
          <Table size="small" aria-label="Calibration">
            <TableHead>
              <TableRow>
                <TableCell>Decile</TableCell>
                <TableCell align="right">Suppliers</TableCell>
                <TableCell align="right">Predicted</TableCell>
                <TableCell align="right">Observed</TableCell>
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
          <Typography>No evaluation yet.</Typography>
        )}
        {e && <FeatureImportances importances={e.featureImportances} />}
      </Stack>
    </Section>
  );
}
