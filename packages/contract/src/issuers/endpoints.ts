import { z } from 'zod';
import { defineEndpoint } from '../common/endpoint.js';
import { AdminResultSchema } from '../common/error-body.js';
import { IdParamsSchema } from '../common/ids.js';
import { PagedListRequestSchema, pagedResponseSchema } from '../common/paged-list.js';
import {
  CapabilityOptionSchema,
  IssuerAdminResultSchema,
  IssuerAssignedUserSchema,
  IssuerCreateSchema,
  IssuerDetailSchema,
  IssuerFullSchema,
  IssuerInputDataOptionSchema,
  IssuerLanguageSchema,
  IssuerListItemSchema,
  IssuerUpdateBodySchema,
  IssuerUpdateQuerySchema,
  IssuerUserUpdateSchema,
  VirtualLockboxOptionSchema,
  VirtualLockboxSchema,
} from './schemas.js';

const tags = ['Issuers'];
/** The list updates name the issuer as a parameter; the version they read is optional. */
const IssuerListUpdateQuerySchema = z.strictObject({
  issuerId: z.uuid(),
  version: z.coerce.number().int().min(1).optional(),
});

export const getIssuer = defineEndpoint({
  method: 'GET',
  path: '/api/v1/issuers/:id',
  summary: 'One issuer (detail)',
  tags,
  params: IdParamsSchema,
  responses: { 200: IssuerDetailSchema },
  access: { permissions: ['IssuerRead'] },
});

export const getIssuerFull = defineEndpoint({
  method: 'GET',
  path: '/api/v1/issuers/:id/full',
  summary: 'One issuer with its e-mail domains and the count of its non-domain users',
  tags,
  params: IdParamsSchema,
  responses: { 200: IssuerFullSchema },
  access: { permissions: ['IssuerRead'] },
});

export const deleteIssuer = defineEndpoint({
  method: 'DELETE',
  path: '/api/v1/issuers/:id',
  summary: 'Delete an issuer (refused while it has jobs or users)',
  tags,
  params: IdParamsSchema,
  responses: { 200: AdminResultSchema },
  access: { permissions: ['IssuerArea_CRUD', 'IssuerDelete'] },
});

export const listIssuers = defineEndpoint({
  method: 'POST',
  path: '/api/v1/issuers/get',
  summary: 'A page of issuers (paged list query)',
  tags,
  body: PagedListRequestSchema,
  readsOnly: true,
  responses: { 200: pagedResponseSchema(IssuerListItemSchema) },
  access: { permissions: ['IssuerRead'] },
});

export const createIssuer = defineEndpoint({
  method: 'POST',
  path: '/api/v1/issuers',
  summary: 'Create an issuer; answers its new id',
  tags,
  body: IssuerCreateSchema,
  responses: { 200: IssuerAdminResultSchema },
  access: { permissions: ['IssuerArea_CRUD', 'IssuerCreate'] },
});

export const updateIssuer = defineEndpoint({
  method: 'PUT',
  path: '/api/v1/issuers',
  summary:
    'Update an issuer; the version must be the one read (else 409). The issuer and version may be given as parameters (issuerId, version) instead of in the body',
  tags,
  query: IssuerUpdateQuerySchema,
  body: IssuerUpdateBodySchema,
  responses: { 200: IssuerAdminResultSchema },
  access: { permissions: ['IssuerArea_CRUD', 'IssuerUpdate'] },
});

export const updateIssuerCapabilities = defineEndpoint({
  method: 'POST',
  path: '/api/v1/issuers/issuer-admin-capabilities',
  summary: "Replace an issuer's capabilities",
  tags,
  query: IssuerListUpdateQuerySchema,
  body: z.array(z.string().min(1).max(100)).max(50),
  responses: { 200: IssuerAdminResultSchema },
  access: { permissions: ['IssuerArea_CRUD', 'IssuerUpdate'] },
});

export const updateIssuerVirtualLockboxes = defineEndpoint({
  method: 'POST',
  path: '/api/v1/issuers/issuer-admin-virtual-lockbox-update',
  summary: "Replace an issuer's virtual lockboxes",
  tags,
  query: IssuerListUpdateQuerySchema,
  body: z.array(VirtualLockboxSchema).max(3),
  responses: { 200: IssuerAdminResultSchema },
  access: { permissions: ['IssuerArea_CRUD', 'IssuerUpdate'] },
});

export const updateIssuerInputDataOptions = defineEndpoint({
  method: 'POST',
  path: '/api/v1/issuers/issuer-admin-input-data-option-update',
  summary: "Replace an issuer's input data options",
  tags,
  query: IssuerListUpdateQuerySchema,
  body: z.array(IssuerInputDataOptionSchema).max(4),
  responses: { 200: IssuerAdminResultSchema },
  access: { permissions: ['IssuerArea_CRUD', 'IssuerUpdate'] },
});

export const getAllCapabilities = defineEndpoint({
  method: 'GET',
  path: '/api/v1/issuers/getAllCapabilities',
  summary: 'Every capability an issuer can have',
  tags,
  responses: { 200: z.array(CapabilityOptionSchema) },
  access: { permissions: ['IssuerRead'] },
});

export const getAllVirtualLockboxes = defineEndpoint({
  method: 'GET',
  path: '/api/v1/issuers/getAllVirtualLockboxesAvailableToIssuers',
  summary: 'Every virtual lockbox available to issuers',
  tags,
  responses: { 200: z.array(VirtualLockboxOptionSchema) },
  access: { permissions: ['IssuerRead'] },
});

export const getAllIssuerLanguages = defineEndpoint({
  method: 'GET',
  path: '/api/v1/issuers/getAllIssuerLanguages',
  summary: 'Every language an issuer can use',
  tags,
  responses: { 200: z.array(IssuerLanguageSchema) },
  access: { permissions: ['IssuerRead'] },
});

export const getAssignedUsers = defineEndpoint({
  method: 'GET',
  path: '/api/v1/issuers/:id/assigned-user-issuers',
  summary: "An issuer's members (Manager or Member, domain users marked)",
  tags,
  params: IdParamsSchema,
  responses: { 200: z.array(IssuerAssignedUserSchema) },
  access: { permissions: ['IssuerRead'] },
});

export const updateIssuerUser = defineEndpoint({
  method: 'PUT',
  path: '/api/v1/issuers/:id/users',
  summary: 'Assign a user to an issuer as Manager or Member, or remove them (userRole null)',
  tags,
  params: IdParamsSchema,
  body: IssuerUserUpdateSchema,
  responses: { 200: AdminResultSchema },
  access: { permissions: ['IssuerArea_VIEW', 'IssuerUsersUpdate'] },
});
