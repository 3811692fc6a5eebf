import {
  FIGURE_KEYS,
  FIGURE_LABELS,
  calculateBusinessCase,
  type BusinessCaseScenario,
} from '@b2b/contract';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useQueries } from '@tanstack/react-query';
import { businessCaseSpendQueryOptions } from '../api/get-business-case-spend';
import { money, percent } from './format';
import { useT } from '../../../lib/i18n';

/** Scenarios side by side: each one's totals over its years, from its own spend source. */
export function ScenarioCompare({
  jobId,
  currency,
  scenarios,
}: {
  jobId: string;
  currency: string;
  scenarios: BusinessCaseScenario[];
}) {
  const t = useT();
  const spends = useQueries({
    queries: scenarios.map((s) => businessCaseSpendQueryOptions(jobId, s.inputs.source)),
  });
  const results = scenarios.map((s, i) => {
    const cells = spends[i]?.data?.cells;
    return cells ? calculateBusinessCase(s.inputs, cells, currency, t) : undefined;
  });
  return (
    <Table size="small" aria-label={t('Scenarios compared')}>
      <TableHead>
        <TableRow>
          <TableCell>{t('Figure (all years)')}</TableCell>
          {scenarios.map((s) => (
            <TableCell key={s.id} align="right">
              {s.name}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        <TableRow>
          <TableCell component="th" scope="row">
            {t('Years')}
          </TableCell>
          {scenarios.map((s) => (
            <TableCell key={s.id} align="right">
              {s.inputs.years}
            </TableCell>
          ))}
        </TableRow>
        <TableRow>
          <TableCell component="th" scope="row">
            {t('{{figure}} (a year)', { figure: t(FIGURE_LABELS.movableSpend) })}
          </TableCell>
          {results.map((r, i) => (
            <TableCell key={scenarios[i]!.id} align="right">
              {r ? money(r.total.movableSpend, currency) : '…'}
            </TableCell>
          ))}
        </TableRow>
        {FIGURE_KEYS.map((k) => (
          <TableRow key={k}>
            <TableCell component="th" scope="row">
              {k === 'adoption' ? t('Adoption in the last year') : t(FIGURE_LABELS[k])}
            </TableCell>
            {results.map((r, i) => (
              <TableCell key={scenarios[i]!.id} align="right">
                {r
                  ? k === 'adoption'
                    ? percent(r.total.total[k])
                    : money(r.total.total[k], currency)
                  : '…'}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
