import { MESSAGES } from '@b2b/contract';
import Button from '@mui/material/Button';
import { ErrorPageContent } from './error-page-content';

/** /500, and what the error boundary shows in place of a page that crashed. */
export function ServerErrorPage() {
  return (
    <ErrorPageContent
      title="Something went wrong"
      action={
        <Button variant="contained" onClick={() => window.location.reload()}>
          Reload the page
        </Button>
      }
    >
      {MESSAGES.genericProblem}
    </ErrorPageContent>
  );
}
