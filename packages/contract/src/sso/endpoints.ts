import { defineEndpoint } from '../common/endpoint.js';
import { IdParamsSchema } from '../common/ids.js';
import {
  IssuerSsoSchema,
  SaveIssuerSsoSchema,
  SsoCallbackQuerySchema,
  SsoProvidersQuerySchema,
  SsoProvidersSchema,
  SsoStartParamsSchema,
  SsoStartQuerySchema,
} from './schemas.js';

// The sign-on settings are part of administering an issuer (SPEC §2 /admin/issuer-manager/{id}):
// the same permissions as changing the issuer itself, since whoever configures the provider
// decides who can sign in as the issuer's users. Reading needs them too: the client id and
// provider are part of that decision, not something issuer viewers need.
const access = { permissions: ['IssuerArea_CRUD', 'IssuerUpdate'] } as const;

export const getIssuerSso = defineEndpoint({
  method: 'GET',
  path: '/api/v1/issuers/:id/sso',
  summary: "An issuer's OpenID Connect sign-on settings (the client secret is never returned)",
  tags: ['Issuers'],
  params: IdParamsSchema,
  responses: { 200: IssuerSsoSchema },
  access,
});

export const saveIssuerSso = defineEndpoint({
  method: 'PUT',
  path: '/api/v1/issuers/:id/sso',
  summary: "Set an issuer's OpenID Connect sign-on (the secret is stored encrypted)",
  tags: ['Issuers'],
  params: IdParamsSchema,
  body: SaveIssuerSsoSchema,
  responses: { 200: IssuerSsoSchema },
  access,
});

/** Removes the settings and the sealed secret (switching off keeps them for later). */
export const deleteIssuerSso = defineEndpoint({
  method: 'DELETE',
  path: '/api/v1/issuers/:id/sso',
  summary: "Delete an issuer's OpenID Connect sign-on settings and its stored client secret",
  tags: ['Issuers'],
  params: IdParamsSchema,
  responses: { 200: IssuerSsoSchema },
  access,
});

export const listSsoProviders = defineEndpoint({
  method: 'GET',
  path: '/api/auth/sso/providers',
  summary: 'The single sign-on buttons of the branding domain the request was sent to',
  tags: ['Auth'],
  query: SsoProvidersQuerySchema,
  responses: { 200: SsoProvidersSchema },
  access: { public: true },
});

export const startSso = defineEndpoint({
  method: 'GET',
  path: '/api/auth/sso/:issuerId/start',
  summary: "Redirects to the issuer's OpenID provider (authorization code with PKCE)",
  tags: ['Auth'],
  params: SsoStartParamsSchema,
  query: SsoStartQuerySchema,
  responses: {},
  access: { public: true },
});

export const ssoCallback = defineEndpoint({
  method: 'GET',
  path: '/api/auth/sso/callback',
  summary: "The provider's redirect back: checks it, signs in and redirects into the app",
  tags: ['Auth'],
  query: SsoCallbackQuerySchema,
  responses: {},
  access: { public: true },
});
