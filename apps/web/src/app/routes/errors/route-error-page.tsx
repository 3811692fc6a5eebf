import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { usePageTitle } from '../../../lib/use-page-title';
import { ErrorLayout } from './error-layout';
import { ServerErrorPage } from './server-error-page';

/**
 * The error boundary of every route: a crash (or a page chunk that failed to load) shows the
 * /500 page in place, keeping the address so that Reload retries the same page.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  usePageTitle();
  useEffect(() => {
    // Keep the detail for whoever opens the console; the page shows only the generic text.
    console.error(error);
  }, [error]);
  return (
    <ErrorLayout>
      <ServerErrorPage />
    </ErrorLayout>
  );
}
