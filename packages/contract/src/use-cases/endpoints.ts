/**
 * Use cases of a job (SPEC §2 jobs use-cases, titled Job Campaigns): their definitions, live
 * figures (suppliers, spend, estimated value, risk), their suppliers and why each is in one.
 *
 * Visibility: the job's (jobs.policy); a job the user may not see answers 404, a job without
 * results (not Completed) 409. Permissions: reading needs UseCases_VIEW; creating and copying
 * CampaignCreate, editing and deleting CampaignUpdate (SPEC gives no use-case write permission;
 * use cases are the first step of a campaign). Edits and deletes are the creator's own.
 */
import { z } from 'zod';
import { PagedListRequestSchema, pagedResponseSchema } from '../common/paged-list.js';
import { defineEndpoint } from '../common/endpoint.js';
import { IdParamsSchema } from '../common/ids.js';
import { SupplierResultSchema } from '../jobs/schemas.js';
import {
  CopyUseCaseSchema,
  UseCaseInputSchema,
  UseCaseListSchema,
  UseCaseParamsSchema,
  UseCaseSchema,
  UseCaseSupplierParamsSchema,
  UseCaseSupplierSchema,
  UseCaseTemplateSchema,
} from './schemas.js';

const tags = ['Use cases'];
const base = '/api/v1/job-artifacts/:id/use-cases';
const read = { permissions: ['UseCases_VIEW'] } as const;

export const listUseCaseTemplates = defineEndpoint({
  method: 'GET',
  path: '/api/v1/use-case-templates',
  summary: 'The shipped use-case templates, per card product',
  tags,
  responses: { 200: z.array(UseCaseTemplateSchema) },
  access: read,
});

export const listJobUseCases = defineEndpoint({
  method: 'GET',
  path: base,
  summary: 'A job’s use cases with their suppliers, spend, estimated value and risk',
  tags,
  params: IdParamsSchema,
  responses: { 200: UseCaseListSchema },
  access: read,
});

export const getJobUseCase = defineEndpoint({
  method: 'GET',
  path: `${base}/:useCaseId`,
  summary: 'One use case with its figures',
  tags,
  params: UseCaseParamsSchema,
  responses: { 200: UseCaseSchema },
  access: read,
});

export const createJobUseCase = defineEndpoint({
  method: 'POST',
  path: base,
  summary:
    'Create a use case (from a template or blank). The rule’s filters are the supplier list’s; an unknown property or operator is a 400 naming body.rule.filters[i]',
  tags,
  params: IdParamsSchema,
  body: UseCaseInputSchema,
  responses: { 201: UseCaseSchema },
  access: { permissions: ['UseCases_VIEW', 'CampaignCreate'] },
});

export const updateJobUseCase = defineEndpoint({
  method: 'PUT',
  path: `${base}/:useCaseId`,
  summary: 'Replace a use case’s name, product, action and rule (its creator)',
  tags,
  params: UseCaseParamsSchema,
  body: UseCaseInputSchema,
  responses: { 200: UseCaseSchema },
  access: { permissions: ['UseCases_VIEW', 'CampaignUpdate'] },
});

export const copyJobUseCase = defineEndpoint({
  method: 'POST',
  path: `${base}/:useCaseId/copy`,
  summary: 'Copy a use case of the job as the signed-in user’s own',
  tags,
  params: UseCaseParamsSchema,
  body: CopyUseCaseSchema,
  responses: { 201: UseCaseSchema },
  access: { permissions: ['UseCases_VIEW', 'CampaignCreate'] },
});

export const deleteJobUseCase = defineEndpoint({
  method: 'DELETE',
  path: `${base}/:useCaseId`,
  summary: 'Delete a use case (its creator)',
  tags,
  params: UseCaseParamsSchema,
  responses: { 200: z.object({ deleted: z.literal(true) }) },
  access: { permissions: ['UseCases_VIEW', 'CampaignUpdate'] },
});

export const listJobUseCaseSuppliers = defineEndpoint({
  method: 'POST',
  path: `${base}/:useCaseId/suppliers`,
  summary:
    'The use case’s suppliers: paged, the supplier list’s columns, filters and orderBy; the body’s filters are AND-ed with the rule',
  tags,
  params: UseCaseParamsSchema,
  body: PagedListRequestSchema,
  readsOnly: true,
  responses: { 200: pagedResponseSchema(SupplierResultSchema) },
  access: read,
});

export const getJobUseCaseSupplier = defineEndpoint({
  method: 'GET',
  path: `${base}/:useCaseId/suppliers/:supplierKey`,
  summary: 'One supplier of the job against a use case’s rule: each line with its value and pass',
  tags,
  params: UseCaseSupplierParamsSchema,
  responses: { 200: UseCaseSupplierSchema },
  access: read,
});
