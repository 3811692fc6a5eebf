import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { GridOverlay } from '@mui/x-data-grid';
import { useT } from '../../lib/i18n';

/**
 * The failed request's message and a retry, shown above the grid. Not inside it: a grid may
 * own only rows (WAI-ARIA), so an alert or a button in its overlay is one screen readers cannot
 * reach by its cells (axe aria-required-children).
 */
export function GridError({ message, onRetry }: { message: string; onRetry: () => void }) {
  const t = useT();
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          {t('Retry')}
        </Button>
      }
    >
      {message}
    </Alert>
  );
}

/** In place of rows when the page could not be loaded: plain text, the message is above. */
export function GridNotLoadedOverlay() {
  const t = useT();
  return <GridOverlay>{t('The rows could not be loaded.')}</GridOverlay>;
}
