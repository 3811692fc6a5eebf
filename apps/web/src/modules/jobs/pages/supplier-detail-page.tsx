import type { JobDetails } from '@b2b/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useParams } from 'react-router';
import { errorMessageOf } from '../../../lib/api-error';
import { JobFrame } from '../components/job-frame';
import { useJobSupplier } from '../api/get-job-supplier';
import {
  Identity,
  PaymentBehaviour,
  Scores,
  SpendAndDocuments,
} from '../components/supplier-facts';
import { Match } from '../components/supplier-match';

function SupplierDetail({ job, supplierKey }: { job: JobDetails; supplierKey: string }) {
  const supplier = useJobSupplier(job.id, supplierKey);
  if (supplier.isPending) return <LinearProgress aria-label="Loading the supplier" />;
  if (supplier.isError) return <Alert severity="error">{errorMessageOf(supplier.error)}</Alert>;
  const s = supplier.data;
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'baseline' }}>
        <Typography variant="h6" component="h2">
          {s.supplierName}
        </Typography>
        <Link component={RouterLink} to={`/jobs/${job.id}/suppliers`}>
          All suppliers
        </Link>
      </Stack>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', md: 'repeat(3, minmax(0, 1fr))' },
        }}
      >
        <Identity s={s} />
        <SpendAndDocuments s={s} currency={job.currency} />
        <PaymentBehaviour s={s} currency={job.currency} />
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '3fr 2fr' } }}>
        <Match job={job} s={s} />
        <Scores s={s} />
      </Box>
    </Stack>
  );
}

/** /jobs/:jobId/suppliers/:supplierKey — one supplier: identity, spend, match and scores. */
export function SupplierDetailPage() {
  const { supplierKey = '' } = useParams();
  return <JobFrame>{(job) => <SupplierDetail job={job} supplierKey={supplierKey} />}</JobFrame>;
}
