import { defineEndpoint } from '../common/endpoint.js';
import {
  ResourceLimitListSchema,
  ResourceLimitParamsSchema,
  ResourceLimitSchema,
  ResourceUsageSchema,
  UpdateResourceLimitSchema,
} from './schemas.js';

const tags = ['DevOps'];
// SPEC §2: /devops/resource-guard opens with DevOps_Area_VIEW, and so does its API.
const access = { permissions: ['DevOps_Area_VIEW'] } as const;

export const listResourceLimits = defineEndpoint({
  method: 'GET',
  path: '/api/v1/devops/resource-guard/limits',
  summary: 'Every resource limit: effective value, default and who set it',
  tags,
  responses: { 200: ResourceLimitListSchema },
  access,
});

export const updateResourceLimit = defineEndpoint({
  method: 'PUT',
  path: '/api/v1/devops/resource-guard/limits/:key',
  summary: 'Set a resource limit (audited; refused below current usage)',
  tags,
  params: ResourceLimitParamsSchema,
  body: UpdateResourceLimitSchema,
  responses: { 200: ResourceLimitSchema },
  access,
});

export const resetResourceLimit = defineEndpoint({
  method: 'DELETE',
  path: '/api/v1/devops/resource-guard/limits/:key',
  summary: 'Reset a resource limit to its default (audited)',
  tags,
  params: ResourceLimitParamsSchema,
  responses: { 200: ResourceLimitSchema },
  access,
});

export const getResourceUsage = defineEndpoint({
  method: 'GET',
  path: '/api/v1/devops/resource-guard/usage',
  summary: 'Live usage beside the limits: storage, running jobs, queue, memory, engine',
  tags,
  responses: { 200: ResourceUsageSchema },
  access,
});
