import {
  INSIGHT_CHART_LIMITS,
  type CardAcceptance,
  type InsightSliceQuery,
  type JobDetails,
  type JobSummary,
} from '@b2b/contract';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { useCallback, useState } from 'react';
import { tKey, useT } from '../../../lib/i18n';
import { formatAmount } from './format';
import { EChart } from '../../../components/charts/echart';
import { summaryTiles } from '../../../components/charts/summary-tiles';
import { TileRow } from '../../../components/layout/tile-row';
import { useJobSummary } from '../api/get-job-summary';
import { NotReady } from './not-ready';
import { SummaryNarrative } from './summary-narrative';
import { SliceSelector } from './slice-selector';
import { SpendByProductTable } from '../../../components/charts/spend-by-product-table';

/** Card acceptance as a half-pie gauge whose arc runs from −105° to 105° (SPEC.md section 9). */
function AcceptanceGauge({ percent }: { percent: number }) {
  const t = useT();
  const theme = useTheme();
  const { from, to } = INSIGHT_CHART_LIMITS.halfPieArc;
  const option = useCallback(
    () => ({
      series: [
        {
          type: 'gauge',
          // ECharts measures angles anticlockwise from three o'clock; straight up is 90°.
          startAngle: 90 - from,
          endAngle: 90 - to,
          min: 0,
          max: 100,
          progress: { show: true, width: 18, itemStyle: { color: theme.palette.primary.main } },
          axisLine: { lineStyle: { width: 18 } },
          pointer: { show: false },
          axisTick: { show: false },
          splitLine: { show: false },
          axisLabel: { show: false },
          detail: {
            valueAnimation: true,
            formatter: '{value}%',
            fontSize: 24,
            offsetCenter: [0, 0],
          },
          data: [{ value: percent }],
        },
      ],
    }),
    [percent, from, to, theme.palette.primary.main],
  );
  return (
    <EChart
      option={option}
      height={200}
      label={t('Card acceptance: {{percent}}% of spend', { percent })}
    />
  );
}

/** Card acceptance of a matched supplier's merchant, as the reference data gives it. */
const ACCEPTANCE_LABEL: Record<CardAcceptance, string> = {
  YES: tKey('Accept cards'),
  NO: tKey('Do not accept cards'),
  UNKNOWN: tKey('Acceptance unknown'),
};

function Summary({ job, summary }: { job: JobDetails; summary: JobSummary }) {
  const t = useT();
  const { tiles, currency } = summary;
  const money = (v: number) => formatAmount(v, currency);
  return (
    <Stack spacing={2}>
      <TileRow tiles={summaryTiles(tiles, money)} />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '2fr 1fr' } }}>
        <Paper variant="panel" component="section" aria-label={t('Spend by card product')}>
          <Typography variant="subtitle1" component="h3">
            {t('Spend by card product')}
          </Typography>
          <Typography variant="note" sx={{ mb: 1 }}>
            {t('Suppliers scoring Medium or High for each product, and their spend.')}
          </Typography>
          <SpendByProductTable rows={summary.spendByProduct} money={money} />
        </Paper>
        <Paper variant="panel" component="section" aria-label={t('Card acceptance')}>
          <Typography variant="subtitle1" component="h3">
            {t('Card acceptance')}
          </Typography>
          <AcceptanceGauge percent={summary.cardAcceptance.spendPercent} />
          <Typography variant="body2" sx={{ textAlign: 'center' }}>
            {t(
              '{{spend}}% of spend and {{suppliers}}% of suppliers are with card-accepting suppliers.',
              {
                spend: summary.cardAcceptance.spendPercent,
                suppliers: summary.cardAcceptance.supplierPercent,
              },
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
              {summary.cardAcceptance.matched.map((a) => (
                <TableRow key={a.acceptsCard}>
                  <TableCell component="th" scope="row">
                    {t(ACCEPTANCE_LABEL[a.acceptsCard])}
                  </TableCell>
                  <TableCell align="right">{a.suppliers.toLocaleString()}</TableCell>
                  <TableCell align="right">{money(a.spend)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Paper>
      </Box>
      <Paper variant="panel" component="section" aria-label={t('Match outcome')}>
        <Typography variant="subtitle1" component="h3" gutterBottom>
          {t('Match outcome')}
        </Typography>
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{t('Outcome')}</TableCell>
              <TableCell align="right">{t('Suppliers')}</TableCell>
              <TableCell align="right">{t('Spend')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {summary.matchOutcome.map((m) => (
              <TableRow key={m.status}>
                <TableCell component="th" scope="row">
                  {/* Match status only; whether the merchant takes cards is card acceptance. */}
                  {m.status === 'MATCHED' ? t('Matched to a reference merchant') : t('Not matched')}
                </TableCell>
                <TableCell align="right">{m.suppliers.toLocaleString()}</TableCell>
                <TableCell align="right">{money(m.spend)}</TableCell>
              </TableRow>
            ))}
            {summary.confidence.map((c) => (
              <TableRow key={c.level}>
                <TableCell component="th" scope="row" sx={{ pl: 4 }}>
                  {t('Confidence {{level}}', { level: c.level })}
                </TableCell>
                <TableCell align="right">{c.suppliers.toLocaleString()}</TableCell>
                <TableCell align="right">{money(c.spend)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Paper>
      <Typography variant="note">
        {t('{{job}}: insights computed {{time}}.', {
          job: job.name,
          time: new Date(summary.computedAt).toLocaleString(),
        })}
      </Typography>
    </Stack>
  );
}

/**
 * The summary tab of a job; also the results link's (SPEC §3 MagicLinkUser), which leaves out
 * the narrative: writing one calls a model on the issuer's account, not a reader's to spend.
 */
export function SummaryTab({ job, narrative = true }: { job: JobDetails; narrative?: boolean }) {
  const t = useT();
  const [slice, setSlice] = useState<InsightSliceQuery>({
    slicer: 'Overall',
    slicerValue: 'All',
    product: 'All',
  });
  const summary = useJobSummary(job.id, slice);
  if (summary.isError) return <NotReady error={summary.error} />;
  return (
    <Stack spacing={2}>
      <SliceSelector jobId={job.id} slice={slice} onChange={setSlice} />
      {summary.isPending ? (
        <LinearProgress aria-label={t('Loading the summary')} />
      ) : (
        <Summary job={job} summary={summary.data} />
      )}
      {/* Below the summary once it is shown: placed under the loading bar, the narrative was
          pushed down the page when the summary arrived. */}
      {narrative && !summary.isPending && <SummaryNarrative jobId={job.id} />}
    </Stack>
  );
}
