import { type Enrichment, ukSicDescription } from '@b2b/contract';
import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { AsyncButton } from '../../../components/forms';
import { Section } from '../../../components/layout/section';
import { errorMessageOf } from '../../../lib/api-error';
import { jobsQueryKeys } from '../../jobs/api/jobs-query-keys';
import { useCompletedJobs } from '../../jobs/api/list-jobs';
import { useEnrichment } from '../api/get-enrichment';
import { useStartEnrichment } from '../api/start-enrichment';
import { tKey, translateServerMessage, useT } from '../../../lib/i18n';

const OUTCOME_TEXT = {
  matched: tKey('Matched'),
  ambiguous: tKey('Ambiguous'),
  'not-found': tKey('Not found'),
};

function EnrichmentState({ enrichment }: { enrichment: Enrichment }) {
  const t = useT();
  const e = enrichment;
  const busy = e.state === 'Queued' || e.state === 'Running';
  return (
    <Stack spacing={2}>
      {e.state === 'NotStarted' && (
        <Typography role="status">
          {t('This job’s suppliers have not been enriched yet.')}
        </Typography>
      )}
      {busy && (
        <Stack spacing={1}>
          <Typography role="status">
            {e.state === 'Queued'
              ? t('Queued…')
              : t('{{processed}} of {{total}} UK suppliers checked…', {
                  processed: e.processed,
                  total: e.ukSuppliers,
                })}
            {e.message ? ` ${translateServerMessage(e.message)}` : ''}
          </Typography>
          <LinearProgress
            aria-label={t('Enrichment in progress')}
            variant={e.ukSuppliers > 0 ? 'determinate' : 'indeterminate'}
            value={e.ukSuppliers > 0 ? (100 * e.processed) / e.ukSuppliers : undefined}
          />
        </Stack>
      )}
      {e.state === 'Completed' && (
        <Alert severity="success" role="status">
          {e.message && translateServerMessage(e.message)}
        </Alert>
      )}
      {e.state === 'Error' && (
        <Alert severity="error">
          {t('The enrichment failed: {{message}}', {
            message: e.message && translateServerMessage(e.message),
          })}
        </Alert>
      )}
      {e.suppliers.length > 0 && (
        <Table size="small" aria-label={t('Enriched suppliers')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('Supplier')}</TableCell>
              <TableCell>{t('Postcode')}</TableCell>
              <TableCell>{t('Outcome')}</TableCell>
              <TableCell>{t('Company')}</TableCell>
              <TableCell>{t('Status')}</TableCell>
              <TableCell>{t('SIC codes')}</TableCell>
              <TableCell>{t('Why')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {e.suppliers.map((s) => (
              <TableRow key={s.supplierKey}>
                <TableCell>{s.supplierName}</TableCell>
                <TableCell>{s.postcode}</TableCell>
                <TableCell>{t(OUTCOME_TEXT[s.outcome])}</TableCell>
                <TableCell>
                  {s.companyNumber ? `${s.companyName ?? ''} (${s.companyNumber})` : ''}
                </TableCell>
                <TableCell>{s.companyStatus}</TableCell>
                <TableCell>{s.sicCodes.map(ukSicDescription).join('; ')}</TableCell>
                <TableCell>{translateServerMessage(s.reason)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Stack>
  );
}

/**
 * The bulk enrichment: a Completed job's UK suppliers matched to companies by a background
 * command, its progress and outcome; when it completes the job's insights are read again (the
 * industry charts then use the SIC codes found).
 */
export function SupplierEnrichment({ configured }: { configured: boolean }) {
  const t = useT();
  const jobs = useCompletedJobs();
  const [jobId, setJobId] = useState('');
  const enrichment = useEnrichment(jobId || null);
  const start = useStartEnrichment();
  const queryClient = useQueryClient();
  const state = enrichment.data?.state;
  useEffect(() => {
    if (jobId && state === 'Completed') {
      void queryClient.invalidateQueries({ queryKey: jobsQueryKeys.insights(jobId) });
    }
  }, [jobId, state, queryClient]);
  return (
    <Section title={t('Enrich a job’s suppliers')}>
      <Stack spacing={2}>
        <Typography variant="body2">
          {t(
            'Matches the job’s UK suppliers to companies by name, taking only confident matches (the same name once normalised, or the same postcode), and stores their company number, status and SIC codes. The job’s industry charts then use the SIC codes for suppliers without an industry or MCC of their own.',
          )}
        </Typography>
        {jobs.isError && <Alert severity="error">{errorMessageOf(jobs.error)}</Alert>}
        <Stack direction="row" spacing={2}>
          <TextField
            select
            size="small"
            label={t('Job')}
            value={jobId}
            onChange={(e) => {
              setJobId(e.target.value);
              start.reset();
            }}
            fullWidth
          >
            {(jobs.data ?? []).map((j) => (
              <MenuItem key={j.id} value={j.id}>
                {t('{{job}} ({{buyer}}, {{count}} suppliers)', {
                  job: j.name,
                  buyer: j.buyerName,
                  count: j.supplierCount ?? 0,
                })}
              </MenuItem>
            ))}
          </TextField>
          <AsyncButton
            variant="contained"
            sx={{ flexShrink: 0 }}
            disabled={!jobId || !configured || state === 'Queued' || state === 'Running'}
            onClick={() => start.mutateAsync(jobId)}
            onError={() => undefined}
          >
            {t('Enrich suppliers')}
          </AsyncButton>
        </Stack>
        {start.isError && <Alert severity="error">{errorMessageOf(start.error)}</Alert>}
        {enrichment.isError && <Alert severity="error">{errorMessageOf(enrichment.error)}</Alert>}
        {enrichment.data && <EnrichmentState enrichment={enrichment.data} />}
      </Stack>
    </Section>
  );
}
