import { ErrorPageContent } from './error-page-content';

/** /401: where a signed-in user lands on a page their permissions do not open. */
export function NotAuthorisedPage() {
  return (
    <ErrorPageContent title="Not authorised">
      You do not have permission to open that page. If you need it for your work, ask an
      administrator for the role that grants it.
    </ErrorPageContent>
  );
}
