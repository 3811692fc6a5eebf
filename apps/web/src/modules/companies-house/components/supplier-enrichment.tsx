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

const OUTCOME_TEXT = { matched: 'Matched', ambiguous: 'Ambiguous', 'not-found': 'Not found' };

function EnrichmentState({ enrichment }: { enrichment: Enrichment }) {
  const e = enrichment;
  const busy = e.state === 'Queued' || e.state === 'Running';
  return (
    <Stack spacing={2}>
      {e.state === 'NotStarted' && (
        <Typography role="status">This job’s suppliers have not been enriched yet.</Typography>
      )}
      {busy && (
        <Stack spacing={1}>
          <Typography role="status">
            {e.state === 'Queued'
              ? 'Queued…'
              : `${e.processed} of ${e.ukSuppliers} UK suppliers checked…`}
            {e.message ? ` ${e.message}` : ''}
          </Typography>
          <LinearProgress
            aria-label="Enrichment in progress"
            variant={e.ukSuppliers > 0 ? 'determinate' : 'indeterminate'}
            value={e.ukSuppliers > 0 ? (100 * e.processed) / e.ukSuppliers : undefined}
          />
        </Stack>
      )}
      {e.state === 'Completed' && (
        <Alert severity="success" role="status">
          {e.message}
        </Alert>
      )}
      {e.state === 'Error' && <Alert severity="error">The enrichment failed: {e.message}</Alert>}
      {e.suppliers.length > 0 && (
        <Table size="small" aria-label="Enriched suppliers">
          <TableHead>
            <TableRow>
              <TableCell>Supplier</TableCell>
              <TableCell>Postcode</TableCell>
              <TableCell>Outcome</TableCell>
              <TableCell>Company</TableCell>
              <TableCell>Status</TableCell>
              <TableCell>SIC codes</TableCell>
              <TableCell>Why</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {e.suppliers.map((s) => (
              <TableRow key={s.supplierKey}>
                <TableCell>{s.supplierName}</TableCell>
                <TableCell>{s.postcode}</TableCell>
                <TableCell>{OUTCOME_TEXT[s.outcome]}</TableCell>
                <TableCell>
                  {s.companyNumber ? `${s.companyName ?? ''} (${s.companyNumber})` : ''}
                </TableCell>
                <TableCell>{s.companyStatus}</TableCell>
                <TableCell>{s.sicCodes.map(ukSicDescription).join('; ')}</TableCell>
                <TableCell>{s.reason}</TableCell>
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
    <Section title="Enrich a job’s suppliers">
      <Stack spacing={2}>
        <Typography variant="body2">
          Matches the job’s UK suppliers to companies by name, taking only confident matches (the
          same name once normalised, or the same postcode), and stores their company number, status
          and SIC codes. The job’s industry charts then use the SIC codes for suppliers without an
          industry or MCC of their own.
        </Typography>
        {jobs.isError && <Alert severity="error">{errorMessageOf(jobs.error)}</Alert>}
        <Stack direction="row" spacing={2}>
          <TextField
            select
            size="small"
            label="Job"
            value={jobId}
            onChange={(e) => {
              setJobId(e.target.value);
              start.reset();
            }}
            fullWidth
          >
            {(jobs.data ?? []).map((j) => (
              <MenuItem key={j.id} value={j.id}>
                {j.name} ({j.buyerName}, {j.supplierCount ?? 0} suppliers)
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
            Enrich suppliers
          </AsyncButton>
        </Stack>
        {start.isError && <Alert severity="error">{errorMessageOf(start.error)}</Alert>}
        {enrichment.isError && <Alert severity="error">{errorMessageOf(enrichment.error)}</Alert>}
        {enrichment.data && <EnrichmentState enrichment={enrichment.data} />}
      </Stack>
    </Section>
  );
}
