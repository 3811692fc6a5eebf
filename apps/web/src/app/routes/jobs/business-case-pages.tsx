import { JobFrame } from '../../../modules/jobs/components/job-frame';
import { BusinessCaseCalculatorPage } from '../../../modules/business-case/pages/business-case-calculator-page';
import { BusinessCaseDownloadPage } from '../../../modules/business-case/pages/business-case-download-page';

/*
 * The business case pages inside the jobs module's job frame (tabs, status). A module reaches
 * another only through its api/, so the composition lives here (route-pages.ts).
 */

export function BusinessCaseCalculatorRoute() {
  return <JobFrame>{(job) => <BusinessCaseCalculatorPage job={job} />}</JobFrame>;
}

export function BusinessCaseDownloadRoute() {
  return <JobFrame>{(job) => <BusinessCaseDownloadPage job={job} />}</JobFrame>;
}
