import Download from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { errorMessageOf } from '../../../lib/api-error';
import { isImportFinished, useReferenceImport } from '../api/get-reference-import';
import { rejectedRowsCsvUrl } from '../api/download-reference-rejects';
import { CommandStateChip } from './command-state-chip';

const count = (n: number) => n.toLocaleString('en-GB');

/** An import followed from queued to its outcome: state, progress, the version it made. */
export function ReferenceImportStatus({ commandId }: { commandId: string }) {
  const { data: status, error } = useReferenceImport(commandId);
  if (error) return <Alert severity="error">{errorMessageOf(error)}</Alert>;
  if (!status) return <LinearProgress aria-label="Import starting" />;
  const finished = isImportFinished(status);
  return (
    <Stack spacing={2} role="status" aria-label="Import status">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography variant="body2">Import command {status.commandId}</Typography>
        <CommandStateChip state={status.state} />
      </Stack>
      {!finished && (
        <Box>
          <Typography variant="body2">{status.message ?? 'Waiting for a worker…'}</Typography>
          <LinearProgress
            aria-label="Import progress"
            variant={status.progress === null ? 'indeterminate' : 'determinate'}
            value={status.progress ?? 0}
          />
        </Box>
      )}
      {status.state === 'Completed' && (
        <Alert severity="success">
          Imported version {status.versionId}:{' '}
          {count((status.rowCount ?? 0) - (status.rejectedCount ?? 0))} merchants,{' '}
          {count(status.rejectedCount ?? 0)} rows rejected. New jobs now match against it.
        </Alert>
      )}
      {finished && status.state !== 'Completed' && (
        <Alert severity="error">
          The import {status.state === 'Canceled' ? 'was canceled' : 'failed'}
          {status.message ? `: ${status.message}` : '.'}
        </Alert>
      )}
      {status.rejected.length > 0 && (
        <Box component="section" aria-label="Rejected rows">
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <Typography variant="subtitle2" component="h3">
              Rejected rows
              {status.rejected.length < (status.rejectedCount ?? 0) ? ' (the first)' : ''}
            </Typography>
            {status.versionId && (
              <Button
                component="a"
                href={rejectedRowsCsvUrl(status.versionId)}
                download
                startIcon={<Download />}
                size="small"
              >
                Download all rejected rows (CSV)
              </Button>
            )}
          </Stack>
          <Box component="ul" sx={{ m: 0, pl: 3 }}>
            {status.rejected.map((r) => (
              <li key={r.rowNumber}>
                Row {r.rowNumber}: {r.reason}
              </li>
            ))}
          </Box>
        </Box>
      )}
    </Stack>
  );
}
