import type { InsightSliceQuery, JobDetails } from '@b2b/contract';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { SliceFields } from '../../../components/charts/slice-fields';
import { useInsightSlicers } from '../../jobs/api/get-job-insight-slicers';
import { DownloadPdfButton } from '../components/download-pdf-button';
import { InsightsReportBody } from '../components/insights-report-body';
import { OVERALL, sliceFromParams, sliceToParams } from '../components/report-slice';

/**
 * /jobs/:jobId/report/insights (Insights Report): the report for the chosen slice, readable on
 * screen, and "Download PDF" to print the same body from the printable route.
 */
export function InsightsReportPage({ job }: { job: JobDetails }) {
  const [slice, setSlice] = useState<InsightSliceQuery>(OVERALL);
  const slicers = useInsightSlicers(job.id);
  return (
    <Stack spacing={2}>
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { md: 'flex-start' } }}
      >
        <SliceFields slicers={slicers.data} slice={slice} onChange={setSlice} />
        <DownloadPdfButton
          jobId={job.id}
          analysisReportType="insights"
          params={sliceToParams(slice)}
        />
      </Stack>
      <InsightsReportBody job={job} slice={slice} />
    </Stack>
  );
}

/** /jobs/:jobId/printable/insights/[slicer/value/product]: the body alone, for the PDF. */
export function PrintableInsightsReport({ job, params }: { job: JobDetails; params: string }) {
  return <InsightsReportBody job={job} slice={sliceFromParams(params)} />;
}
