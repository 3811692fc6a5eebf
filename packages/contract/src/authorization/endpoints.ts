import { defineEndpoint } from '../common/endpoint.js';
import { RoleListsSchema } from '../users/schemas.js';

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
