import type { CommandState, JobStatus } from '@b2b/contract';
import Chip from '@mui/material/Chip';
import { useT } from '../../../lib/i18n';

type PaletteColor = 'grey' | 'info' | 'primary' | 'success' | 'error' | 'warning';

const STEP_COLORS: Record<CommandState, PaletteColor> = {
  Blocked: 'grey',
  Pending: 'info',
  InProgress: 'primary',
  Completed: 'success',
  Error: 'error',
  Canceled: 'warning',
};
const JOB_COLORS: Record<JobStatus, PaletteColor> = {
  Draft: 'grey',
  Processing: 'primary',
  Completed: 'success',
  Error: 'error',
};

/** A status as an outlined chip: colour on the border only, so the text reads in every theme. */
function StatusChip({ label, color }: { label: string; color: PaletteColor }) {
  return (
    <Chip
      size="small"
      label={label}
      variant="outlined"
      sx={{
        color: 'text.primary',
        borderWidth: 2,
        borderColor: color === 'grey' ? 'grey.500' : `${color}.main`,
      }}
    />
  );
}

/** A workflow step's status (the six states of SPEC.md section 4). */
export function StepStatusChip({ status }: { status: CommandState }) {
  const t = useT();
  return <StatusChip label={t(status)} color={STEP_COLORS[status]} />;
}

export function JobStatusChip({ status }: { status: JobStatus }) {
  const t = useT();
  return <StatusChip label={t(status)} color={JOB_COLORS[status]} />;
}
