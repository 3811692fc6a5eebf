import { JobFrame } from '../components/job-frame';
import { SummaryTab } from '../components/summary-tab';

/** /jobs/:jobId/summary — tiles, spend by card product, match outcome and card acceptance. */
export function SummaryPage() {
  return <JobFrame>{(job) => <SummaryTab job={job} />}</JobFrame>;
}
