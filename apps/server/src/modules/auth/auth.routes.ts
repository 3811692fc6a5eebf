import { authEndpoints as endpoints } from '@b2b/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../services.js';
import { registerEndpoint } from '../../lib/endpoint.js';
import { SESSION_COOKIE } from '../../plugins/authorize.js';

function client(request: FastifyRequest) {
  return { ip: request.ip, userAgent: request.headers['user-agent'] };
}

export function registerAuthRoutes(app: FastifyInstance, { config, services }: AppContext): void {
  const secure = config.publicUrl?.startsWith('https://') ?? false;

  function setSessionCookie(reply: FastifyReply, request: FastifyRequest, token: string) {
    reply.setCookie(SESSION_COOKIE, token, {
      httpOnly: true,
      sameSite: 'lax',
      secure: secure || request.protocol === 'https',
      path: '/',
      maxAge: Math.floor(config.sessionAbsoluteMs / 1000),
    });
  }

  registerEndpoint(
    app,
    endpoints.login,
    async ({ body, request, reply }) => {
      const { token, profile } = await services.auth.login(body, client(request));
      setSessionCookie(reply, request, token);
      return profile;
    },
    // Per-address throttle; the per-username throttle lives in the service (shared across processes).
    {
      alwaysAvailable: true,
      routeConfig: { rateLimit: { max: config.loginAttemptsPerMinute, timeWindow: '1 minute' } },
    },
  );

  registerEndpoint(
    app,
    endpoints.logout,
    async ({ request, reply }) => {
      await services.auth.logout(request.actor?.sessionId);
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return { success: true as const, message: 'Signed out.' };
    },
    { alwaysAvailable: true },
  );

  registerEndpoint(
    app,
    endpoints.getSession,
    async ({ actor, request }) => services.users.getProfile(actor.userId, request.activeRoles),
    { alwaysAvailable: true },
  );

  registerEndpoint(
    app,
    endpoints.getSessionInfo,
    async ({ actor }) => services.auth.sessionInfo(actor),
    {
      alwaysAvailable: true,
    },
  );

  registerEndpoint(app, endpoints.updateSessionSettings, async ({ actor, body }) =>
    services.auth.updateSettings(actor, body),
  );

  registerEndpoint(
    app,
    endpoints.setActiveRoles,
    async ({ actor, body }) => services.auth.setActiveRoles(actor, body.roles),
    { alwaysAvailable: true },
  );

  registerEndpoint(
    app,
    endpoints.requestMagicLink,
    async ({ body, request }) => {
      const baseUrl = config.publicUrl ?? `${request.protocol}://${request.host}`;
      return services.auth.requestMagicLink(body, baseUrl.replace(/\/$/, ''));
    },
    { alwaysAvailable: true, routeConfig: { rateLimit: { max: 10, timeWindow: '1 minute' } } },
  );

  registerEndpoint(
    app,
    endpoints.consumeMagicLink,
    async ({ query, request, reply }) => {
      const { token, callbackUrl } = await services.auth.consumeMagicLink(
        query.token,
        client(request),
      );
      setSessionCookie(reply, request, token);
      const target = query.callbackUrl ?? callbackUrl ?? '/';
      // Only same-site paths: a link must never send the user elsewhere.
      reply.redirect(target.startsWith('/') && !target.startsWith('//') ? target : '/', 303);
    },
    { alwaysAvailable: true },
  );
}
