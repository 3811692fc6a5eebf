import {
  JOB_STATUSES,
  JOB_TYPES,
  type DashboardInterval,
  type DashboardJobActivity,
  type JobType,
} from '@b2b/contract';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useCallback, useState } from 'react';
import { EChart, type EChartOption } from '../../../components/charts/echart';
import { FactList } from '../../../components/layout/fact-list';
import { formatWhole } from '../../../lib/number-format';
import { useJobActivity } from '../api/get-job-activity';
import { DashboardTile } from './dashboard-tile';
import { useT } from '../../../lib/i18n';

const TYPES = Object.keys(JOB_TYPES) as JobType[];

/** "23 Nov" for a week, "Nov 2026" for a month (the period's first day, UTC). */
export function periodLabel(start: string, interval: DashboardInterval): string {
  const date = new Date(`${start}T00:00:00Z`);
  return date.toLocaleDateString('en-GB', {
    timeZone: 'UTC',
    ...(interval === 'week'
      ? { day: 'numeric', month: 'short' }
      : { month: 'short', year: 'numeric' }),
  });
}

function ActivityChart({ data }: { data: DashboardJobActivity }) {
  const t = useT();
  const option = useCallback(
    (): EChartOption => ({
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      grid: { left: 40, right: 16, top: 36, bottom: 28 },
      xAxis: {
        type: 'category',
        data: data.periods.map((p) => periodLabel(p.start, data.interval)),
      },
      yAxis: { type: 'value', minInterval: 1 },
      series: TYPES.map((type) => ({
        name: t(JOB_TYPES[type]),
        type: 'bar',
        stack: 'jobs',
        data: data.periods.map((p) => p.byType[type]),
      })),
    }),
    [data, t],
  );
  const periods = data.periods
    .map((p) => `${periodLabel(p.start, data.interval)} ${p.jobs}`)
    .join(', ');
  return (
    <EChart
      option={option}
      height={240}
      label={
        data.interval === 'week'
          ? t('Jobs created per week, by type: {{periods}}', { periods })
          : t('Jobs created per month, by type: {{periods}}', { periods })
      }
    />
  );
}

/** Jobs by status and by type over time: created per week or month, and where they stand now. */
export function JobActivityTile() {
  const t = useT();
  const [interval, setPeriodInterval] = useState<DashboardInterval>('week');
  const query = useJobActivity(interval);
  return (
    <DashboardTile
      title={t('Jobs over time')}
      query={query}
      link={{ route: '/analysis', label: t('Open the job list') }}
      actions={
        <ToggleButtonGroup
          size="small"
          exclusive
          value={interval}
          aria-label={t('Jobs per')}
          onChange={(_, value: DashboardInterval | null) => value && setPeriodInterval(value)}
        >
          <ToggleButton value="week">{t('Weeks')}</ToggleButton>
          <ToggleButton value="month">{t('Months')}</ToggleButton>
        </ToggleButtonGroup>
      }
    >
      {(data) => (
        <>
          <ActivityChart data={data} />
          <FactList
            label={t('Jobs by status')}
            facts={[
              [t('All jobs'), formatWhole(data.total)],
              ...JOB_STATUSES.map((s) => [s, formatWhole(data.byStatus[s])] as const),
              ...TYPES.map((type) => [t(JOB_TYPES[type]), formatWhole(data.byType[type])] as const),
            ]}
          />
        </>
      )}
    </DashboardTile>
  );
}
