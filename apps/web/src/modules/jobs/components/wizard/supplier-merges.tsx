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
import { formatWhole } from '../../../../lib/number-format';

const plural = (n: number, one: string, many: string) =>
  `${formatWhole(n)} ${n === 1 ? one : many}`;

/** "ACME LTD. (2), Acme Ltd (1) and 3 others": the spellings that went into a supplier. */
function spellingsText(merge: SupplierMerge): string {
  const listed = merge.spellings.map((s) => `${s.name} (${formatWhole(s.rowCount)})`).join(', ');
  const more = merge.spellingCount - merge.spellings.length;
  return more > 0 ? `${listed} and ${plural(more, 'other', 'others')}` : listed;
}

/**
 * Why the supplier count differs from the row count (SPEC §3 validation): "1,000 rows became
 * 940 suppliers: 52 suppliers merge rows whose names are the same after normalisation".
 */
export function mergesSentence(merges: Merges): string {
  const { rowCount, supplierCount, mergedSupplierCount: merged } = merges;
  if (merges.kind === 'documents') {
    const head = `${plural(rowCount, 'document', 'documents')} belong to ${plural(supplierCount, 'supplier', 'suppliers')}`;
    return merged === 0
      ? `${head}.`
      : `${head}: ${plural(merged, 'supplier is', 'suppliers are')} written with names that differ but are the same after normalisation.`;
  }
  const head = `${plural(rowCount, 'row', 'rows')} became ${plural(supplierCount, 'supplier', 'suppliers')}`;
  return merged === 0
    ? `${head}.`
    : `${head}: ${plural(merged, 'supplier merges', 'suppliers merge')} rows whose names are the same after normalisation (or that share a supplier id).`;
}

/** The sentence, and the merges behind it as an expandable list: spellings → supplier. */
export function SupplierMerges({ fileName, merges }: { fileName: string; merges: Merges }) {
  const listed = merges.merges.length;
  return (
    <Alert severity="info" role="note" aria-label={`Suppliers of ${fileName}`}>
      <Typography variant="body2">{mergesSentence(merges)}</Typography>
      {listed > 0 && (
        <Accordion disableGutters elevation={0} sx={{ mt: 1, bgcolor: 'transparent' }}>
          <AccordionSummary expandIcon={<ExpandMore />}>
            <Typography variant="body2">
              {listed < merges.mergedSupplierCount
                ? `Show the ${formatWhole(listed)} largest of ${formatWhole(merges.mergedSupplierCount)} merges`
                : `Show the ${listed === 1 ? 'merge' : `${formatWhole(listed)} merges`}`}
            </Typography>
          </AccordionSummary>
          <AccordionDetails>
            <TableContainer sx={{ maxHeight: 360 }}>
              <Table size="small" stickyHeader aria-label={`Merged suppliers of ${fileName}`}>
                <TableHead>
                  <TableRow>
                    <TableCell>Spellings in the file (rows)</TableCell>
                    <TableCell>Supplier</TableCell>
                    <TableCell align="right">Rows</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {merges.merges.map((merge, i) => {
                    return (
                      <TableRow
                        key={`${merge.supplierId ?? ''}|${merge.normalisedName ?? ''}|${i}`}
                      >
                        <TableCell>{spellingsText(merge)}</TableCell>
                        <TableCell component="th" scope="row">
                          {merge.supplierName ?? '—'}
                          {merge.supplierId && (
                            <Typography variant="note" component="span">
                              {' '}
                              (id {merge.supplierId})
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
