import Button from '@mui/material/Button';
import { ErrorPageContent } from './error-page-content';
import { useT } from '../../../lib/i18n';

/** /503: the app loaded here was built for another environment than this server's. */
export function ServiceUnavailablePage() {
  const t = useT();
  return (
    <ErrorPageContent
      title={t('Service unavailable')}
      action={
        <Button variant="contained" onClick={() => window.location.assign('/')}>
          {t('Try again')}
        </Button>
      }
    >
      {t(
        'This version of the application does not match the server it is talking to, usually while a new version is being deployed. Please try again in a few minutes.',
      )}
    </ErrorPageContent>
  );
}
