import { ErrorPageContent } from './error-page-content';

/** /404 and any path the app does not know. */
export function NotFoundPage() {
  return (
    <ErrorPageContent title="Page not found">
      The page you asked for does not exist or has moved.
    </ErrorPageContent>
  );
}
