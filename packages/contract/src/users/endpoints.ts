import { z } from 'zod';
import { defineEndpoint } from '../common/endpoint.js';
import { AdminResultSchema } from '../common/error-body.js';
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
  access: { permissions: [] },
});
