import {
  axisGridCount,
  INSIGHT_CHART_LIMITS,
  type InsightChart,
  type InsightBar,
  type InsightChartData,
} from '@b2b/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { memo, useCallback, useDeferredValue, useId, useMemo, useRef, useState } from 'react';
import { errorMessageOf } from '../../lib/api-error';
import { formatNumber, formatWhole } from '../../lib/number-format';
import { barsToCsv, downloadFile } from './chart-download';
import { EChart, type EChartInstance } from './echart';
import { tKey, translateServerMessage, useT } from '../../lib/i18n';

/** What a chart's value measures, as its axis and column say it. */
const MEASURE_NAMES: Record<InsightChartData['measure'], string> = {
  spend: tKey('Spend'),
  suppliers: tKey('Suppliers'),
  documents: tKey('Documents'),
  averageSpend: tKey('Average spend per supplier'),
  averageDocumentValue: tKey('Average document value'),
};

export const CHART_TITLES: Record<InsightChart, string> = {
  Countries: tKey('Spend by country'),
  Jobs: tKey('By Job'),
  DocTransactionFrequencies: tKey('Payment frequency'),
  PaymentMethods: tKey('Payment methods'),
  PaymentMethodCount: tKey('Payment methods per supplier'),
  InvoicePaymentTerms: tKey('Invoice payment terms'),
  IndustriesMccDescription: tKey('Industries (MCC description)'),
  IndustriesMccGroup: tKey('Industries (MCC group)'),
  IndustriesMccType: tKey('Industries (MCC type)'),
  IndustriesSicDivision: tKey('Industries (SIC division)'),
  IndustriesSicMajorGroup: tKey('Industries (SIC major group)'),
  IndustriesSicIndustryGroup: tKey('Industries (SIC industry group)'),
  IndustriesSicIndustry: tKey('Industries (SIC industry)'),
  IndustriesUnspsc: tKey('Industries (UNSPSC)'),
  IndustriesNaics: tKey('Industries (NAICS)'),
  Spends: tKey('Spend by spend band'),
  Documents: tKey('Documents by spend band'),
  Suppliers: tKey('Suppliers by spend band'),
  SuppliersAverage: tKey('Average spend per supplier by band'),
  DocumentsAverage: tKey('Average document value by band'),
};

const isMoney = (measure: InsightChartData['measure']) =>
  measure === 'spend' || measure === 'averageSpend' || measure === 'averageDocumentValue';

/** The part of a query result the card shows; the caller decides where the chart comes from. */
export type ChartQueryState = {
  data: InsightChartData | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
};

export type InsightChartViewProps = {
  chart: InsightChart;
  query: ChartQueryState;
  /** Money as the page shows it (one job's currency, or amounts of several added up). */
  formatMoney: (value: number) => string;
  fileName: string;
  /** Set on the chart's section; with `useNearViewport`, fetches once it nears the view. */
  sectionRef?: (element: Element | null) => void;
};

/**
 * One insights chart, for one job or across jobs: a bar chart (large-dataset mode above 1300 bars, never more than 4317),
 * tooltips after 300 ms, value-axis grid lines by width, PNG and CSV downloads, and the same
 * data as a table for screen readers and copying.
 */
export function InsightChartView({
  chart,
  query,
  formatMoney,
  fileName,
  sectionRef,
}: InsightChartViewProps) {
  const t = useT();
  const theme = useTheme();
  const titleId = useId();
  const [showTable, setShowTable] = useState(false);
  const instance = useRef<EChartInstance | null>(null);
  const title = t(CHART_TITLES[chart]);
  const data = query.data;
  // Memoised: a new array each render would make a new option and redraw thousands of bars.
  const bars = useMemo(
    () =>
      (data?.bars ?? []).slice(
        0,
        chart === 'Jobs' ? INSIGHT_CHART_LIMITS.byJobTop : INSIGHT_CHART_LIMITS.maxBars,
      ),
    [data, chart],
  );
  const money = data ? isMoney(data.measure) : false;
  const format = useCallback(
    (value: number) => (money ? formatMoney(value) : formatNumber(value)),
    [money, formatMoney],
  );
  // The table follows the chart: drawn in the background after it, so a chart of thousands of
  // bars is on screen first (the table's rows cost more than the canvas).
  const tableBars = useDeferredValue(bars, NO_BARS);

  const option = useCallback(
    (width: number) => ({
      animation: bars.length <= INSIGHT_CHART_LIMITS.largeDatasetBars,
      grid: { left: 8, right: 16, top: 16, bottom: 8, containLabel: true },
      tooltip: {
        trigger: 'axis',
        showDelay: INSIGHT_CHART_LIMITS.tooltipEnterDelayMs,
        valueFormatter: (value: number) => format(value),
      },
      xAxis: {
        type: 'category',
        data: bars.map((b) => b.label),
        axisLabel: { hideOverlap: true, width: 120, overflow: 'truncate' },
      },
      yAxis: { type: 'value', splitNumber: axisGridCount(width) },
      dataZoom: bars.length > 40 ? [{ type: 'inside' }, { type: 'slider', height: 16 }] : [],
      series: [
        {
          type: 'bar',
          name: data ? t(MEASURE_NAMES[data.measure]) : '',
          data: bars.map((b) => b.value),
          itemStyle: { color: theme.palette.primary.main },
          large: bars.length > INSIGHT_CHART_LIMITS.largeDatasetBars,
          largeThreshold: INSIGHT_CHART_LIMITS.largeDatasetBars,
        },
      ],
    }),
    // format depends on data and formatMoney only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [bars, data, formatMoney, theme.palette.primary.main, t],
  );

  return (
    <Paper
      ref={sectionRef}
      variant="panel"
      // As tall as a drawn chart while waiting, so charts further down stay out of view.
      sx={{ minHeight: CHART_SECTION_HEIGHT }}
      component="section"
      aria-labelledby={titleId}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        <Typography id={titleId} variant="subtitle1" component="h3" sx={{ flexGrow: 1 }}>
          {title}
        </Typography>
        {data?.available && bars.length > 0 && (
          <>
            <Button
              size="small"
              onClick={() =>
                instance.current &&
                downloadFile(
                  `${fileName}-${chart}.png`,
                  instance.current.getDataURL({
                    type: 'png',
                    pixelRatio: 2,
                    backgroundColor: theme.palette.background.paper,
                  }),
                )
              }
            >
              {t('PNG')}
            </Button>
            <Button
              size="small"
              onClick={() =>
                downloadFile(
                  `${fileName}-${chart}.csv`,
                  barsToCsv(MEASURE_NAMES[data.measure], bars),
                )
              }
            >
              {t('CSV')}
            </Button>
            <Button size="small" aria-pressed={showTable} onClick={() => setShowTable(!showTable)}>
              {showTable ? t('Chart') : t('Table')}
            </Button>
          </>
        )}
      </Stack>
      {query.isPending && <LinearProgress aria-label={t('Loading {{title}}', { title })} />}
      {query.isError && <Alert severity="error">{errorMessageOf(query.error)}</Alert>}
      {data && !data.available && (
        // Worded by the server in English; a key of the catalogue (uiText on the server).
        <Alert severity="info">{data.reason && translateServerMessage(data.reason)}</Alert>
      )}
      {data?.available && bars.length === 0 && (
        <Alert severity="info">{t('No suppliers in this slice.')}</Alert>
      )}
      {data?.available && bars.length > 0 && (
        <>
          {!showTable && (
            <EChart
              option={option}
              height={CHART_HEIGHT}
              label={t('{{title}}: {{count}} bars; use the Table button for the values', {
                title,
                count: bars.length,
              })}
              onReady={(c) => (instance.current = c)}
            />
          )}
          {/* Always in the page for screen readers; shown on request for everyone else. Plain
              table elements: a chart may have 4317 bars, and thousands of MUI cells per chart
              would cost the page more than drawing the chart. */}
          <ChartDataTable
            bars={tableBars}
            title={title}
            measureName={t(MEASURE_NAMES[data.measure])}
            format={format}
            formatMoney={formatMoney}
            shown={showTable}
          />
        </>
      )}
    </Paper>
  );
}

/**
 * The chart's data as a table: always in the page for screen readers, shown on request for
 * everyone else. Plain table elements: a chart may have 4317 bars, and thousands of MUI cells
 * would cost the page more than drawing the chart.
 */
const ChartDataTable = memo(function ChartDataTable(props: {
  bars: readonly InsightBar[];
  title: string;
  measureName: string;
  format: (value: number) => string;
  formatMoney: (value: number) => string;
  shown: boolean;
}) {
  const { bars, format, formatMoney } = props;
  const t = useT();
  return (
    <Box sx={props.shown ? { maxHeight: 320, overflow: 'auto' } : visuallyHidden}>
      <Box component="table" aria-label={t('{{title}} data', { title: props.title })} sx={tableSx}>
        <thead>
          <tr>
            <th scope="col">{t('Bar')}</th>
            <th scope="col">{props.measureName}</th>
            <th scope="col">{t('Suppliers')}</th>
            <th scope="col">{t('Spend')}</th>
          </tr>
        </thead>
        <tbody>
          {bars.map((b) => (
            <tr key={b.key}>
              <th scope="row">{b.label}</th>
              <td>{format(b.value)}</td>
              <td>{formatWhole(b.suppliers)}</td>
              <td>{formatMoney(b.spend)}</td>
            </tr>
          ))}
        </tbody>
      </Box>
    </Box>
  );
});

const NO_BARS: readonly InsightBar[] = [];

const CHART_HEIGHT = 280;
const CHART_SECTION_HEIGHT = CHART_HEIGHT + 72;

const tableSx = {
  width: '100%',
  borderCollapse: 'collapse',
  typography: 'body2',
  '& th, & td': { px: 1, py: 0.5, borderBottom: 1, borderColor: 'divider', textAlign: 'right' },
  '& th[scope="row"], & thead th:first-of-type': { textAlign: 'left', fontWeight: 'normal' },
  '& thead th': { position: 'sticky', top: 0, bgcolor: 'background.paper', fontWeight: 600 },
} as const;

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
