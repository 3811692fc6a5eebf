import { ABBREVIATIONS, type JobSummary } from '@b2b/contract';
import Tooltip from '@mui/material/Tooltip';
import { tKey } from '../../lib/i18n';
import type { TileProps } from '../layout/tile-row';

/** An average with its abbreviation (APOV, AIV, APV) explained on hover. */
function Average({
  name,
  value,
  formatMoney,
}: {
  name: keyof typeof ABBREVIATIONS;
  value: number | null;
  formatMoney: (value: number) => string;
}) {
  return (
    <Tooltip title={ABBREVIATIONS[name]}>
      <span>
        <abbr title={ABBREVIATIONS[name]}>{name}</abbr> {value === null ? '—' : formatMoney(value)}
      </span>
    </Tooltip>
  );
}

/**
 * The summary tiles of SPEC.md section 3, for a `TileRow`: suppliers, spend and the three
 * document counts with their averages; across jobs, the job and organization counts first.
 */
export function summaryTiles(
  tiles: JobSummary['tiles'],
  formatMoney: (value: number) => string,
  { acrossJobs = false }: { acrossJobs?: boolean } = {},
): TileProps[] {
  const average = (name: keyof typeof ABBREVIATIONS, value: number | null) => (
    <Average name={name} value={value} formatMoney={formatMoney} />
  );
  return [
    ...(acrossJobs
      ? [
          { label: tKey('Jobs'), value: tiles.jobCount.toLocaleString() },
          { label: tKey('Organizations'), value: tiles.organizations.toLocaleString() },
        ]
      : []),
    { label: tKey('Suppliers'), value: tiles.suppliers.toLocaleString() },
    { label: tKey('Spend'), value: formatMoney(tiles.spend) },
    {
      label: tKey('POs'),
      value: tiles.pos.toLocaleString(),
      note: average('APOV', tiles.averages.APOV),
    },
    {
      label: tKey('Invoices'),
      value: tiles.invoices.toLocaleString(),
      note: average('AIV', tiles.averages.AIV),
    },
    {
      label: tKey('Payments'),
      value: tiles.payments.toLocaleString(),
      note: average('APV', tiles.averages.APV),
    },
  ];
}
