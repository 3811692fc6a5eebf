import type { JobDetails, SupplierResultDetail } from '@b2b/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useParams } from 'react-router';
import { errorMessageOf } from '../../../lib/api-error';
import { useT } from '../../../lib/i18n';
import { JobFrame } from '../components/job-frame';
import { useJobSupplier } from '../api/get-job-supplier';
import {
  Identity,
  PaymentBehaviour,
  Scores,
  SpendAndDocuments,
} from '../components/supplier-facts';
import { Match } from '../components/supplier-match';
import { MatchWeightWaterfall } from '../components/match-weight-waterfall';
import { Section } from '../../../components/layout/section';
import { FactList } from '../../../components/layout/fact-list';

/**
 * What the match model made of the best candidate, and the merchant entity (one business, several
 * reference records) it belongs to. Nothing when the rules alone decided: their evidence is in
 * the Match section.
 */
function MatchModel({ s }: { s: SupplierResultDetail }) {
  const t = useT();
  const model = s.evidence?.model;
  const entity = s.evidence?.entity;
  if (!model && !entity) return null;
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', lg: '3fr 2fr' },
        alignItems: 'start',
      }}
    >
      {model && (
        <Section headingLevel={3} title={t('Match weight')}>
          <MatchWeightWaterfall model={model} />
        </Section>
      )}
      {entity && (
        <Section headingLevel={3} title={t('Merchant entity')}>
          <FactList
            facts={[
              [t('Entity'), entity.entityId],
              [t('Reference records'), String(entity.recordCount)],
            ]}
          />
          <Typography variant="subtitle2" component="h4" sx={{ mt: 2 }}>
            {t('Known as')}
          </Typography>
          <Box component="ul" aria-label={t('Entity descriptors')} sx={{ mt: 0.5, mb: 0, pl: 3 }}>
            {entity.descriptors.map((d) => (
              <li key={d}>{d}</li>
            ))}
          </Box>
        </Section>
      )}
    </Box>
  );
}

function SupplierDetail({ job, supplierKey }: { job: JobDetails; supplierKey: string }) {
  const t = useT();
  const supplier = useJobSupplier(job.id, supplierKey);
  if (supplier.isPending) return <LinearProgress aria-label={t('Loading the supplier')} />;
  if (supplier.isError) return <Alert severity="error">{errorMessageOf(supplier.error)}</Alert>;
  const s = supplier.data;
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'baseline' }}>
        <Typography variant="h6" component="h2">
          {s.supplierName}
        </Typography>
        <Link component={RouterLink} to={`/jobs/${job.id}/suppliers`}>
          {t('All suppliers')}
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
      <MatchModel s={s} />
    </Stack>
  );
}

/** /jobs/:jobId/suppliers/:supplierKey — one supplier: identity, spend, match and scores. */
export function SupplierDetailPage() {
  const { supplierKey = '' } = useParams();
  return <JobFrame>{(job) => <SupplierDetail job={job} supplierKey={supplierKey} />}</JobFrame>;
}
