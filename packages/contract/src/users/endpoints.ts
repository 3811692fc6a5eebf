import { z } from 'zod';
import { defineEndpoint } from '../common/endpoint.js';
import { AdminResultSchema } from '../common/error-body.js';
import { IdParamsSchema } from '../common/ids.js';
import { WrappedPagedListRequestSchema, pagedResponseSchema } from '../common/paged-list.js';
import {
  PotentialUserIssuerSchema,
  UserDetailSchema,
  UserIdFormSchema,
  UserInviteSchema,
  UserListItemSchema,
  UserOptionSchema,
  UserSearchQuerySchema,
  UserUpdateSchema,
} from './admin-schemas.js';
import { TermsStatusSchema, UserEligibleStatusSchema } from './schemas.js';

const tags = ['Users'];

export const getUserPermissions = defineEndpoint({
  method: 'GET',
  path: '/api/v1/users/user-permissions',
  summary: "The signed-in user's permissions: their roles' permissions and their explicit ones",
  tags,
  responses: { 200: z.array(z.string()) },
  access: { permissions: [] },
});

export const getUserEligibleStatus = defineEndpoint({
  method: 'GET',
  path: '/api/v1/users/user-eligible-status',
  summary: 'Whether the signed-in user may use the application',
  tags,
  responses: { 200: UserEligibleStatusSchema },
  access: { permissions: [] },
});

export const getTermsStatus = defineEndpoint({
  method: 'GET',
  path: '/api/v1/users/terms-status',
  summary: 'Whether the signed-in user agreed the latest terms of service and privacy policy',
  tags,
  responses: { 200: TermsStatusSchema },
  access: { permissions: [] },
});

export const agreeTermsOfService = defineEndpoint({
  method: 'PATCH',
  path: '/api/v1/users/user-agree-tos-latest',
  summary: 'Agree the latest terms of service',
  tags,
  responses: { 200: TermsStatusSchema },
  access: { permissions: [] },
});

export const agreePrivacyPolicy = defineEndpoint({
  method: 'PATCH',
  path: '/api/v1/users/user-agree-pp-latest',
  summary: 'Agree the latest privacy policy',
  tags,
  responses: { 200: TermsStatusSchema },
  access: { permissions: [] },
});

/** Form with id and optional brandingId; setting another user's branding needs UsersUpdateAll. */
export const setUserBranding = defineEndpoint({
  method: 'PATCH',
  path: '/api/v1/users/user-set-branding',
  summary: "Set a user's branding (omit brandingId to inherit the issuer's)",
  tags,
  body: z.strictObject({ id: z.uuid(), brandingId: z.uuid().nullable().optional() }),
  responses: { 200: AdminResultSchema },
  acceptsForm: true,
  access: { permissions: [] },
});

// ---- Administration (User_CRUD screens) ----

const statusList = (status: 'active' | 'unapproved' | 'pending' | 'deactivated') =>
  defineEndpoint({
    method: 'POST',
    path: `/api/v1/users/${status}`,
    summary: `A page of ${status} users (page size 25, by username unless sorted)`,
    tags,
    body: WrappedPagedListRequestSchema,
    readsOnly: true,
    responses: { 200: pagedResponseSchema(UserListItemSchema) },
    access: { permissions: ['UsersRead'] },
  } as const);

export const listActiveUsers = statusList('active');
export const listUnapprovedUsers = statusList('unapproved');
export const listPendingUsers = statusList('pending');
export const listDeactivatedUsers = statusList('deactivated');

export const getUser = defineEndpoint({
  method: 'GET',
  path: '/api/v1/users/:id',
  summary: 'One user, with roles, explicit permissions and issuer memberships',
  tags,
  params: IdParamsSchema,
  responses: { 200: UserDetailSchema },
  access: { permissions: ['UsersRead'] },
});

export const searchUsers = defineEndpoint({
  method: 'GET',
  path: '/api/v1/users',
  summary: 'Users whose username or name matches the search (at most `limit`)',
  tags,
  query: UserSearchQuerySchema,
  responses: { 200: z.array(UserOptionSchema) },
  access: { permissions: ['UsersRead'] },
});

export const updateUser = defineEndpoint({
  method: 'PUT',
  path: '/api/v1/users',
  summary: "Change a user's profile, approval and explicit permissions",
  tags,
  body: UserUpdateSchema,
  responses: { 200: AdminResultSchema.extend({ version: z.number().int() }) },
  access: { permissions: ['User_CRUD', 'UsersUpdateAll'] },
});

export const listDirectlyAssignedUsers = defineEndpoint({
  method: 'POST',
  path: '/api/v1/users/directly-assigned',
  summary: 'A page of users assigned to an issuer directly (not through their e-mail domain)',
  tags,
  query: z.strictObject({ issuerId: z.uuid().optional() }),
  body: WrappedPagedListRequestSchema,
  readsOnly: true,
  responses: { 200: pagedResponseSchema(UserListItemSchema) },
  access: { permissions: ['UsersRead'] },
});

export const getPotentialJobOwners = defineEndpoint({
  method: 'GET',
  path: '/api/v1/users/potential-job-analysis-owners',
  summary: 'Eligible users who may own a job of the issuer',
  tags,
  query: UserSearchQuerySchema,
  responses: { 200: z.array(UserOptionSchema) },
  access: { permissions: ['JobCreate'] },
});

export const getPotentialIssuerUsers = defineEndpoint({
  method: 'GET',
  path: '/api/v1/users/potential-issuer-users',
  summary: 'Users who are not yet members of the issuer',
  tags,
  query: UserSearchQuerySchema.extend({ issuerId: z.uuid() }),
  responses: { 200: z.array(UserOptionSchema) },
  access: { permissions: ['IssuerUsersUpdate'] },
});

export const getPotentialUserIssuers = defineEndpoint({
  method: 'GET',
  path: '/api/v1/users/:id/potential-user-issuers',
  summary: 'Issuers the user is not yet a member of (their e-mail domain matches first)',
  tags,
  params: IdParamsSchema,
  responses: { 200: z.array(PotentialUserIssuerSchema) },
  access: { permissions: ['IssuerUsersUpdate'] },
});

export const deactivateUser = defineEndpoint({
  method: 'PATCH',
  path: '/api/v1/users/deactivate',
  summary: 'Deactivate a user and end their sessions',
  tags,
  body: UserIdFormSchema,
  responses: { 200: AdminResultSchema },
  acceptsForm: true,
  access: { permissions: ['UsersDeactivate'] },
});

export const reactivateUser = defineEndpoint({
  method: 'PATCH',
  path: '/api/v1/users/reactivate',
  summary: 'Reactivate a deactivated user',
  tags,
  body: UserIdFormSchema,
  responses: { 200: AdminResultSchema },
  acceptsForm: true,
  access: { permissions: ['UsersDeactivate'] },
});

export const inviteUser = defineEndpoint({
  method: 'POST',
  path: '/api/v1/users/invite',
  summary: 'Invite a user: creates them pending and mails a sign-up link',
  tags,
  body: UserInviteSchema,
  responses: { 200: AdminResultSchema.extend({ id: z.uuid() }) },
  acceptsForm: true,
  access: { permissions: ['UsersInvite'] },
});
