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
import { translateServerMessage, useT } from '../../../lib/i18n';

const count = (n: number) => n.toLocaleString('en-GB');

/** An import followed from queued to its outcome: state, progress, the version it made. */
export function ReferenceImportStatus({ commandId }: { commandId: string }) {
  const t = useT();
  const { data: status, error } = useReferenceImport(commandId);
  if (error) return <Alert severity="error">{errorMessageOf(error)}</Alert>;
  if (!status) return <LinearProgress aria-label={t('Import starting')} />;
  const finished = isImportFinished(status);
  const reason = status.message ? `: ${translateServerMessage(status.message)}` : '.';
  return (
    <Stack spacing={2} role="status" aria-label={t('Import status')}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography variant="body2">
          {t('Import command {{commandId}}', { commandId: status.commandId })}
        </Typography>
        <CommandStateChip state={status.state} />
      </Stack>
      {!finished && (
        <Box>
          <Typography variant="body2">
            {status.message ? translateServerMessage(status.message) : t('Waiting for a worker…')}
          </Typography>
          <LinearProgress
            aria-label={t('Import progress')}
            variant={status.progress === null ? 'indeterminate' : 'determinate'}
            value={status.progress ?? 0}
          />
        </Box>
      )}
      {status.state === 'Completed' && (
        <Alert severity="success">
          {t(
            'Imported version {{versionId}}: {{merchants}} merchants, {{rejected}} rows rejected. New jobs now match against it.',
            {
              versionId: status.versionId,
              merchants: count((status.rowCount ?? 0) - (status.rejectedCount ?? 0)),
              rejected: count(status.rejectedCount ?? 0),
            },
          )}
        </Alert>
      )}
      {finished && status.state !== 'Completed' && (
        <Alert severity="error">
          {status.state === 'Canceled'
            ? t('The import was canceled{{reason}}', { reason })
            : t('The import failed{{reason}}', { reason })}
        </Alert>
      )}
      {status.rejected.length > 0 && (
        <Box component="section" aria-label={t('Rejected rows')}>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <Typography variant="subtitle2" component="h3">
              {status.rejected.length < (status.rejectedCount ?? 0)
                ? t('Rejected rows (the first)')
                : t('Rejected rows')}
            </Typography>
            {status.versionId && (
              <Button
                component="a"
                href={rejectedRowsCsvUrl(status.versionId)}
                download
                startIcon={<Download />}
                size="small"
              >
                {t('Download all rejected rows (CSV)')}
              </Button>
            )}
          </Stack>
          <Box component="ul" sx={{ m: 0, pl: 3 }}>
            {status.rejected.map((r) => (
              <li key={r.rowNumber}>
                {t('Row {{row}}: {{reason}}', { row: r.rowNumber, reason: r.reason })}
              </li>
            ))}
          </Box>
        </Box>
      )}
    </Stack>
  );
}
