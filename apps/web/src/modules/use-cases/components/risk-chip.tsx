import type { UseCaseRisk } from '@b2b/contract';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import { translateServerMessage, useT } from '../../../lib/i18n';

const COLOR = { Low: 'success', Medium: 'warning', High: 'error' } as const;

/** SPEC §3 risk level as a chip; its reasons on hover (and to screen readers). */
export function RiskChip({ risk }: { risk: UseCaseRisk }) {
  const t = useT();
  return (
    <Tooltip
      title={
        <Box component="ul" sx={{ m: 0, pl: 2 }}>
          {risk.reasons.map((r) => (
            <li key={r}>{translateServerMessage(r)}</li>
          ))}
        </Box>
      }
    >
      <Chip
        size="small"
        color={COLOR[risk.level]}
        label={t('{{level}} risk', { level: t(risk.level) })}
        aria-description={risk.reasons.map(translateServerMessage).join(' ')}
      />
    </Tooltip>
  );
}
