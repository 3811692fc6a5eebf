import { defineEndpoint } from '../common/endpoint.js';
import { CurrentUserProfileSchema } from '../users/schemas.js';
import {
  ActiveRolesRequestSchema,
  LoginRequestSchema,
  MagicLinkRequestSchema,
  MagicLinkTokenQuerySchema,
  OkSchema,
  SessionInfoSchema,
  SessionSettingsSchema,
} from './schemas.js';

const tags = ['Auth'];

export const login = defineEndpoint({
  method: 'POST',
  path: '/api/auth/login',
  summary: 'Sign in with username and password; sets the session cookie',
  tags,
  body: LoginRequestSchema,
  responses: { 200: CurrentUserProfileSchema },
  access: { public: true },
});

export const logout = defineEndpoint({
  method: 'POST',
  path: '/api/auth/logout',
  summary: 'Sign out: ends the session and clears the cookie',
  tags,
  responses: { 200: OkSchema },
  access: { public: true },
});

export const getSession = defineEndpoint({
  method: 'GET',
  path: '/api/auth/session',
  summary: 'The signed-in user profile, or 401',
  tags,
  responses: { 200: CurrentUserProfileSchema },
  access: { permissions: [] },
});

export const getSessionInfo = defineEndpoint({
  method: 'GET',
  path: '/api/auth/session-info',
  summary: 'Session expiry, idle timeout and idle auto-logout setting',
  tags,
  responses: { 200: SessionInfoSchema },
  access: { permissions: [] },
});

export const updateSessionSettings = defineEndpoint({
  method: 'PATCH',
  path: '/api/auth/session-settings',
  summary: 'Toggle the idle auto-logout session setting',
  tags,
  body: SessionSettingsSchema,
  responses: { 200: OkSchema },
  access: { permissions: [] },
});

export const requestMagicLink = defineEndpoint({
  method: 'POST',
  path: '/api/auth/magic-link',
  summary: 'Mail a single-use sign-in link valid 15 minutes',
  tags,
  body: MagicLinkRequestSchema,
  responses: { 200: OkSchema },
  access: { public: true },
});

export const consumeMagicLink = defineEndpoint({
  method: 'GET',
  path: '/api/auth/magic-link/verify',
  summary: 'Open a magic link: signs in and redirects into the app',
  tags,
  query: MagicLinkTokenQuerySchema,
  responses: {},
  access: { public: true },
});

/** The role switcher: pick the active standard roles for this session (canSwitchRoles only). */
export const setActiveRoles = defineEndpoint({
  method: 'PATCH',
  path: '/api/auth/active-roles',
  summary: 'Choose which of your standard roles are active in this session',
  tags,
  body: ActiveRolesRequestSchema,
  responses: { 200: CurrentUserProfileSchema },
  access: { permissions: [] },
});
