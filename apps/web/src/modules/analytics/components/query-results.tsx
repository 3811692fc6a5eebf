import type { AnalyticsCell, AnalyticsResult, ReportChartKind } from '@b2b/contract';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useCallback } from 'react';
import { EChart, type EChartOption } from '../../../components/charts/echart';
import { useT } from '../../../lib/i18n';
import type { Translate } from '../../../lib/i18n/i18n';

const cellText = (v: AnalyticsCell, t: Translate) =>
  v === null ? '' : typeof v === 'boolean' ? (v ? t('Yes') : t('No')) : String(v);

/** The bars: the first column names them, the first number column after it sizes them. */
function ResultChart({ result }: { result: AnalyticsResult }) {
  const t = useT();
  const valueIndex = result.columns.findIndex((c, i) => i > 0 && c.type === 'number');
  const option = useCallback(
    (): EChartOption => ({
      tooltip: { trigger: 'axis' },
      grid: { left: 60, right: 16, top: 16, bottom: 60 },
      xAxis: {
        type: 'category',
        data: result.rows.map((r) => cellText(r[0] ?? null, t)),
        axisLabel: { rotate: 30 },
      },
      yAxis: { type: 'value' },
      series: [
        {
          name: result.columns[valueIndex]?.label ?? '',
          type: 'bar',
          data: result.rows.map((r) => r[valueIndex] ?? 0),
        },
      ],
    }),
    [result, valueIndex, t],
  );
  if (valueIndex < 0)
    return <Typography>{t('A chart needs a number column after the first column.')}</Typography>;
  return (
    <EChart
      option={option}
      height={320}
      label={t('{{value}} by {{category}}', {
        value: result.columns[valueIndex]!.label,
        category: result.columns[0]!.label,
      })}
    />
  );
}

type Props = {
  result: AnalyticsResult;
  chart: ReportChartKind;
  onChart: (chart: ReportChartKind) => void;
  onPage: (pageNumber: number) => void;
};

/** One page of a query's result, as a table or a bar chart, with paging. */
export function QueryResults({ result, chart, onChart, onPage }: Props) {
  const t = useT();
  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={chart}
          aria-label={t('Show as')}
          onChange={(_, value: ReportChartKind | null) => value && onChart(value)}
        >
          <ToggleButton value="table">{t('Table')}</ToggleButton>
          <ToggleButton value="bar">{t('Bar chart')}</ToggleButton>
        </ToggleButtonGroup>
        <Typography variant="body2" color="text.secondary">
          {t('Page {{page}}, {{rows}} row(s), {{ms}} ms', {
            page: result.pageNumber,
            rows: result.rows.length,
            ms: result.elapsedMs,
          })}
        </Typography>
      </Stack>
      {chart === 'bar' ? (
        <ResultChart result={result} />
      ) : (
        <TableContainer>
          <Table size="small" aria-label={t('Query result')}>
            <TableHead>
              <TableRow>
                {result.columns.map((c) => (
                  <TableCell key={c.key} align={c.type === 'number' ? 'right' : 'left'}>
                    {c.label}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {result.rows.map((row, i) => (
                <TableRow key={i}>
                  {row.map((cell, j) => (
                    <TableCell
                      key={j}
                      align={result.columns[j]?.type === 'number' ? 'right' : 'left'}
                    >
                      {cellText(cell, t)}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <Stack direction="row" spacing={1}>
        <Button disabled={result.pageNumber <= 1} onClick={() => onPage(result.pageNumber - 1)}>
          {t('Previous page')}
        </Button>
        <Button disabled={!result.hasMore} onClick={() => onPage(result.pageNumber + 1)}>
          {t('Next page')}
        </Button>
      </Stack>
    </Stack>
  );
}
