import Alert from '@mui/material/Alert';
import { errorMessageOf, isApiError } from '../../../lib/api-error';

/**
 * Why a job has no insights to show. The server answers 409 with the reason (a Matched Data
 * Only job, or one whose pipeline has not finished); anything else is an error.
 */
export function NotReady({ error }: { error: unknown }) {
  return (
    <Alert severity={isApiError(error, 409) ? 'info' : 'error'}>{errorMessageOf(error)}</Alert>
  );
}
