import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { GridOverlay } from '@mui/x-data-grid';
import { createContext, useContext } from 'react';

/** The failed request's message and a retry, handed to the overlay the grid renders itself. */
export const GridErrorContext = createContext<{ message: string; onRetry: () => void } | null>(
  null,
);

/** Shown in place of rows when the page could not be loaded. */
export function GridErrorOverlay() {
  const error = useContext(GridErrorContext);
  if (!error) return null;
  return (
    <GridOverlay>
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={error.onRetry}>
            Retry
          </Button>
        }
      >
        {error.message}
      </Alert>
    </GridOverlay>
  );
}
