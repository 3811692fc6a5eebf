import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';

/**
 * /jobs/:jobId/no-access: the job does not exist or is not shared with the user. The server
 * answers both with 404, so this page cannot (and does not) tell them apart.
 */
export function JobNoAccessPage() {
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
