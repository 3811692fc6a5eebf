import { ABBREVIATIONS } from '@b2b/contract';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** One summary tile (SPEC.md section 3): a labelled figure, with an optional note under it. */
export function SummaryTile({
  label,
  value,
  note,
}: {
  label: string;
  value: string;
  note?: ReactNode;
}) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label={label}>
      <Typography variant="overline" component="h3" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      {/* Wraps rather than being cut off when a figure is wider than its tile. */}
      <Typography variant="h5" component="p" sx={{ overflowWrap: 'anywhere' }}>
        {value}
      </Typography>
      {note && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {note}
        </Typography>
      )}
    </Paper>
  );
}

/** An average with its abbreviation (APOV, AIV, APV) explained on hover. */
export function Average({
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
