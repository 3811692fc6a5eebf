import { MESSAGES } from '@b2b/contract';
import Button from '@mui/material/Button';
import { ErrorPageContent } from './error-page-content';
import { useT } from '../../../lib/i18n';

/** /500, and what the error boundary shows in place of a page that crashed. */
export function ServerErrorPage() {
  const t = useT();
  return (
    <ErrorPageContent
      title={t('Something went wrong')}
      action={
        <Button variant="contained" onClick={() => window.location.reload()}>
          {t('Reload the page')}
        </Button>
      }
    >
      {t(MESSAGES.genericProblem)}
    </ErrorPageContent>
  );
}
