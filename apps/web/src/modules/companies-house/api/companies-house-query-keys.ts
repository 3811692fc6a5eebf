/** Query keys of the Companies House tool. */
export const companiesHouseQueryKeys = {
  settings: ['companies-house', 'settings'] as const,
  search: (q: string, page: number) => ['companies-house', 'search', q, page] as const,
  company: (companyNumber: string) => ['companies-house', 'company', companyNumber] as const,
  enrichment: (jobId: string) => ['companies-house', 'enrichment', jobId] as const,
};
