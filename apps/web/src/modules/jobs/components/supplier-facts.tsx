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
import { useT } from '../../../lib/i18n';
import { useCan } from '../../../lib/permissions';
import { Section } from '../../../components/layout/section';
import { FactList } from '../../../components/layout/fact-list';

/* The supplier detail page's fact sections: who the supplier is, spend, payments, scores. */
const count = (n: number | null) => (n === null ? '—' : n.toLocaleString());

export function Identity({ s }: { s: SupplierResultDetail }) {
  const t = useT();
  const address = [s.city, s.postcode, s.country].filter(Boolean).join(', ');
  return (
    <Section headingLevel={3} title={t('Identity')}>
      <FactList
        facts={[
          [t('Name'), s.supplierName],
          [t('Supplier id'), s.supplierId ?? '—'],
          [t('Address'), address || '—'],
          [t('Country'), s.country ?? '—'],
        ]}
      />
    </Section>
  );
}

export function SpendAndDocuments({ s, currency }: { s: SupplierResultDetail; currency: string }) {
  const t = useT();
  const money = (v: number | null) => (v === null ? '—' : formatAmount(v, currency));
  return (
    <Section headingLevel={3} title={t('Spend and documents')}>
      <FactList
        facts={[
          [t('Spend'), money(s.spend)],
          [t('Annual spend'), money(s.annualSpend)],
          [t('Purchase orders'), count(s.poCount)],
          [t('Invoices'), count(s.invoiceCount)],
          [t('Payments'), count(s.paymentCount)],
        ]}
      />
    </Section>
  );
}

export function PaymentBehaviour({ s, currency }: { s: SupplierResultDetail; currency: string }) {
  const t = useT();
  const days = (n: number | null) =>
    n === null ? '—' : t('{{count}} days', { count: Math.round(n) });
  const late =
    s.paymentTermsDays !== null && s.actualDaysToPay !== null
      ? Math.round(s.actualDaysToPay - s.paymentTermsDays)
      : null;
  const lateness =
    late === null
      ? null
      : late > 0
        ? t('{{count}} days late', { count: late })
        : late < 0
          ? t('{{count}} days early', { count: -late })
          : t('on terms');
  return (
    <Section headingLevel={3} title={t('Payment behaviour')}>
      <FactList
        facts={[
          [t('Main payment method'), s.mainPaymentMethod ?? '—'],
          [t('Payment frequency'), s.paymentFrequency ?? '—'],
          [t('Payment terms'), days(s.paymentTermsDays)],
          [
            t('Actual days to pay'),
            lateness === null
              ? days(s.actualDaysToPay)
              : `${days(s.actualDaysToPay)} (${lateness})`,
          ],
        ]}
      />
      {s.paymentMethods && s.paymentMethods.length > 0 && (
        <Table size="small" aria-label={t('Payment methods')} sx={{ mt: 1 }}>
          <TableHead>
            <TableRow>
              <TableCell>{t('Method')}</TableCell>
              <TableCell align="right">{t('Payments')}</TableCell>
              <TableCell align="right">{t('Amount')}</TableCell>
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
  const t = useT();
  const seesScores = useCan('SupplierScores_VIEW');
  if (!seesScores) return <ProductLevels s={s} />;
  if (!s.scoreDrivers) {
    return (
      <Section headingLevel={3} title={t('Scores')}>
        <Alert severity="info">
          {t('This supplier has no scores (the job is matched, not scored).')}
        </Alert>
      </Section>
    );
  }
  return (
    <Section headingLevel={3} title={t('Scores')}>
      <Stack spacing={1.5}>
        {CARD_PRODUCT_DISPLAY_ORDER.map((product) => {
          const { name, scoreField } = CARD_PRODUCT_INFO[product];
          const explanation = s.scoreDrivers?.[product];
          const score = s[scoreField as keyof SupplierResultDetail] as number | null;
          const level = s[
            scoreField.replace(/Score$/, 'Level') as keyof SupplierResultDetail
          ] as Level | null;
          return (
            <Box
              key={product}
              component="section"
              aria-label={t('{{product}} score', { product: name })}
            >
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
                      {t(d.description)} ({d.points > 0 ? '+' : ''}
                      {d.points})
                    </Typography>
                  ))}
                </Box>
              ) : (
                <Typography variant="note" sx={{ pl: 3 }}>
                  {t('No factor moved this score from its base.')}
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
  const t = useT();
  const levels = CARD_PRODUCT_DISPLAY_ORDER.map((product) => {
    const { name, scoreField } = CARD_PRODUCT_INFO[product];
    const field = scoreField.replace(/Score$/, 'Level') as keyof SupplierResultDetail;
    return { product, name, level: s[field] as Level | null };
  });
  return (
    <Section headingLevel={3} title={t('Card products')}>
      {levels.every((l) => l.level === null) ? (
        <Alert severity="info">
          {t('This supplier has no scores (the job is matched, not scored).')}
        </Alert>
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
