import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';

/**
 * What a user sees for a job that does not exist or is not shared with them. The server answers
 * both with 404, so the message cannot (and does not) tell them apart.
 */
export function JobNoAccess() {
  return (
    <Alert
      severity="warning"
      action={
        <Button color="inherit" size="small" component={RouterLink} to="/analysis">
          Back to the job list
        </Button>
      }
    >
      <AlertTitle component="h2">No access to this job</AlertTitle>
      This job does not exist, or it has not been shared with you. Ask the job’s owner or your
      issuer manager to give you access.
    </Alert>
  );
}
