import {
  REPORT_KEY_CHARTS,
  REPORT_METHOD_NOTES,
  type CardAcceptance,
  type InsightChart,
  type InsightSliceQuery,
  type JobDetails,
  type JobSummary,
} from '@b2b/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useIsFetching } from '@tanstack/react-query';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { InsightChartView } from '../../../components/charts/insight-chart-view';
import { summaryTiles } from '../../../components/charts/summary-tiles';
import { Section } from '../../../components/layout/section';
import { TileRow } from '../../../components/layout/tile-row';
import { errorMessageOf } from '../../../lib/api-error';
import { formatMoneyIn, formatWhole } from '../../../lib/number-format';
import { prefersReducedMotion } from '../../../lib/reduced-motion';
import { useInsightChart } from '../../jobs/api/get-job-insight-chart';
import { useJobSummary } from '../../jobs/api/get-job-summary';
import { useReportTopSuppliers } from '../api/get-report-top-suppliers';
import { SpendByProductTable } from '../../../components/charts/spend-by-product-table';
import { tKey, useT } from '../../../lib/i18n';

const ACCEPTANCE_LABEL: Record<CardAcceptance, string> = {
  YES: tKey('Accept cards'),
  NO: tKey('Do not accept cards'),
  UNKNOWN: tKey('Acceptance unknown'),
};

/**
 * How long charts get to finish their drawing animation before the page counts as ready; with
 * reduced motion (as the PDF renderer asks) they draw at once, and a frame or two is enough.
 */
const SETTLE_MS = 1_200;
const SETTLE_WITHOUT_MOTION_MS = 50;

/** A section of the report; printed, each after the first starts a new page. */
function ReportSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box
      sx={{ '@media print': { breakBefore: 'page' }, '&:first-of-type': { breakBefore: 'auto' } }}
    >
      <Section title={title}>{children}</Section>
    </Box>
  );
}

function KeyChart({
  job,
  chart,
  slice,
  money,
}: {
  job: JobDetails;
  chart: InsightChart;
  slice: InsightSliceQuery;
  money: (value: number) => string;
}) {
  // Every chart at once (no waiting for the viewport): a printed report shows them all.
  const query = useInsightChart(job.id, { ...slice, chart });
  return (
    <InsightChartView
      chart={chart}
      query={query}
      formatMoney={money}
      fileName={job.name.replace(/[^\w-]+/g, '_')}
    />
  );
}

function SummarySections({ job, summary }: { job: JobDetails; summary: JobSummary }) {
  const t = useT();
  const money = (v: number) =>
    formatMoneyIn(v, summary.currency) ?? `${formatWhole(v)} ${summary.currency}`;
  const acceptance = summary.cardAcceptance;
  return (
    <>
      <ReportSection title={t('Summary')}>
        <Typography variant="body1" sx={{ mb: 2 }}>
          {t('{{job}}: the supplier spend of {{buyer}}, analysed for {{issuer}}.', {
            job: job.name,
            buyer: job.buyerName,
            issuer: job.issuerName,
          })}
        </Typography>
        <TileRow tiles={summaryTiles(summary.tiles, money)} />
      </ReportSection>
      <ReportSection title={t('Spend by card product')}>
        <Typography variant="body2" sx={{ mb: 1 }}>
          {t('Suppliers scoring Medium or High for each product, and their spend.')}
        </Typography>
        <SpendByProductTable rows={summary.spendByProduct} money={money} />
      </ReportSection>
      <ReportSection title={t('Card acceptance')}>
        <Typography variant="body1" sx={{ mb: 1 }}>
          {t(
            '{{spend}}% of spend and {{suppliers}}% of suppliers are with suppliers whose merchant accepts cards.',
            { spend: acceptance.spendPercent, suppliers: acceptance.supplierPercent },
          )}
        </Typography>
        <Table size="small" aria-label={t('Card acceptance of matched suppliers')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('Matched suppliers')}</TableCell>
              <TableCell align="right">{t('Suppliers')}</TableCell>
              <TableCell align="right">{t('Spend')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {acceptance.matched.map((a) => (
              <TableRow key={a.acceptsCard}>
                <TableCell component="th" scope="row">
                  {t(ACCEPTANCE_LABEL[a.acceptsCard])}
                </TableCell>
                <TableCell align="right">{formatWhole(a.suppliers)}</TableCell>
                <TableCell align="right">{money(a.spend)}</TableCell>
              </TableRow>
            ))}
            {summary.matchOutcome
              .filter((m) => m.status === 'UNMATCHED')
              .map((m) => (
                <TableRow key={m.status}>
                  <TableCell component="th" scope="row">
                    {t('Not matched')}
                  </TableCell>
                  <TableCell align="right">{formatWhole(m.suppliers)}</TableCell>
                  <TableCell align="right">{money(m.spend)}</TableCell>
                </TableRow>
              ))}
          </TableBody>
        </Table>
      </ReportSection>
    </>
  );
}

function TopSuppliers({ job, slice }: { job: JobDetails; slice: InsightSliceQuery }) {
  const t = useT();
  const top = useReportTopSuppliers(job.id, { ...slice, product: 'All' });
  const money = (v: number | null) =>
    v === null ? '—' : (formatMoneyIn(v, job.currency) ?? `${formatWhole(v)} ${job.currency}`);
  if (top.isError) return <Alert severity="error">{errorMessageOf(top.error)}</Alert>;
  if (!top.data) return <LinearProgress aria-label={t('Loading the top suppliers')} />;
  const products = top.data.filter((p) => p.suppliers.length > 0);
  if (products.length === 0)
    return (
      <Typography variant="body2">
        {t('No supplier scores Medium or High for any card product.')}
      </Typography>
    );
  return (
    <Stack spacing={2}>
      {products.map((p) => (
        <Box key={p.product} sx={{ breakInside: 'avoid' }}>
          <Typography variant="subtitle1" component="h3">
            {p.name}
          </Typography>
          <Table size="small" aria-label={t('Top {{product}} suppliers', { product: p.name })}>
            <TableHead>
              <TableRow>
                <TableCell>{t('Supplier')}</TableCell>
                <TableCell align="right">{t('Annual spend')}</TableCell>
                <TableCell>{t('Paid by')}</TableCell>
                <TableCell>{t('Match')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {p.suppliers.map((s) => (
                <TableRow key={s.supplierKey}>
                  <TableCell>{s.supplierName}</TableCell>
                  <TableCell align="right">{money(s.annualSpend)}</TableCell>
                  <TableCell>{s.mainPaymentMethod ?? '—'}</TableCell>
                  <TableCell>
                    {s.matchStatus} ({s.confidence})
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      ))}
    </Stack>
  );
}

/**
 * The Insights Report (SPEC §2 report/insights): summary tiles, spend by card product, card
 * acceptance, the key charts and top suppliers for the chosen slice, and method notes — the same
 * body on the report tab and in the printable frame. `data-report-ready` turns true once every
 * call has answered and the charts have drawn, which is when the PDF renderer prints.
 */
export function InsightsReportBody({ job, slice }: { job: JobDetails; slice: InsightSliceQuery }) {
  const t = useT();
  const summary = useJobSummary(job.id, slice);
  const money = useCallback(
    (v: number) => formatMoneyIn(v, job.currency) ?? `${formatWhole(v)} ${job.currency}`,
    [job.currency],
  );
  const fetching = useIsFetching();
  const settled = fetching === 0 && !summary.isPending;
  const [drawn, setDrawn] = useState(false);
  useEffect(() => {
    if (!settled) return;
    const timer = setTimeout(
      () => setDrawn(true),
      prefersReducedMotion() ? SETTLE_WITHOUT_MOTION_MS : SETTLE_MS,
    );
    return () => {
      clearTimeout(timer);
      setDrawn(false);
    };
  }, [settled]);
  const ready = settled && drawn;

  return (
    <Stack spacing={3} data-report-ready={String(ready)}>
      {summary.isError && <Alert severity="error">{errorMessageOf(summary.error)}</Alert>}
      {summary.isPending && <LinearProgress aria-label={t('Loading the report')} />}
      {summary.data && <SummarySections job={job} summary={summary.data} />}
      <ReportSection title={t('Key charts')}>
        <Stack spacing={2}>
          {REPORT_KEY_CHARTS.map((chart) => (
            <Box key={chart} sx={{ breakInside: 'avoid' }}>
              <KeyChart job={job} chart={chart} slice={slice} money={money} />
            </Box>
          ))}
        </Stack>
      </ReportSection>
      <ReportSection title={t('Top suppliers by card product')}>
        <TopSuppliers job={job} slice={slice} />
      </ReportSection>
      <ReportSection title={t('Method notes')}>
        <Stack spacing={1.5}>
          {REPORT_METHOD_NOTES.map((note) => (
            <Box key={note.title}>
              <Typography variant="subtitle2" component="h3">
                {note.title}
              </Typography>
              <Typography variant="body2">{note.text}</Typography>
            </Box>
          ))}
        </Stack>
      </ReportSection>
    </Stack>
  );
}
