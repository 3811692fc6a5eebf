import {
  BandChartSchema,
  ChartKindSchema,
  type InsightSliceQuery,
  type JobDetails,
} from '@b2b/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useT } from '../../../lib/i18n';
import { InsightChartCard } from './insight-chart-card';
import { NotReady } from './not-ready';
import { SliceSelector } from './slice-selector';
import { useInsightSlicers } from '../api/get-job-insight-slicers';

/** 'By Job' belongs to global insights: within one job it is a single bar. */
const JOB_CHARTS = [
  ...BandChartSchema.options,
  ...ChartKindSchema.options.filter((c) => c !== 'Jobs'),
];

/** Every chart of a job; also the results link's insights tab (SPEC §3 MagicLinkUser). */
export function Insights({ job }: { job: JobDetails }) {
  const t = useT();
  const [slice, setSlice] = useState<InsightSliceQuery>({
    slicer: 'Overall',
    slicerValue: 'All',
    product: 'All',
  });
  const slicers = useInsightSlicers(job.id);
  if (slicers.isError) return <NotReady error={slicers.error} />;
  const fileName = job.name.replace(/[^\w-]+/g, '_');
  return (
    <Stack spacing={2}>
      <SliceSelector jobId={job.id} slice={slice} onChange={setSlice} />
      {slicers.isSuccess && (
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', lg: 'repeat(2, minmax(0, 1fr))' },
          }}
        >
          {JOB_CHARTS.map((chart) => (
            <InsightChartCard
              key={chart}
              jobId={job.id}
              chart={chart}
              slice={slice}
              currency={job.currency}
              fileName={fileName}
            />
          ))}
        </Box>
      )}
      {slicers.isPending && <Alert severity="info">{t("Loading the job's insights…")}</Alert>}
    </Stack>
  );
}
