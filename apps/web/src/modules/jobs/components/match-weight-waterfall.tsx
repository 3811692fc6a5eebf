import type { MatchModelEvidence } from '@b2b/contract';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { tKey, useT } from '../../../lib/i18n';

/** A weight in log2 odds with its sign, e.g. "+3.21" or "−1.50". */
export function formatWeight(weight: number | null): string {
  if (weight === null) return '—';
  const text = Math.abs(weight).toFixed(2);
  // A weight that rounds to nothing reads 0.00, never "−0.00".
  if (Number(text) === 0) return '0.00';
  return weight > 0 ? `+${text}` : `−${text}`;
}

/** A match probability as a percentage, e.g. "97.3 %"; a dash when there is none. */
export function formatProbability(probability: number | null): string {
  if (probability === null) return '—';
  return new Intl.NumberFormat(undefined, {
    style: 'percent',
    maximumFractionDigits: probability > 0.99 || probability < 0.01 ? 2 : 1,
  }).format(probability);
}

type Bar = {
  key: string;
  name: string;
  /** The comparison's level reached (steps only). */
  level?: string;
  /** Where the bar starts and ends on the weight axis. */
  from: number;
  to: number;
  /** Steps: evidence for the match, against it, or none (a comparison not made). */
  kind: 'prior' | 'for' | 'against' | 'neutral' | 'total';
  weight: number;
  note?: string;
};

/* Bar names and notes of our own are keys, shown with `t`; comparison labels come as they are. */

/** The prior, one bar per comparison step from the running total, then the total from zero. */
function barsOf(model: MatchModelEvidence): Bar[] {
  const bars: Bar[] = [
    {
      key: 'prior',
      name: tKey('Prior'),
      from: 0,
      to: model.priorWeight,
      kind: 'prior',
      weight: model.priorWeight,
    },
  ];
  let running = model.priorWeight;
  for (const step of model.steps) {
    bars.push({
      key: step.comparison,
      name: step.label,
      level: step.levelLabel,
      from: running,
      to: running + step.weight,
      kind: Math.abs(step.weight) < 0.005 ? 'neutral' : step.weight > 0 ? 'for' : 'against',
      weight: step.weight,
      ...(step.termFrequencyAdjusted ? { note: tKey('weighed by how common the value is') } : {}),
    });
    running += step.weight;
  }
  bars.push({
    key: 'total',
    name: tKey('Match weight'),
    from: 0,
    to: model.matchWeight,
    kind: 'total',
    weight: model.matchWeight,
  });
  return bars;
}

const COLOURS: Record<Bar['kind'], string> = {
  prior: 'grey.500',
  neutral: 'grey.400',
  for: 'success.main',
  against: 'error.main',
  total: 'primary.main',
};

/**
 * How the match model weighed the best candidate (SPEC §3 supplier matching): a horizontal
 * waterfall from the prior weight through one bar per comparison — green for evidence for the
 * match, red against — to the match weight and its probability. The table below says the same
 * for screen readers and for copying; the drawing is hidden from them.
 */
export function MatchWeightWaterfall({ model }: { model: MatchModelEvidence }) {
  const t = useT();
  const bars = barsOf(model);
  const ends = bars.flatMap((b) => [b.from, b.to]);
  const low = Math.min(0, ...ends);
  const high = Math.max(0, ...ends);
  const span = high - low || 1;
  const at = (value: number) => ((value - low) / span) * 100;
  return (
    <Stack spacing={2}>
      <Box
        aria-hidden
        data-testid="match-weight-waterfall"
        sx={{
          display: 'grid',
          // Long comparison labels wrap rather than squeeze the bars.
          gridTemplateColumns: 'minmax(7rem, 2fr) minmax(8rem, 3fr) 4rem',
          columnGap: 1.5,
          rowGap: 0.75,
          alignItems: 'center',
        }}
      >
        {bars.map((bar) => (
          <Box key={bar.key} sx={{ display: 'contents' }}>
            <Typography variant="body2" sx={{ fontWeight: bar.kind === 'total' ? 600 : 400 }}>
              {bar.level
                ? t('{{name}}: {{level}}', { name: t(bar.name), level: t(bar.level) })
                : t(bar.name)}
            </Typography>
            <Box sx={{ position: 'relative', height: 18 }}>
              <Box
                sx={{
                  position: 'absolute',
                  left: `${at(0)}%`,
                  top: -3,
                  bottom: -3,
                  borderLeft: 1,
                  borderColor: 'divider',
                }}
              />
              <Box
                data-kind={bar.kind}
                sx={{
                  position: 'absolute',
                  left: `${at(Math.min(bar.from, bar.to))}%`,
                  width: `max(2px, ${(Math.abs(bar.to - bar.from) / span) * 100}%)`,
                  top: 0,
                  bottom: 0,
                  borderRadius: 0.5,
                  bgcolor: COLOURS[bar.kind],
                }}
              />
            </Box>
            <Typography
              variant="body2"
              sx={{ textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}
            >
              {formatWeight(bar.weight)}
            </Typography>
          </Box>
        ))}
      </Box>
      <Typography variant="body2">
        {model.parameters === 'estimated'
          ? t(
              'Match weight {{weight}} (log2 odds) · probability {{probability}} · parameters estimated on this job',
              {
                weight: formatWeight(model.matchWeight),
                probability: formatProbability(model.matchProbability),
              },
            )
          : t(
              'Match weight {{weight}} (log2 odds) · probability {{probability}} · parameters as shipped',
              {
                weight: formatWeight(model.matchWeight),
                probability: formatProbability(model.matchProbability),
              },
            )}
      </Typography>
      <Table size="small" aria-label={t('Match weight steps')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('Step')}</TableCell>
            <TableCell>{t('Level')}</TableCell>
            <TableCell align="right">{t('Weight')}</TableCell>
            <TableCell align="right">{t('Running total')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {bars.map((bar) => (
            <TableRow key={bar.key}>
              <TableCell component="th" scope="row">
                {t(bar.name)}
              </TableCell>
              <TableCell>
                {bar.level
                  ? bar.level + (bar.note ? ` (${t(bar.note)})` : '')
                  : bar.kind === 'total'
                    ? t('probability {{probability}}', {
                        probability: formatProbability(model.matchProbability),
                      })
                    : '—'}
              </TableCell>
              <TableCell align="right">{formatWeight(bar.weight)}</TableCell>
              <TableCell align="right">{formatWeight(bar.to)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Stack>
  );
}
