import type { MlFeatureGroup, MlFeatureImportance } from '@b2b/contract';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '../../../components/layout/quick-view-popover';
import { tKey, useT } from '../../../lib/i18n';

/** The buyer-file facts behind each group, as the admin reads them. */
const GROUP_LABELS: Record<MlFeatureGroup, string> = {
  nameTokens: tKey('Name tokens (words, legal form)'),
  industry: tKey('Industry (MCC, SIC)'),
  spend: tKey('Spend'),
  paymentPatterns: tKey('Payment patterns (method, frequency, terms, days to pay, counts)'),
  country: tKey('Country'),
  jobAcceptance: tKey("The job's share of card-accepting suppliers"),
};

// A drop that rounds to zero shows as 0.000, not -0.000.
const drop = (n: number) => (Math.abs(n) < 0.0005 ? 0 : n).toFixed(3);

/**
 * A version's feature importances (issue 20): how much its ROC AUC on the held-out jobs drops
 * when a group's facts are shuffled across the held-out suppliers, largest first, with a bar
 * scaled to the largest. Measured at training time on data the model never saw.
 */
export function FeatureImportances({
  importances,
}: {
  importances: readonly MlFeatureImportance[] | null;
}) {
  const t = useT();
  if (importances === null) {
    return (
      <Typography>
        {t('No feature importances: this version was trained before they were measured.')}
      </Typography>
    );
  }
  if (importances.length === 0) {
    return (
      <Typography>
        {t('No feature importances: the held-out suppliers all accept card, or none does.')}
      </Typography>
    );
  }
  const largest = Math.max(...importances.map((i) => i.rocAucDrop), 0);
  return (
    <>
      <Typography variant="note">
        {t(
          "Drop in the held-out ROC AUC when a group's facts are shuffled across the held-out suppliers (mean of three shuffles, ± their spread). Near zero: the model does not rely on it.",
        )}
      </Typography>
      <Table size="small" aria-label={t('Feature importances')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('Feature group')}</TableCell>
            <TableCell align="right">{t('ROC AUC drop')}</TableCell>
            <TableCell sx={{ width: '40%' }}>
              <Box component="span" sx={visuallyHidden}>
                {t('Relative importance')}
              </Box>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {importances.map((i) => (
            <TableRow key={i.group}>
              <TableCell>{t(GROUP_LABELS[i.group])}</TableCell>
              <TableCell align="right">
                {drop(i.rocAucDrop)} ± {drop(i.spread)}
              </TableCell>
              <TableCell>
                <Box
                  aria-hidden
                  sx={{
                    height: 8,
                    borderRadius: 1,
                    bgcolor: 'primary.main',
                    width: `${largest > 0 ? (Math.max(i.rocAucDrop, 0) / largest) * 100 : 0}%`,
                  }}
                />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </>
  );
}
