import type { CommandState } from '@b2b/contract';
import Chip, { type ChipProps } from '@mui/material/Chip';

const COLORS: Record<CommandState, ChipProps['color']> = {
  Blocked: 'default',
  Pending: 'info',
  InProgress: 'primary',
  Completed: 'success',
  Error: 'error',
  Canceled: 'warning',
};

/** A command's (or step's, or job's) state as a small coloured chip. */
export function CommandStateChip({ state }: { state: CommandState }) {
  return <Chip size="small" label={state} color={COLORS[state]} variant="outlined" />;
}
