import { MESSAGES } from '@b2b/contract';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { ErrorLayout } from './error-layout';

/** What a route shows when it throws (including a page chunk that failed to load). */
export function RouteErrorPage() {
  const error = useRouteError();
  useEffect(() => {
    // Keep the detail for whoever opens the console; the page shows only the generic text.
    console.error(error);
  }, [error]);
  return (
    <ErrorLayout>
      <Typography variant="h3" component="h1">
        Something went wrong
      </Typography>
      <Typography>{MESSAGES.genericProblem}</Typography>
      <Button variant="contained" onClick={() => window.location.reload()}>
        Reload the page
      </Button>
    </ErrorLayout>
  );
}
