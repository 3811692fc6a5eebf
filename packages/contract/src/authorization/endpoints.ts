import { defineEndpoint } from '../common/endpoint.js';
import { PagedListRequestSchema, pagedResponseSchema } from '../common/paged-list.js';
import { AuthMappedJobArtifactSchema } from '../jobs/schemas.js';
import { z } from 'zod';
import { RoleListsSchema, SetUserRolesBodySchema } from '../users/schemas.js';

const tags = ['Authorization'];

export const getUserRoles = defineEndpoint({
  method: 'GET',
  path: '/api/v1/authorization/user-roles',
  summary:
    "The signed-in user's roles as 'System Roles' (standard) and 'Analysis Roles' (tabbedView)",
  tags,
  responses: { 200: RoleListsSchema },
  access: { permissions: [] },
});

export const getAllRoles = defineEndpoint({
  method: 'GET',
  path: '/api/v1/authorization/all-roles',
  summary: 'Every role of the product, as standard and tabbedView lists',
  tags,
  responses: { 200: RoleListsSchema },
  access: { permissions: ['UsersRead'] },
});

/** Replaces a user's roles; they take effect on that user's next request. */
export const setUserRoles = defineEndpoint({
  method: 'POST',
  path: '/api/v1/authorization/:userId/user-roles',
  summary: "Replace a user's System Roles and Analysis Roles (known role names only)",
  tags,
  params: z.strictObject({ userId: z.uuid() }),
  body: SetUserRolesBodySchema,
  responses: { 200: z.boolean() },
  access: { permissions: ['User_CRUD', 'UserRolesUpdate'] },
});

/** The jobs a user is authorised for (issuer membership, ownership, direct assignment). */
export const listAuthMappedJobArtifacts = defineEndpoint({
  method: 'POST',
  path: '/api/v1/authorization/auth-mapped-job-artifacts',
  summary: 'A page of the jobs a user may see, marking direct assignments (page size 25)',
  tags,
  query: z.strictObject({ userId: z.uuid() }),
  body: PagedListRequestSchema,
  readsOnly: true,
  responses: { 200: pagedResponseSchema(AuthMappedJobArtifactSchema) },
  access: { permissions: ['UsersRead'] },
});
