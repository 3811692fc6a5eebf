import {
  BandChartSchema,
  ChartKindSchema,
  type GlobalSummary,
  type InsightChart,
} from '@b2b/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useCallback, useState } from 'react';
import { InsightChartView } from '../../../components/charts/insight-chart-view';
import { SliceFields, type Slice } from '../../../components/charts/slice-fields';
import { summaryTiles } from '../../../components/charts/summary-tiles';
import { useNearViewport } from '../../../components/charts/use-near-viewport';
import { TileRow } from '../../../components/layout/tile-row';
import { errorMessageOf } from '../../../lib/api-error';
import { formatSpend } from '../components/format';
import { GlobalFilterBar } from '../components/global-filter-bar';
import { useGlobalFilter, type GlobalFilter } from '../hooks/use-global-filter';
import { DEFAULT_SLICE, useGlobalSummary } from '../api/get-global-summary';
import { useGlobalChart } from '../api/get-global-chart';
import { useGlobalSlicers } from '../api/get-global-slicers';
import { GlobalInsightsTabs } from '../components/global-insights-tabs';
import { useT } from '../../../lib/i18n';

/** 'By Job' first: across jobs it is the chart that says where the spend is. */
const GLOBAL_CHARTS: InsightChart[] = [
  'Jobs',
  ...BandChartSchema.options,
  ...ChartKindSchema.options.filter((c) => c !== 'Jobs'),
];

function Tiles({ summary }: { summary: GlobalSummary }) {
  const t = useT();
  const { tiles, currency } = summary;
  const money = (v: number) => formatSpend(v, currency);
  return (
    <Stack spacing={1}>
      {/* Wide enough for a ten-digit amount: spend added up across jobs runs to billions. */}
      <TileRow tiles={summaryTiles(tiles, money, { acrossJobs: true })} minTileWidth={180} />
      <Typography variant="note">
        {t(
          '{{spend}}% of spend and {{suppliers}}% of suppliers are with card-accepting suppliers.',
          {
            spend: summary.cardAcceptance.spendPercent,
            suppliers: summary.cardAcceptance.supplierPercent,
          },
        )}
      </Typography>
    </Stack>
  );
}

function GlobalChartCard(props: {
  filter: GlobalFilter;
  slice: Slice;
  chart: InsightChart;
  currency: string | null;
}) {
  const [sectionRef, near] = useNearViewport();
  const query = useGlobalChart(props.filter, props.slice, props.chart, near);
  const { currency } = props;
  // Stable, so a re-render does not rebuild the chart's option and redraw every bar.
  const formatMoney = useCallback((v: number) => formatSpend(v, currency), [currency]);
  return (
    <InsightChartView
      chart={props.chart}
      query={query}
      formatMoney={formatMoney}
      sectionRef={sectionRef}
      fileName="global-insights"
    />
  );
}

/**
 * /global-insights/insights — the job insights added up across every job the user may see,
 * narrowed by issuer, buyer and job, in one currency: the summary tiles and every chart, by
 * slicer and product.
 */
export function GlobalInsightsPage() {
  const t = useT();
  const { filter, setFilter } = useGlobalFilter();
  const [slice, setSlice] = useState<Slice>(DEFAULT_SLICE);
  const summary = useGlobalSummary(filter, slice);
  const slicers = useGlobalSlicers(filter);
  const currency = summary.data?.currency ?? null;
  return (
    <Stack spacing={2}>
      <GlobalInsightsTabs />
      <GlobalFilterBar filter={filter} onChange={setFilter} />
      <SliceFields slicers={slicers.data} slice={slice} onChange={setSlice} />
      {summary.isPending && <LinearProgress aria-label={t('Loading the summary')} />}
      {summary.isError && <Alert severity="error">{errorMessageOf(summary.error)}</Alert>}
      {summary.data && summary.data.tiles.jobCount === 0 && (
        <Alert severity="info">
          {t(
            "No completed job with insights matches the filters. Insights appear when a job's pipeline completes.",
          )}
        </Alert>
      )}
      {summary.data && summary.data.tiles.jobCount > 0 && (
        <>
          <Tiles summary={summary.data} />
          <Box
            sx={{
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: '1fr', lg: 'repeat(2, minmax(0, 1fr))' },
            }}
          >
            {GLOBAL_CHARTS.map((chart) => (
              <GlobalChartCard
                key={chart}
                filter={filter}
                slice={slice}
                chart={chart}
                currency={currency}
              />
            ))}
          </Box>
        </>
      )}
    </Stack>
  );
}
