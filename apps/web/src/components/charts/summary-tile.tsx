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
    <Paper
      variant="outlined"
      sx={{ p: 2, containerType: 'inline-size' }}
      component="section"
      aria-label={label}
    >
      <Typography variant="overline" component="h3" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      {/* On one line, made smaller to fit when a figure is wider than its tile (spend in the
          billions): sized from the tile's width (container units) and the figure's length. */}
      <Typography
        variant="h5"
        component="p"
        sx={{
          whiteSpace: 'nowrap',
          fontSize: `clamp(0.875rem, calc(100cqi / ${(Math.max(value.length, 1) * 0.6).toFixed(1)}), 1.5rem)`,
        }}
      >
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
