import {
  FIGURE_KEYS,
  FIGURE_LABELS,
  type BusinessCaseResult,
  type FigureKey,
  type ProductCase,
} from '@b2b/contract';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { money, percent } from './format';
import { useT } from '../../../lib/i18n';

const SUMMARY_KEYS: FigureKey[] = [
  'spendOnCard',
  'buyerRebate',
  'processSavings',
  'workingCapital',
  'issuerRevenue',
  'netValue',
];

const show = (key: FigureKey, value: number, currency: string) =>
  key === 'adoption' ? percent(value) : money(value, currency);

/** How one product's figures were computed, year by year, with the actual numbers. */
function HowComputed({ product, currency }: { product: ProductCase; currency: string }) {
  const t = useT();
  return (
    <Stack spacing={1.5}>
      <Typography variant="body2">
        <strong>{t('{{figure}}:', { figure: t(FIGURE_LABELS.movableSpend) })}</strong>{' '}
        {product.explain.movableSpend}
      </Typography>
      {product.years.map((year, i) => (
        <Stack key={year.year} spacing={0.5}>
          <Typography variant="subtitle2" component="h4">
            {t('Year {{year}}', { year: year.year })}
          </Typography>
          {FIGURE_KEYS.map((key) => (
            <Typography key={key} variant="body2">
              <strong>
                {t('{{figure}} {{value}}:', {
                  figure: t(FIGURE_LABELS[key]),
                  value: show(key, year[key], currency),
                })}
              </strong>{' '}
              {product.explain.years[i]![key]}
            </Typography>
          ))}
        </Stack>
      ))}
    </Stack>
  );
}

/** The case per card product and in total, per year, each figure with how it was computed. */
export function ResultsView({ result }: { result: BusinessCaseResult }) {
  const t = useT();
  const { currency } = result;
  const yearsLabel =
    result.years === 1 ? t('1 year') : t('{{count}} years', { count: result.years });
  return (
    <Stack spacing={2}>
      <Table size="small" aria-label={t('Business case by card product')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('Card product')}</TableCell>
            <TableCell align="right">{t('Suppliers')}</TableCell>
            <TableCell align="right">
              {t('{{figure}} (a year)', { figure: t(FIGURE_LABELS.movableSpend) })}
            </TableCell>
            {SUMMARY_KEYS.map((k) => (
              <TableCell key={k} align="right">
                {t('{{figure}} ({{years}})', { figure: t(FIGURE_LABELS[k]), years: yearsLabel })}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {result.products.map((p) => (
            <TableRow key={p.product} sx={{ opacity: p.included ? 1 : 0.5 }}>
              <TableCell component="th" scope="row">
                {p.included ? p.name : t('{{product}} (not in the case)', { product: p.name })}
              </TableCell>
              <TableCell align="right">{p.suppliers.toLocaleString('en-GB')}</TableCell>
              <TableCell align="right">{money(p.movableSpend, currency)}</TableCell>
              {SUMMARY_KEYS.map((k) => (
                <TableCell key={k} align="right">
                  {money(p.total[k], currency)}
                </TableCell>
              ))}
            </TableRow>
          ))}
          <TableRow>
            <TableCell component="th" scope="row">
              <strong>{t('Total (Optima mix)')}</strong>
            </TableCell>
            <TableCell align="right">{result.total.suppliers.toLocaleString('en-GB')}</TableCell>
            <TableCell align="right">{money(result.total.movableSpend, currency)}</TableCell>
            {SUMMARY_KEYS.map((k) => (
              <TableCell key={k} align="right" data-testid={`total-${k}`}>
                <strong>{money(result.total.total[k], currency)}</strong>
              </TableCell>
            ))}
          </TableRow>
        </TableBody>
      </Table>

      <Table size="small" aria-label={t('Business case per year')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('Total (Optima mix)')}</TableCell>
            {result.total.years.map((y) => (
              <TableCell key={y.year} align="right">
                {t('Year {{year}}', { year: y.year })}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {FIGURE_KEYS.map((k) => (
            <TableRow key={k}>
              <TableCell component="th" scope="row">
                {t(FIGURE_LABELS[k])}
              </TableCell>
              {result.total.years.map((y, i) => (
                <TableCell key={y.year} align="right" title={result.explainTotal.years[i]![k]}>
                  {show(k, y[k], currency)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>

      <div>
        <Typography variant="subtitle1" component="h3" gutterBottom>
          {t('How each figure is computed')}
        </Typography>
        {result.products
          .filter((p) => p.suppliers > 0)
          .map((p) => (
            <Accordion
              key={p.product}
              disableGutters
              slotProps={{ transition: { unmountOnExit: true } }}
            >
              <AccordionSummary expandIcon={<ExpandMore />}>
                {t('{{product}}: net value {{value}} over {{years}}', {
                  product: p.name,
                  value: money(p.total.netValue, currency),
                  years: yearsLabel,
                })}
              </AccordionSummary>
              <AccordionDetails>
                <HowComputed product={p} currency={currency} />
              </AccordionDetails>
            </Accordion>
          ))}
        <Accordion disableGutters slotProps={{ transition: { unmountOnExit: true } }}>
          <AccordionSummary expandIcon={<ExpandMore />}>{t('Total (Optima mix)')}</AccordionSummary>
          <AccordionDetails>
            <Stack spacing={0.5}>
              {result.total.years.map((y, i) =>
                FIGURE_KEYS.map((k) => (
                  <Typography key={`${y.year}-${k}`} variant="body2">
                    <strong>
                      {t('Year {{year}} {{figure}}:', {
                        year: y.year,
                        figure: t(FIGURE_LABELS[k]),
                      })}
                    </strong>{' '}
                    {result.explainTotal.years[i]![k]}
                  </Typography>
                )),
              )}
            </Stack>
          </AccordionDetails>
        </Accordion>
      </div>
    </Stack>
  );
}
