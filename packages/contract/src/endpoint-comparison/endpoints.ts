/**
 * Endpoint comparison (issue 21, SPEC §2 DevOps /devops/endpoint-comparison/jobs, /jobs/{jobId}
 * and /users) and the personal service tokens another environment calls this one with.
 *
 * Every call needs DevOps_Area_VIEW, the permission of the DevOps area the screens are in. The
 * comparisons also read what the compared public endpoints need (a job's details, summary,
 * suppliers and insights; the user administration lists), so they show nothing the caller
 * could not read through the API itself.
 */
import { defineEndpoint } from '../common/endpoint.js';
import {
  ComparisonResultSchema,
  ComparisonSettingsSchema,
  CreateServiceTokenSchema,
  CreatedServiceTokenSchema,
  JobComparisonParamsSchema,
  JobComparisonQuerySchema,
  JobComparisonSchema,
  ServiceTokenIdParamsSchema,
  ServiceTokenListSchema,
  ServiceTokenSchema,
  UpdateComparisonSettingsSchema,
} from './schemas.js';

const tags = ['DevOps'];
const access = { permissions: ['DevOps_Area_VIEW'] } as const;

export const listServiceTokens = defineEndpoint({
  method: 'GET',
  path: '/api/v1/devops/service-tokens',
  summary: "The signed-in user's own service tokens (never the tokens themselves)",
  tags,
  responses: { 200: ServiceTokenListSchema },
  access,
});

export const createServiceToken = defineEndpoint({
  method: 'POST',
  path: '/api/v1/devops/service-tokens',
  summary:
    'A personal, read-only service token (at most 90 days); the token is in this answer only',
  tags,
  body: CreateServiceTokenSchema,
  responses: { 201: CreatedServiceTokenSchema },
  access,
});

export const revokeServiceToken = defineEndpoint({
  method: 'DELETE',
  path: '/api/v1/devops/service-tokens/:tokenId',
  summary: 'Revoke one of your service tokens: it answers 401 from now on',
  tags,
  params: ServiceTokenIdParamsSchema,
  responses: { 200: ServiceTokenSchema },
  access,
});

export const getComparisonSettings = defineEndpoint({
  method: 'GET',
  path: '/api/v1/devops/endpoint-comparison/settings',
  summary: "The other environment's base URL and whether its token is set",
  tags,
  responses: { 200: ComparisonSettingsSchema },
  access,
});

export const updateComparisonSettings = defineEndpoint({
  method: 'PUT',
  path: '/api/v1/devops/endpoint-comparison/settings',
  summary: "Set the other environment's base URL and token (stored encrypted, never returned)",
  tags,
  body: UpdateComparisonSettingsSchema,
  responses: { 200: ComparisonSettingsSchema },
  access,
});

export const compareJob = defineEndpoint({
  method: 'GET',
  path: '/api/v1/devops/endpoint-comparison/jobs/:jobId',
  summary:
    "Compare a job's details, summary, suppliers (up to 1,000) and insights with the other environment",
  tags,
  params: JobComparisonParamsSchema,
  query: JobComparisonQuerySchema,
  responses: { 200: JobComparisonSchema },
  access: {
    permissions: [
      'DevOps_Area_VIEW',
      'JobRead',
      'JobTab_Summary_VIEW',
      'JobTab_Suppliers_VIEW',
      'JobTab_Insights_VIEW',
      'Insights_VIEW',
    ],
  },
});

export const compareUsers = defineEndpoint({
  method: 'GET',
  path: '/api/v1/devops/endpoint-comparison/users',
  summary: 'Compare the users (by username), their roles and issuers with the other environment',
  tags,
  responses: { 200: ComparisonResultSchema },
  access: { permissions: ['DevOps_Area_VIEW', 'UsersRead'] },
});
