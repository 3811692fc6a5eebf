import type { AddressFileRun } from '@b2b/contract';
import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { addressFileRunResultUrl } from '../api/address-file-run-result-url';
import { useAddressFileRun } from '../api/get-address-file-run';
import { useT } from '../../../lib/i18n';

const count = (n: number) => n.toLocaleString('en-GB');

/**
 * A file over 10,000 addresses, worked through in the background (SPEC §2 Tools): its state
 * and progress while it runs, the file's problem if it fails, and its result CSV when Ready.
 */
export function AddressFileRunStatus({ run: queued }: { run: AddressFileRun }) {
  const t = useT();
  const { data: run = queued } = useAddressFileRun(queued);
  const parse = run.operation === 'parse';
  const file = { file: run.fileName, count: count(run.rowCount) };
  const checked =
    run.validCount !== null
      ? { valid: count(run.validCount), invalid: count(run.invalidCount ?? 0) }
      : null;
  return (
    <Stack spacing={1.5} role="status" aria-label={t('Address file in the background')}>
      {run.state === 'Queued' && (
        <Typography>
          {run.operation === 'parse'
            ? t(
                '{{file}} is too long to read at once: it is queued and will be parsed in the background.',
                { file: run.fileName },
              )
            : t(
                '{{file}} is too long to read at once: it is queued and will be checked in the background.',
                { file: run.fileName },
              )}
        </Typography>
      )}
      {run.state === 'Running' && (
        <Typography>
          {parse
            ? t('{{file}}: {{count}} addresses parsed ({{progress}}%).', {
                ...file,
                progress: run.progress,
              })
            : t('{{file}}: {{count}} addresses checked ({{progress}}%).', {
                ...file,
                progress: run.progress,
              })}
        </Typography>
      )}
      {(run.state === 'Queued' || run.state === 'Running') && (
        <LinearProgress
          variant={run.state === 'Running' ? 'determinate' : 'indeterminate'}
          value={run.progress}
          aria-label={t('{{file}}: {{state}}', { file: run.fileName, state: t(run.state) })}
        />
      )}
      {run.state === 'Error' && (
        <Alert severity="error">
          {parse
            ? t('{{file}} could not be parsed: {{message}}', {
                file: run.fileName,
                message: run.errorMessage,
              })
            : t('{{file}} could not be checked: {{message}}', {
                file: run.fileName,
                message: run.errorMessage,
              })}
        </Alert>
      )}
      {run.state === 'Ready' && (
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography>
            {parse
              ? checked
                ? t(
                    '{{count}} addresses parsed from {{file}}: {{valid}} valid, {{invalid}} invalid.',
                    {
                      ...file,
                      ...checked,
                    },
                  )
                : t('{{count}} addresses parsed from {{file}}.', file)
              : checked
                ? t(
                    '{{count}} addresses checked from {{file}}: {{valid}} valid, {{invalid}} invalid.',
                    { ...file, ...checked },
                  )
                : t('{{count}} addresses checked from {{file}}.', file)}
          </Typography>
          <Box>
            <Button
              variant="outlined"
              startIcon={<DownloadIcon />}
              href={addressFileRunResultUrl(run.id)}
              download={run.resultFileName ?? undefined}
            >
              {t('Download results (CSV)')}
            </Button>
          </Box>
        </Stack>
      )}
    </Stack>
  );
}
