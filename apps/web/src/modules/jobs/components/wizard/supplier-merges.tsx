import type { SupplierMerge, SupplierMerges as Merges } from '@b2b/contract';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useT } from '../../../../lib/i18n';
import { formatWhole } from '../../../../lib/number-format';

type Translate = ReturnType<typeof useT>;

/** "ACME LTD. (2), Acme Ltd (1) and 3 others": the spellings that went into a supplier. */
function spellingsText(merge: SupplierMerge, t: Translate): string {
  const listed = merge.spellings.map((s) => `${s.name} (${formatWhole(s.rowCount)})`).join(', ');
  const more = merge.spellingCount - merge.spellings.length;
  if (more <= 0) return listed;
  return more === 1
    ? t('{{listed}} and 1 other', { listed })
    : t('{{listed}} and {{count}} others', { listed, count: formatWhole(more) });
}

/**
 * Why the supplier count differs from the row count (SPEC §3 validation): "1,000 rows became
 * 940 suppliers: 52 suppliers merge rows whose names are the same after normalisation". Two
 * clauses, each translated whole (the verb of each follows its own count).
 */
export function mergesSentence(merges: Merges, t: Translate): string {
  const { rowCount, supplierCount, mergedSupplierCount: merged } = merges;
  const count = formatWhole(supplierCount);
  const mergedCount = formatWhole(merged);
  let head: string;
  let detail: string;
  if (merges.kind === 'documents') {
    const documents =
      rowCount === 1 ? t('1 document') : t('{{count}} documents', { count: formatWhole(rowCount) });
    head =
      supplierCount === 1
        ? t('{{documents}} belong to 1 supplier', { documents })
        : t('{{documents}} belong to {{count}} suppliers', { documents, count });
    detail =
      merged === 1
        ? t('1 supplier is written with names that differ but are the same after normalisation.')
        : t(
            '{{count}} suppliers are written with names that differ but are the same after normalisation.',
            { count: mergedCount },
          );
  } else {
    const rows =
      rowCount === 1 ? t('1 row') : t('{{count}} rows', { count: formatWhole(rowCount) });
    head =
      supplierCount === 1
        ? t('{{rows}} became 1 supplier', { rows })
        : t('{{rows}} became {{count}} suppliers', { rows, count });
    detail =
      merged === 1
        ? t(
            '1 supplier merges rows whose names are the same after normalisation (or that share a supplier id).',
          )
        : t(
            '{{count}} suppliers merge rows whose names are the same after normalisation (or that share a supplier id).',
            { count: mergedCount },
          );
  }
  return merged === 0 ? `${head}.` : `${head}: ${detail}`;
}

/** The sentence, and the merges behind it as an expandable list: spellings → supplier. */
export function SupplierMerges({ fileName, merges }: { fileName: string; merges: Merges }) {
  const t = useT();
  const listed = merges.merges.length;
  return (
    <Alert severity="info" role="note" aria-label={t('Suppliers of {{file}}', { file: fileName })}>
      <Typography variant="body2">{mergesSentence(merges, t)}</Typography>
      {listed > 0 && (
        <Accordion disableGutters elevation={0} sx={{ mt: 1, bgcolor: 'transparent' }}>
          <AccordionSummary expandIcon={<ExpandMore />}>
            <Typography variant="body2">
              {listed < merges.mergedSupplierCount
                ? t('Show the {{listed}} largest of {{count}} merges', {
                    listed: formatWhole(listed),
                    count: formatWhole(merges.mergedSupplierCount),
                  })
                : listed === 1
                  ? t('Show the merge')
                  : t('Show the {{count}} merges', { count: formatWhole(listed) })}
            </Typography>
          </AccordionSummary>
          <AccordionDetails>
            <TableContainer sx={{ maxHeight: 360 }}>
              <Table
                size="small"
                stickyHeader
                aria-label={t('Merged suppliers of {{file}}', { file: fileName })}
              >
                <TableHead>
                  <TableRow>
                    <TableCell>{t('Spellings in the file (rows)')}</TableCell>
                    <TableCell>{t('Supplier')}</TableCell>
                    <TableCell align="right">{t('Rows')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {merges.merges.map((merge, i) => {
                    return (
                      <TableRow
                        key={`${merge.supplierId ?? ''}|${merge.normalisedName ?? ''}|${i}`}
                      >
                        <TableCell>{spellingsText(merge, t)}</TableCell>
                        <TableCell component="th" scope="row">
                          {merge.supplierName ?? '—'}
                          {merge.supplierId && (
                            <Typography variant="note" component="span">
                              {' '}
                              {t('(id {{id}})', { id: merge.supplierId })}
                            </Typography>
                          )}
                        </TableCell>
                        <TableCell align="right">{formatWhole(merge.rowCount)}</TableCell>
                      </TableRow>
                    );
                  })}
                </TableBody>
              </Table>
            </TableContainer>
          </AccordionDetails>
        </Accordion>
      )}
    </Alert>
  );
}
