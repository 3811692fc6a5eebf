import {
  ERROR_CODES,
  MESSAGES,
  RESULTS_LINK_ONLY_MESSAGE,
  SERVICE_TOKEN_MESSAGES,
  can,
} from '@b2b/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Actor } from '../lib/actor.js';
import { AppError } from '../lib/app-error.js';
import type { RouteAccessConfig } from '../lib/endpoint.js';
import type { Services } from '../services.js';

export const SESSION_COOKIE = 'b2b_session';
/** The custom header every state-changing call must carry (see README, "CSRF"). */
export const CSRF_HEADER = 'x-csrf-protection';
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** A registered route and who may call it; the route-walk test and its snapshot read these. */
export type DeclaredRoute = {
  method: string;
  url: string;
  access: NonNullable<RouteAccessConfig['access']>;
};

declare module 'fastify' {
  interface FastifyInstance {
    declaredRoutes: DeclaredRoute[];
  }
  interface FastifyRequest {
    actor: Actor | null;
    sessionExpired: boolean;
    activeRoles: string[] | null;
  }
}

/** Routes other plugins add that serve public files: the web app and the API documentation. */
const PUBLIC_ASSET_ROUTES = ['/*', '/', '/api/docs'];
function isPublicAsset(url: string): boolean {
  return PUBLIC_ASSET_ROUTES.some((p) => url === p || (p !== '/' && url.startsWith(`${p}/`)));
}

function accessOf(request: FastifyRequest): RouteAccessConfig {
  return (request.routeOptions.config ?? {}) as RouteAccessConfig;
}

/** Whether a request may change state: its method says so, unless its route only reads. */
function changesState(request: FastifyRequest): boolean {
  return STATE_CHANGING.has(request.method) && !accessOf(request).readsOnly;
}

/**
 * A bearer request (issue 21, service tokens): the token's user becomes `request.actor` with
 * their current roles and issuers, read-only — a call that would change state is refused
 * (docs/architecture.md, "Service tokens"). It needs no CSRF header: a browser never adds an
 * Authorization header to a cross-site request by itself. A token that cannot act is a 401.
 */
async function actAsServiceToken(
  request: FastifyRequest,
  header: string,
  services: Services,
): Promise<void> {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match) throw new AppError(401, SERVICE_TOKEN_MESSAGES.malformed, ERROR_CODES.notSignedIn);
  const resolved = await services.serviceTokens.resolve(match[1]!);
  if (resolved.kind === 'invalid')
    throw new AppError(401, resolved.message, ERROR_CODES.notSignedIn);
  if (changesState(request)) throw AppError.forbidden(SERVICE_TOKEN_MESSAGES.readOnly);
  request.actor = resolved.actor;
}

/**
 * The single place route-level permissions are enforced:
 * 1. every route must declare `access` (the server refuses to start otherwise);
 * 2. the session cookie (or a service token, see actAsServiceToken) becomes `request.actor`;
 * 3. state-changing calls must carry the CSRF header;
 * 4. missing session → 401, missing permission → 403;
 * 5. the system mode: Maintenance → 503 for users without SystemMaintenanceMode_IGNORE,
 *    ReadOnly → 503 for every state-changing call; routes marked alwaysAvailable pass.
 */
export function registerAuthorization(app: FastifyInstance, services: Services): void {
  app.decorateRequest('actor', null);
  app.decorateRequest('sessionExpired', false);
  app.decorateRequest('activeRoles', null);
  app.decorate('declaredRoutes', [] as DeclaredRoute[]);

  app.addHook('onRoute', (route) => {
    const config = (route.config ?? {}) as RouteAccessConfig;
    if (!config.access && isPublicAsset(route.url)) {
      route.config = { ...config, access: { public: true }, alwaysAvailable: true };
      return;
    }
    if (!config.access) {
      throw new Error(
        `Route ${String(route.method)} ${route.url} declares no access (permissions or public)`,
      );
    }
    for (const method of [route.method].flat()) {
      app.declaredRoutes.push({ method, url: route.url, access: config.access });
    }
  });

  // Cached sessions are forgotten before and after every state-changing request: whatever it
  // changes (roles, memberships, a sign-out) holds for the next request. Entity lock and
  // heartbeat calls change no session and come every few seconds from every edit screen;
  // paged lists and searches are POSTs that only read; endpoints marked `keepsSessions` write
  // nothing a session carries.
  const changesSessions = (request: FastifyRequest) =>
    changesState(request) &&
    !accessOf(request).keepsSessions &&
    !request.url.startsWith('/api/v1/concurrency/');
  app.addHook('onResponse', async (request) => {
    if (changesSessions(request)) services.auth.forgetResolvedSessions();
  });

  app.addHook('onRequest', async (request) => {
    if (changesSessions(request)) services.auth.forgetResolvedSessions();
    // Other schemes (a proxy's Basic credentials) are not ours and are left alone.
    const bearer = request.headers.authorization;
    if (bearer && /^bearer\b/i.test(bearer)) return actAsServiceToken(request, bearer, services);
    const token = request.cookies[SESSION_COOKIE];
    if (token) {
      const resolved = await services.auth.resolveSession(token);
      if (resolved.kind === 'valid') {
        request.actor = resolved.actor;
        request.activeRoles = resolved.activeRoles;
      } else {
        // No user's session: a results link's (SPEC §3 MagicLinkUser), or none.
        const link =
          resolved.kind === 'none'
            ? await services.magicLinks.resolveResultsSession(token)
            : resolved;
        if (link.kind === 'valid') request.actor = link.actor;
        else if (link.kind === 'expired') request.sessionExpired = true;
      }
    }
    if (STATE_CHANGING.has(request.method) && !request.headers[CSRF_HEADER]) {
      throw new AppError(403, MESSAGES.csrfMissing, ERROR_CODES.csrf);
    }
  });

  // preValidation: refuse before the body is validated, so no caller learns a route's shape.
  app.addHook('preValidation', async (request) => {
    const config = accessOf(request);
    const access = config.access;
    if (!access) throw AppError.notFound();
    // A MagicLinkUser reads its job's results screens and nothing else: other routes refuse it,
    // and public ones treat it as signed out.
    if (
      request.actor &&
      !services.magicLinks.mayCallRoute(
        request.actor,
        request.method,
        request.routeOptions.url ?? '',
      )
    ) {
      if ('public' in access) request.actor = null;
      else throw AppError.forbidden(RESULTS_LINK_ONLY_MESSAGE);
    }
    if (!('public' in access)) {
      if (!request.actor) throw AppError.unauthorized(request.sessionExpired);
      if (!can(request.actor, access.permissions)) throw AppError.forbidden();
    }
    if (config.alwaysAvailable) return;
    const mode = await services.system.getMode();
    if (mode === 'Maintenance' && !can(request.actor, 'SystemMaintenanceMode_IGNORE')) {
      throw new AppError(503, MESSAGES.maintenance, ERROR_CODES.maintenance);
    }
    if (mode === 'ReadOnly' && changesState(request)) {
      throw new AppError(503, MESSAGES.readOnlyMode, ERROR_CODES.readOnly);
    }
  });
}
