import { MAX_PAGE_SIZE } from '@b2b/contract';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import { useClientFlag } from '../../../lib/client-flags';
import { useT } from '../../../lib/i18n';

export type BrowserSettingsProps = {
  /** The session's idle auto-logout toggle, which sits with the browser's own flags. */
  idleToggle: ReactNode;
};

/** The persisted client flags of SPEC.md section 9 that the user can change. */
export function BrowserSettings({ idleToggle }: BrowserSettingsProps) {
  const t = useT();
  const headingId = useId();
  const [refetch, setRefetch] = useClientFlag('queriesRefetch');
  const [serverSide, setServerSide] = useClientFlag('serverSideRendering');
  return (
    <Paper component="section" aria-labelledby={headingId} sx={{ p: 3 }}>
      <Typography id={headingId} variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('Session and browser settings')}
      </Typography>
      {idleToggle}
      <FormGroup sx={{ mt: 1 }}>
        <FormControlLabel
          control={
            <Switch checked={refetch} onChange={(event) => setRefetch(event.target.checked)} />
          }
          label={t('Refresh lists and monitors automatically')}
        />
        <FormControlLabel
          control={
            <Switch
              checked={serverSide}
              onChange={(event) => setServerSide(event.target.checked)}
            />
          }
          label={t('Page, sort and filter tables on the server')}
        />
        <FormHelperText sx={{ mt: 0, ml: 6 }}>
          {t(
            'Off: a table of up to {{rows}} rows loads once and pages, sorts and filters in this browser without asking again; larger tables still page on the server.',
            { rows: MAX_PAGE_SIZE },
          )}
        </FormHelperText>
      </FormGroup>
    </Paper>
  );
}
