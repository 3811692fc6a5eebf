import { JobFrame } from '../../../modules/jobs/components/job-frame';
import { DataDownloadPage } from '../../../modules/downloads/pages/data-download-page';

/*
 * The data download pages inside the jobs module's job frame (tabs, status). A module reaches
 * another only through its api/, so the composition lives here (route-pages.ts).
 */

export function AnalysisDataDownloadRoute() {
  return <JobFrame>{(job) => <DataDownloadPage job={job} tab="analysis" />}</JobFrame>;
}

export function MatchedDataOnlyDownloadRoute() {
  return <JobFrame>{(job) => <DataDownloadPage job={job} tab="matchedDataOnly" />}</JobFrame>;
}
