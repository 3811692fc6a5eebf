import { ErrorPageContent } from './error-page-content';
import { useT } from '../../../lib/i18n';

/** /404 and any path the app does not know. */
export function NotFoundPage() {
  const t = useT();
  return (
    <ErrorPageContent title={t('Page not found')}>
      {t('The page you asked for does not exist or has moved.')}
    </ErrorPageContent>
  );
}
