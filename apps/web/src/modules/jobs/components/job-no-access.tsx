import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';
import { useT } from '../../../lib/i18n';

/**
 * What a user sees for a job that does not exist or is not shared with them. The server answers
 * both with 404, so the message cannot (and does not) tell them apart.
 */
export function JobNoAccess() {
  const t = useT();
  return (
    <Alert
      severity="warning"
      action={
        <Button color="inherit" size="small" component={RouterLink} to="/analysis">
          {t('Back to the job list')}
        </Button>
      }
    >
      <AlertTitle component="h2">{t('No access to this job')}</AlertTitle>
      {t(
        'This job does not exist, or it has not been shared with you. Ask the job’s owner or your issuer manager to give you access.',
      )}
    </Alert>
  );
}
