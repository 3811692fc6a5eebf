import type { Level } from '@b2b/contract';
import Chip from '@mui/material/Chip';
import { useT } from '../../../lib/i18n';

type ChipColor = 'success' | 'warning' | 'error' | 'default';

/** Score and confidence levels (SPEC.md section 3): green High, amber Medium, red Low, grey None. */
export const LEVEL_COLORS: Record<Level, ChipColor> = {
  High: 'success',
  Medium: 'warning',
  Low: 'error',
  None: 'default',
};

/** A level as a filled chip; the text names the level, so colour is never the only cue. */
export function LevelChip({ level, prefix }: { level: Level | null; prefix?: string }) {
  const t = useT();
  if (!level) return <span aria-label={t('No level')}>—</span>;
  const label =
    prefix === undefined
      ? t(level)
      : t('{{score}} · {{level}}', { score: prefix, level: t(level) });
  return <Chip size="small" label={label} color={LEVEL_COLORS[level]} data-level={level} />;
}

/**
 * A product score with its level, e.g. "72 · High"; the level alone when the score is not shown
 * to the user (SupplierScores_VIEW, SPEC §6); a dash when the job has no scores.
 */
export function ScoreChip({ score, level }: { score: number | null; level: Level | null }) {
  const t = useT();
  if (score === null && level) return <LevelChip level={level} />;
  if (score === null) return <span aria-label={t('No score')}>—</span>;
  return <LevelChip level={level ?? 'None'} prefix={String(score)} />;
}

export function MatchStatusChip({ status }: { status: 'MATCHED' | 'UNMATCHED' }) {
  const t = useT();
  return (
    <Chip
      size="small"
      variant="outlined"
      label={t(status)}
      color={status === 'MATCHED' ? 'success' : 'default'}
    />
  );
}
