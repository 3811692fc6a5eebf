import { defineEndpoint } from '../common/endpoint.js';
import {
  CompaniesHouseSettingsSchema,
  CompanyNumberParamsSchema,
  CompanySchema,
  CompanySearchQuerySchema,
  CompanySearchResultSchema,
  EnrichmentJobParamsSchema,
  EnrichmentSchema,
  StartEnrichmentRequestSchema,
} from './schemas.js';

const tags = ['Tools'];
// SPEC §2: the Tools area, /tools/companies-house included, needs Tools_Area_VIEW.
const access = { permissions: ['Tools_Area_VIEW'] } as const;

export const getCompaniesHouseSettings = defineEndpoint({
  method: 'GET',
  path: '/api/v1/tools/companies-house',
  summary: 'Whether an API key for Companies House is configured, and the API base URL',
  tags,
  responses: { 200: CompaniesHouseSettingsSchema },
  access,
});

export const searchCompanies = defineEndpoint({
  method: 'GET',
  path: '/api/v1/tools/companies-house/companies',
  summary:
    'UK companies by name (the Companies House search, 20 a page) or by company number (looked up directly)',
  tags,
  query: CompanySearchQuerySchema,
  responses: { 200: CompanySearchResultSchema },
  access,
});

export const getCompany = defineEndpoint({
  method: 'GET',
  path: '/api/v1/tools/companies-house/companies/:companyNumber',
  summary:
    'One company: name, number, status, type, incorporation date, registered office, SIC codes and officers’ counts',
  tags,
  params: CompanyNumberParamsSchema,
  responses: { 200: CompanySchema },
  access,
});

export const startEnrichment = defineEndpoint({
  method: 'POST',
  path: '/api/v1/tools/companies-house/enrichments',
  summary:
    'Queue the matching of a Completed job’s UK suppliers to companies (a ProQ command); their company numbers, status and SIC codes are stored with the job',
  tags,
  body: StartEnrichmentRequestSchema,
  responses: { 201: EnrichmentSchema },
  access,
});

export const getEnrichment = defineEndpoint({
  method: 'GET',
  path: '/api/v1/tools/companies-house/enrichments/:jobId',
  summary: 'The state, counts and supplier outcomes of a job’s Companies House enrichment',
  tags,
  params: EnrichmentJobParamsSchema,
  responses: { 200: EnrichmentSchema },
  access,
});
