import { SYSTEM_MODES, type SystemMode } from '@b2b/contract';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { AsyncButton } from '../../../components/forms';
import { useNotify } from '../../../components/feedback/notifications';
import { useSystemMode } from '../api/get-system-mode';
import { useSetSystemMode } from '../api/set-system-mode';
import { tKey, useT } from '../../../lib/i18n';

const MODE_HELP: Record<SystemMode, string> = {
  Live: tKey('Everyone can use the application.'),
  ReadOnly: tKey('Changes are refused; the interface reports this mode as unknown.'),
  Maintenance: tKey(
    'Only users who may ignore maintenance (developers) can use the application; everyone else sees the maintenance message.',
  ),
};

/** The admin control that switches the system mode (for SystemModeUpdate holders). */
export function SystemModePanel() {
  const t = useT();
  const headingId = useId();
  const mode = useSystemMode();
  const setMode = useSetSystemMode();
  const notify = useNotify();
  const [choice, setChoice] = useState<SystemMode | null>(null);
  const selected = choice ?? mode.data ?? null;

  return (
    <Paper component="section" aria-labelledby={headingId} sx={{ p: 3 }}>
      <Typography id={headingId} variant="h6" component="h2">
        {t('System mode')}
      </Typography>
      <Typography sx={{ mt: 1 }}>
        {t('Current mode:')} <strong>{mode.data ? t(mode.data) : t('not known')}</strong>
      </Typography>
      <RadioGroup
        aria-labelledby={headingId}
        value={selected ?? ''}
        onChange={(event) => setChoice(event.target.value as SystemMode)}
      >
        {SYSTEM_MODES.map((value) => (
          <FormControlLabel
            key={value}
            value={value}
            control={<Radio />}
            label={t('{{mode}}: {{help}}', { mode: t(value), help: t(MODE_HELP[value]) })}
          />
        ))}
      </RadioGroup>
      <Stack direction="row" spacing={2} sx={{ mt: 2, alignItems: 'center' }}>
        <AsyncButton
          variant="contained"
          disabled={!selected || selected === mode.data}
          onClick={() => (selected ? setMode.mutateAsync(selected) : undefined)}
          onError={(error) => notify.error(error, { operation: t('Switch system mode') })}
        >
          {t('Switch mode')}
        </AsyncButton>
      </Stack>
    </Paper>
  );
}
