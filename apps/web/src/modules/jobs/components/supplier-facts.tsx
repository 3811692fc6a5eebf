import {
  CARD_PRODUCT_DISPLAY_ORDER,
  CARD_PRODUCT_INFO,
  type Level,
  type SupplierResultDetail,
} from '@b2b/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatAmount } from './format';
import { LevelChip, ScoreChip } from './level-chips';
import { useCan } from '../../../lib/permissions';
import { Section } from '../../../components/layout/section';
import { FactList } from '../../../components/layout/fact-list';

/* The supplier detail page's fact sections: who the supplier is, spend, payments, scores. */
const count = (n: number | null) => (n === null ? '—' : n.toLocaleString());
const days = (n: number | null) => (n === null ? '—' : `${Math.round(n)} days`);

export function Identity({ s }: { s: SupplierResultDetail }) {
  const address = [s.city, s.postcode, s.country].filter(Boolean).join(', ');
  return (
    <Section headingLevel={3} title="Identity">
      <FactList
        facts={[
          ['Name', s.supplierName],
          ['Supplier id', s.supplierId ?? '—'],
          ['Address', address || '—'],
          ['Country', s.country ?? '—'],
        ]}
      />
    </Section>
  );
}

export function SpendAndDocuments({ s, currency }: { s: SupplierResultDetail; currency: string }) {
  const money = (v: number | null) => (v === null ? '—' : formatAmount(v, currency));
  return (
    <Section headingLevel={3} title="Spend and documents">
      <FactList
        facts={[
          ['Spend', money(s.spend)],
          ['Annual spend', money(s.annualSpend)],
          ['Purchase orders', count(s.poCount)],
          ['Invoices', count(s.invoiceCount)],
          ['Payments', count(s.paymentCount)],
        ]}
      />
    </Section>
  );
}

export function PaymentBehaviour({ s, currency }: { s: SupplierResultDetail; currency: string }) {
  const late =
    s.paymentTermsDays !== null && s.actualDaysToPay !== null
      ? Math.round(s.actualDaysToPay - s.paymentTermsDays)
      : null;
  return (
    <Section headingLevel={3} title="Payment behaviour">
      <FactList
        facts={[
          ['Main payment method', s.mainPaymentMethod ?? '—'],
          ['Payment frequency', s.paymentFrequency ?? '—'],
          ['Payment terms', days(s.paymentTermsDays)],
          [
            'Actual days to pay',
            late === null
              ? days(s.actualDaysToPay)
              : `${days(s.actualDaysToPay)} (${late > 0 ? `${late} days late` : late < 0 ? `${-late} days early` : 'on terms'})`,
          ],
        ]}
      />
      {s.paymentMethods && s.paymentMethods.length > 0 && (
        <Table size="small" aria-label="Payment methods" sx={{ mt: 1 }}>
          <TableHead>
            <TableRow>
              <TableCell>Method</TableCell>
              <TableCell align="right">Payments</TableCell>
              <TableCell align="right">Amount</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {s.paymentMethods.map((m) => (
              <TableRow key={m.method}>
                <TableCell component="th" scope="row">
                  {m.method}
                </TableCell>
                <TableCell align="right">{m.count.toLocaleString()}</TableCell>
                <TableCell align="right">{formatAmount(m.amount, currency)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Section>
  );
}

/** The eight scores in display order, each with the factors that drove it. */
export function Scores({ s }: { s: SupplierResultDetail }) {
  const seesScores = useCan('SupplierScores_VIEW');
  if (!seesScores) return <ProductLevels s={s} />;
  if (!s.scoreDrivers) {
    return (
      <Section headingLevel={3} title="Scores">
        <Alert severity="info">This supplier has no scores (the job is matched, not scored).</Alert>
      </Section>
    );
  }
  return (
    <Section headingLevel={3} title="Scores">
      <Stack spacing={1.5}>
        {CARD_PRODUCT_DISPLAY_ORDER.map((product) => {
          const { name, scoreField } = CARD_PRODUCT_INFO[product];
          const explanation = s.scoreDrivers?.[product];
          const score = s[scoreField as keyof SupplierResultDetail] as number | null;
          const level = s[
            scoreField.replace(/Score$/, 'Level') as keyof SupplierResultDetail
          ] as Level | null;
          return (
            <Box key={product} component="section" aria-label={`${name} score`}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <Typography variant="subtitle2" component="h4" sx={{ minWidth: 110 }}>
                  {name}
                </Typography>
                <ScoreChip score={score} level={level} />
              </Stack>
              {explanation && explanation.drivers.length > 0 ? (
                <Box component="ul" sx={{ m: 0, pl: 3 }}>
                  {explanation.drivers.map((d) => (
                    <Typography component="li" variant="body2" key={d.factorId}>
                      {d.description} ({d.points > 0 ? '+' : ''}
                      {d.points})
                    </Typography>
                  ))}
                </Box>
              ) : (
                <Typography variant="note" sx={{ pl: 3 }}>
                  No factor moved this score from its base.
                </Typography>
              )}
            </Box>
          );
        })}
      </Stack>
    </Section>
  );
}

/**
 * The eight products' levels for users without SupplierScores_VIEW (SPEC §6): how well the
 * supplier suits each product, without the numbers and points behind it.
 */
function ProductLevels({ s }: { s: SupplierResultDetail }) {
  const levels = CARD_PRODUCT_DISPLAY_ORDER.map((product) => {
    const { name, scoreField } = CARD_PRODUCT_INFO[product];
    const field = scoreField.replace(/Score$/, 'Level') as keyof SupplierResultDetail;
    return { product, name, level: s[field] as Level | null };
  });
  return (
    <Section headingLevel={3} title="Card products">
      {levels.every((l) => l.level === null) ? (
        <Alert severity="info">This supplier has no scores (the job is matched, not scored).</Alert>
      ) : (
        <Stack spacing={1}>
          {levels.map(({ product, name, level }) => (
            <Stack key={product} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Typography variant="subtitle2" component="h4" sx={{ minWidth: 110 }}>
                {name}
              </Typography>
              <LevelChip level={level} />
            </Stack>
          ))}
        </Stack>
      )}
    </Section>
  );
}
