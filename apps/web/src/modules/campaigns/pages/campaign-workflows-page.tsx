import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { campaignsQueryKeys } from '../api/campaigns-query-keys';
import { listAllCampaigns } from '../api/list-all-campaigns';
import { CampaignsGrid } from '../components/campaigns-grid';
import { useT } from '../../../lib/i18n';

/**
 * /campaign-workflows — the campaigns of every job the user may see (the server filters by the
 * jobs policy), each with a link to its job's campaigns.
 */
export function CampaignWorkflowsPage() {
  const t = useT();
  return (
    <Stack spacing={2}>
      <Typography variant="body2">
        {t(
          'The campaigns of every job you may see. Open a campaign for its tracker, or its job for the job’s other campaigns.',
        )}
      </Typography>
      <CampaignsGrid
        label={t('Campaign workflows')}
        queryKey={campaignsQueryKeys.global}
        fetchPage={(request, signal) => listAllCampaigns(request, signal)}
        showJob
      />
    </Stack>
  );
}
