import type { CommandState } from '@b2b/contract';
import Chip from '@mui/material/Chip';

type PaletteColor = 'grey' | 'info' | 'primary' | 'success' | 'error' | 'warning';
const COLORS: Record<CommandState, PaletteColor> = {
  Blocked: 'grey',
  Pending: 'info',
  InProgress: 'primary',
  Completed: 'success',
  Error: 'error',
  Canceled: 'warning',
};

/**
 * A command's (or step's, or job's) state as a small chip. The state colours only the border:
 * the text keeps the page's text colour, so it stays readable in every theme.
 */
export function CommandStateChip({ state }: { state: CommandState }) {
  const color = COLORS[state];
  return (
    <Chip
      size="small"
      label={state}
      variant="outlined"
      sx={{
        color: 'text.primary',
        borderWidth: 2,
        borderColor: color === 'grey' ? 'grey.500' : `${color}.main`,
      }}
    />
  );
}
