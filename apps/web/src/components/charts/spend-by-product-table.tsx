import type { JobSummary } from '@b2b/contract';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { formatWhole } from '../../lib/number-format';
import { useT } from '../../lib/i18n';

/**
 * Suppliers scoring Medium or High for each card product, and their spend: the summary tab's
 * table and the Insights Report's, one component so they cannot drift apart.
 */
export function SpendByProductTable({
  rows,
  money,
}: {
  rows: JobSummary['spendByProduct'];
  money: (amount: number) => string;
}) {
  const t = useT();
  return (
    <Table size="small" aria-label={t('Spend by card product')}>
      <TableHead>
        <TableRow>
          <TableCell>{t('Card product')}</TableCell>
          <TableCell align="right">{t('Suppliers')}</TableCell>
          <TableCell align="right">{t('Spend')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((p) => (
          <TableRow key={p.product}>
            <TableCell component="th" scope="row">
              {p.name}
            </TableCell>
            <TableCell align="right">{formatWhole(p.suppliers)}</TableCell>
            <TableCell align="right">{money(p.spend)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
