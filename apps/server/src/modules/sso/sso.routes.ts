import {
  ERROR_CODES,
  SSO_OUTCOME_PARAM,
  type SsoOutcome,
  ssoEndpoints as endpoints,
} from '@b2b/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import { registerEndpoint } from '../../lib/endpoint.js';
import { SESSION_COOKIE } from '../../plugins/authorize.js';
import type { AppContext } from '../../services.js';
import { SSO_TRANSACTION_MS } from './sso.service.js';

/** The sealed sign-in attempt between start and callback, sent only to the sign-on paths. */
const TRANSACTION_COOKIE = 'b2b_sso';
const COOKIE_PATH = '/api/auth/sso';
const CALLBACK_PATH = '/api/auth/sso/callback';

/** The refusals a browser is sent back to the sign-in page with, by error code. */
const BROWSER_OUTCOMES: Partial<Record<string, SsoOutcome>> = {
  [ERROR_CODES.ssoFailed]: 'failed',
  [ERROR_CODES.ssoUnavailable]: 'unavailable',
};

/** The sign-in page with why single sign-on did not sign the browser in. */
function backToLogin(reply: FastifyReply, outcome: SsoOutcome) {
  reply.redirect(`/login?${SSO_OUTCOME_PARAM}=${outcome}`, 303);
}

/**
 * A person's browser (it asks for HTML) that single sign-on refuses sees the sign-in page with
 * the message, not an error body; the reason goes to the log. API clients get the 4xx/503.
 */
async function inBrowser(request: FastifyRequest, reply: FastifyReply, work: () => Promise<void>) {
  try {
    await work();
  } catch (error) {
    const outcome =
      error instanceof AppError && error.code ? BROWSER_OUTCOMES[error.code] : undefined;
    if (!outcome || !request.headers.accept?.includes('text/html')) throw error;
    request.log.warn({ err: error }, 'single sign-on refused');
    backToLogin(reply, outcome);
  }
}

export function registerSsoRoutes(app: FastifyInstance, { config, services }: AppContext): void {
  const { sso } = services;
  const secureSite = config.publicUrl?.startsWith('https://') ?? false;
  const secure = (request: FastifyRequest) => secureSite || request.protocol === 'https';

  /** The redirect URI registered at the provider: this server's callback. */
  function redirectUri(request: FastifyRequest): string {
    const base = config.publicUrl ?? `${request.protocol}://${request.host}`;
    return `${base.replace(/\/$/, '')}${CALLBACK_PATH}`;
  }

  // Sign-in attempts per address, as for passwords (LOGIN_ATTEMPTS_PER_MINUTE).
  const signInRate = {
    rateLimit: { max: config.loginAttemptsPerMinute, timeWindow: '1 minute' },
  };

  function clearTransaction(reply: FastifyReply) {
    reply.clearCookie(TRANSACTION_COOKIE, { path: COOKIE_PATH });
  }

  registerEndpoint(app, endpoints.getIssuerSso, ({ actor, params }) =>
    sso.getSettings(actor, params.id),
  );
  registerEndpoint(app, endpoints.saveIssuerSso, ({ actor, params, body }) =>
    sso.saveSettings(actor, params.id, body),
  );

  registerEndpoint(app, endpoints.deleteIssuerSso, ({ actor, params }) =>
    sso.deleteSettings(actor, params.id),
  );

  registerEndpoint(
    app,
    endpoints.listSsoProviders,
    ({ request, query }) => sso.providers(request.host, query.issuer),
    { alwaysAvailable: true },
  );

  registerEndpoint(
    app,
    endpoints.startSso,
    ({ params, query, request, reply }) =>
      inBrowser(request, reply, async () => {
        const { url, transaction } = await sso.start(
          params.issuerId,
          redirectUri(request),
          query.callbackUrl,
        );
        // SameSite=Lax: the provider's redirect back is a top-level GET, which carries it.
        reply.setCookie(TRANSACTION_COOKIE, transaction, {
          httpOnly: true,
          sameSite: 'lax',
          secure: secure(request),
          path: COOKIE_PATH,
          maxAge: Math.floor(SSO_TRANSACTION_MS / 1000),
        });
        reply.redirect(url, 303);
      }),
    { alwaysAvailable: true, routeConfig: signInRate },
  );

  registerEndpoint(
    app,
    endpoints.ssoCallback,
    ({ query, request, reply }) =>
      inBrowser(request, reply, async () => {
        // Used once, whatever the outcome: a replayed callback finds no sign-in attempt.
        clearTransaction(reply);
        const currentUrl = new URL(redirectUri(request));
        currentUrl.search = request.url.includes('?')
          ? request.url.slice(request.url.indexOf('?'))
          : '';
        const result = await sso.callback(request.cookies[TRANSACTION_COOKIE], currentUrl, query, {
          ip: request.ip,
          userAgent: request.headers['user-agent'],
        });
        if (result.kind === 'refused') {
          backToLogin(reply, result.outcome);
          return;
        }
        reply.setCookie(SESSION_COOKIE, result.token, {
          httpOnly: true,
          sameSite: 'lax',
          secure: secure(request),
          path: '/',
          maxAge: Math.floor(config.sessionAbsoluteMs / 1000),
        });
        reply.redirect(result.callbackUrl, 303);
      }),
    { alwaysAvailable: true, routeConfig: signInRate },
  );
}
