import { ErrorPageContent } from './error-page-content';
import { useT } from '../../../lib/i18n';

/** /401: where a signed-in user lands on a page their permissions do not open. */
export function NotAuthorisedPage() {
  const t = useT();
  return (
    <ErrorPageContent title={t('Not authorised')}>
      {t(
        'You do not have permission to open that page. If you need it for your work, ask an administrator for the role that grants it.',
      )}
    </ErrorPageContent>
  );
}
