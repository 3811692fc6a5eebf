import { JobFrame } from '../components/job-frame';
import { Insights } from '../components/job-insights';

/** /jobs/:jobId/insights — every chart of the job for the chosen slicer value and product. */
export function InsightsPage() {
  return <JobFrame>{(job) => <Insights job={job} />}</JobFrame>;
}
