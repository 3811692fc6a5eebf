import type { JobDetails } from '@b2b/contract';
import Add from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useCan } from '../../../lib/permissions';
import { campaignsQueryKeys } from '../api/campaigns-query-keys';
import { listJobCampaigns } from '../api/list-job-campaigns';
import { CampaignsGrid } from '../components/campaigns-grid';
import { useT } from '../../../lib/i18n';

/** The create route with no use case chosen yet (see the create page for the segment's use). */
export const newCampaignPath = (jobId: string) => `/jobs/${jobId}/campaign-workflows/new/create`;

/**
 * /jobs/:jobId/campaign-workflows — the job's campaigns with the SPEC §3 status and counters,
 * filtered by route ('All Routes' aggregates them); "New campaign" for CampaignCreate.
 */
export function JobCampaignsPage({ job }: { job: JobDetails }) {
  const t = useT();
  const mayCreate = useCan('CampaignCreate');
  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
        <Typography variant="h5" component="h2">
          {t('Campaigns')}
        </Typography>
        {mayCreate && (
          <Button
            variant="contained"
            startIcon={<Add />}
            component={RouterLink}
            to={newCampaignPath(job.id)}
          >
            {t('New campaign')}
          </Button>
        )}
      </Stack>
      <CampaignsGrid
        label={t('Campaigns')}
        queryKey={campaignsQueryKeys.ofJob(job.id)}
        fetchPage={(request, signal) => listJobCampaigns(job.id, request, signal)}
      />
    </Stack>
  );
}
