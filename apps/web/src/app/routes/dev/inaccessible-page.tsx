import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { useT } from '../../../lib/i18n';

/**
 * /dev/inaccessible (SPEC §2 Dev): guarded by InaccessibleArea_ALL, which no role holds. It
 * exists to prove the route guard refuses a page nobody may open; reaching it means a user was
 * given that permission explicitly.
 */
export function InaccessiblePage() {
  const t = useT();
  return (
    <Alert severity="warning">
      <AlertTitle component="h2">{t('Inaccessible area')}</AlertTitle>
      {t(
        'No role grants this page. You see it because your account holds {{permission}} as an explicit permission; remove it on your user page unless you are testing the route guard.',
        { permission: 'InaccessibleArea_ALL' },
      )}
    </Alert>
  );
}
