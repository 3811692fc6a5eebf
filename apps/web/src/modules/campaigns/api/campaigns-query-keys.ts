/**
 * Query keys of the campaigns module. Everything of one campaign sits under its key, so an
 * action on it (start, complete, contacts, outcomes) re-reads its detail, grids and timelines.
 */
export const campaignsQueryKeys = {
  all: ['campaigns'] as const,
  global: ['campaigns', 'global'] as const,
  ofJob: (jobId: string) => ['campaigns', 'job', jobId] as const,
  templates: (jobId: string, route: string, language: string) =>
    ['campaigns', 'job', jobId, 'templates', route, language] as const,
  campaign: (campaignId: string) => ['campaigns', 'campaign', campaignId] as const,
  suppliers: (campaignId: string) => ['campaigns', 'campaign', campaignId, 'suppliers'] as const,
  exclusions: (campaignId: string) => ['campaigns', 'campaign', campaignId, 'exclusions'] as const,
  supplier: (campaignId: string, supplierKey: string) =>
    ['campaigns', 'campaign', campaignId, 'supplier', supplierKey] as const,
};
