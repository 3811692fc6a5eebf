import Box from '@mui/material/Box';
import { useState } from 'react';
import { useAnalysis } from '../api/get-analysis';
import { ActiveUsersTile } from '../components/active-users-tile';
import { AnalysisTile, CardAcceptanceTile } from '../components/analysis-tiles';
import { CampaignsTile } from '../components/campaigns-tile';
import { JobActivityTile } from '../components/job-activity-tile';
import { JobsNowTile } from '../components/jobs-now-tile';
import { ProqTile } from '../components/proq-tile';

/**
 * /dashboard (SPEC §2, Dashboard_VIEW): what an internal lead looks at first, as tiles that
 * each load on their own and link to their screen. Job figures count the jobs the user may see;
 * money is in one currency at a time, chosen here for both analysis tiles.
 */
export function DashboardPage() {
  const [currency, setCurrency] = useState<string | undefined>(undefined);
  const analysis = useAnalysis(currency);
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', lg: 'repeat(2, minmax(0, 1fr))' },
        alignItems: 'start',
      }}
    >
      <JobActivityTile />
      <JobsNowTile />
      <AnalysisTile query={analysis} onCurrency={setCurrency} />
      <CardAcceptanceTile query={analysis} />
      <CampaignsTile />
      <ProqTile />
      <ActiveUsersTile />
    </Box>
  );
}
