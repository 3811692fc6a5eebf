import { JobFrame } from '../../../modules/jobs/components/job-frame';
import { CampaignPage } from '../../../modules/campaigns/pages/campaign-page';
import { CampaignSupplierPage } from '../../../modules/campaigns/pages/campaign-supplier-page';
import { CreateCampaignPage } from '../../../modules/campaigns/pages/create-campaign-page';
import { JobCampaignsPage } from '../../../modules/campaigns/pages/job-campaigns-page';

/*
 * The campaign pages of a job, composed with the jobs module's job frame (tabs, status). A
 * module reaches another only through its api/, so the composition lives here (route-pages.ts).
 */

export function JobCampaignsRoute() {
  return <JobFrame>{(job) => <JobCampaignsPage job={job} />}</JobFrame>;
}

export function CampaignRoute() {
  return <JobFrame>{(job) => <CampaignPage job={job} />}</JobFrame>;
}

export function CampaignSupplierRoute() {
  return <JobFrame>{(job) => <CampaignSupplierPage job={job} />}</JobFrame>;
}

export function CreateCampaignRoute() {
  return <JobFrame>{(job) => <CreateCampaignPage job={job} />}</JobFrame>;
}
