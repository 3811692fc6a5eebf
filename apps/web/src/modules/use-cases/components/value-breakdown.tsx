import type { UseCaseFigures } from '@b2b/contract';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { FactList } from '../../../components/layout/fact-list';
import { formatMoney, percent } from './format';
import { useT } from '../../../lib/i18n';

/** The estimated value with every input it is made of (business-case defaults). */
export function ValueBreakdown({ figures }: { figures: UseCaseFigures }) {
  const t = useT();
  const { value, currency } = figures;
  const { inputs } = value;
  const money = (n: number) => formatMoney(n, currency);
  return (
    <>
      <FactList
        label={t('Estimated annual value')}
        facts={[
          [t('Spend'), money(inputs.spend)],
          [t('Expected enrolment'), percent(inputs.expectedEnrolment)],
          [t('Spend moved to card'), money(inputs.spendToCard)],
          [t('Rebate rate'), percent(inputs.rebateRate)],
          [t('Rebate'), money(value.rebate)],
          [t('Process savings'), money(value.processSavings)],
          [t('Estimated value'), money(value.total)],
        ]}
      />
      <Table size="small" aria-label={t('Process savings by payment method')} sx={{ mt: 2 }}>
        <TableHead>
          <TableRow>
            <TableCell>{t('Paid by')}</TableCell>
            <TableCell align="right">{t('Payments')}</TableCell>
            <TableCell align="right">{t('Cost per payment')}</TableCell>
            <TableCell align="right">{t('Card payment')}</TableCell>
            <TableCell align="right">{t('Saving')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {inputs.payments.map((p) => (
            <TableRow key={p.method}>
              <TableCell>{p.method}</TableCell>
              <TableCell align="right">{p.payments.toLocaleString()}</TableCell>
              <TableCell align="right">{money(p.costPerPayment)}</TableCell>
              <TableCell align="right">{money(p.cardCostPerPayment)}</TableCell>
              <TableCell align="right">{money(p.saving)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Typography variant="note" component="p" sx={{ mt: 1 }}>
        {t(
          'Rebate = spend × expected enrolment × rebate rate. Savings = payments × expected enrolment × (cost per payment − card payment). Shipped business-case defaults.',
        )}
      </Typography>
    </>
  );
}
