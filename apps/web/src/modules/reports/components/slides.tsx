import {
  REPORT_KEY_CHARTS,
  REPORT_METHOD_NOTES,
  type InsightChart,
  type JobDetails,
  type JobSummary,
  type ReportTopSuppliers,
} from '@b2b/contract';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { useCallback, type ReactNode } from 'react';
import { EChart } from '../../../components/charts/echart';
import { CHART_TITLES, InsightChartView } from '../../../components/charts/insight-chart-view';
import { summaryTiles } from '../../../components/charts/summary-tiles';
import { TileRow } from '../../../components/layout/tile-row';
import { formatMoneyIn, formatWhole } from '../../../lib/number-format';
import { useInsightChart } from '../../jobs/api/get-job-insight-chart';
import { OVERALL } from './report-slice';
import { useT } from '../../../lib/i18n';
import type { Translate } from '../../../lib/i18n/i18n';

export type Slide = { key: string; title: string; body: ReactNode };

/** One slide's frame: a 16:9 surface with the title in the brand colour. */
export function SlideFrame({ slide }: { slide: Slide }) {
  return (
    <Box
      component="section"
      aria-label={slide.title}
      sx={{
        aspectRatio: '16 / 9',
        width: '100%',
        bgcolor: 'background.paper',
        borderTop: 6,
        borderColor: 'primary.main',
        boxShadow: 2,
        p: { xs: 2, md: 4 },
        overflow: 'auto',
      }}
    >
      <Typography variant="h4" component="h2" color="primary" sx={{ mb: 2 }}>
        {slide.title}
      </Typography>
      {slide.body}
    </Box>
  );
}

function ProductChart({ summary, money }: { summary: JobSummary; money: (v: number) => string }) {
  const t = useT();
  const theme = useTheme();
  const products = summary.spendByProduct;
  const option = useCallback(
    () => ({
      grid: { left: 8, right: 48, top: 8, bottom: 8, containLabel: true },
      xAxis: { type: 'value' },
      yAxis: { type: 'category', inverse: true, data: products.map((p) => p.name) },
      series: [
        {
          type: 'bar',
          data: products.map((p) => p.spend),
          itemStyle: { color: theme.palette.primary.main },
          label: {
            show: true,
            position: 'right',
            formatter: ({ value }: { value: number }) => money(value),
          },
        },
      ],
    }),
    [products, money, theme.palette.primary.main],
  );
  return <EChart option={option} height={320} label={t('Spend by card product')} />;
}

function ChartSlide({
  job,
  chart,
  money,
}: {
  job: JobDetails;
  chart: InsightChart;
  money: (v: number) => string;
}) {
  const query = useInsightChart(job.id, { ...OVERALL, chart });
  return <InsightChartView chart={chart} query={query} formatMoney={money} fileName={job.name} />;
}

/**
 * The Insights Presentation's story (the PowerPoint deck tells the same, with notes), in the
 * viewer's language (`t`).
 */
export function buildSlides(
  job: JobDetails,
  summary: JobSummary,
  top: ReportTopSuppliers,
  money: (v: number) => string,
  t: Translate,
): Slide[] {
  const acceptance = summary.cardAcceptance;
  return [
    {
      key: 'title',
      title: job.name,
      body: (
        <Typography variant="h5" component="p">
          {t('Card payment opportunity for {{buyer}} · {{issuer}}', {
            buyer: job.buyerName,
            issuer: job.issuerName,
          })}
        </Typography>
      ),
    },
    {
      key: 'summary',
      title: t('Summary'),
      body: <TileRow tiles={summaryTiles(summary.tiles, money)} />,
    },
    {
      key: 'products',
      title: t('Spend by card product'),
      body: <ProductChart summary={summary} money={money} />,
    },
    {
      key: 'acceptance',
      title: t('Card acceptance'),
      body: (
        <Typography variant="h5" component="p">
          {t(
            '{{spend}}% of spend and {{suppliers}}% of suppliers are with suppliers whose merchant accepts cards.',
            { spend: acceptance.spendPercent, suppliers: acceptance.supplierPercent },
          )}
        </Typography>
      ),
    },
    ...REPORT_KEY_CHARTS.map((chart) => ({
      key: chart,
      title: t(CHART_TITLES[chart]),
      body: <ChartSlide job={job} chart={chart} money={money} />,
    })),
    ...top
      .filter((p) => p.suppliers.length > 0)
      .map((p) => ({
        key: `top-${p.product}`,
        title: t('Top {{product}} suppliers', { product: p.name }),
        body: (
          <Table size="small" aria-label={t('Top {{product}} suppliers', { product: p.name })}>
            <TableHead>
              <TableRow>
                <TableCell>{t('Supplier')}</TableCell>
                <TableCell align="right">{t('Annual spend')}</TableCell>
                <TableCell>{t('Paid by')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {p.suppliers.map((s) => (
                <TableRow key={s.supplierKey}>
                  <TableCell>{s.supplierName}</TableCell>
                  <TableCell align="right">
                    {s.annualSpend === null ? '—' : money(s.annualSpend)}
                  </TableCell>
                  <TableCell>{s.mainPaymentMethod ?? '—'}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        ),
      })),
    {
      key: 'method',
      title: t('How the figures were made'),

      body: (
        <Box component="ul" sx={{ m: 0, pl: 3 }}>
          {REPORT_METHOD_NOTES.map((n) => (
            <Typography component="li" key={n.title} variant="body1" sx={{ mb: 1 }}>
              <strong>{n.title}.</strong> {n.text}
            </Typography>
          ))}
        </Box>
      ),
    },
  ];
}

export const moneyIn = (currency: string) => (v: number) =>
  formatMoneyIn(v, currency) ?? `${formatWhole(v)} ${currency}`;
