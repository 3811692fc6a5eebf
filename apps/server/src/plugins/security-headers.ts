import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Origins beyond the app's own that the pages need: with the accounting API configured, Merge
 * Link's script and frame (MERGE_LINK_SCRIPT_URL's origin) and its calls to the API (Merge's
 * documented CSP: script-src and frame-src cdn.merge.dev, connect-src api.merge.dev).
 */
export type ExtraOrigins = { script: string[]; frame: string[]; connect: string[] };

/** What the browser may load: MUI/emotion inject style tags at run time. */
function helmetOptions(extra: ExtraOrigins): HelmetOptions {
  return {
    contentSecurityPolicy: {
      directives: {
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:'],
        'script-src': ["'self'", ...extra.script],
        ...(extra.frame.length ? { 'frame-src': ["'self'", ...extra.frame] } : {}),
        ...(extra.connect.length ? { 'connect-src': ["'self'", ...extra.connect] } : {}),
      },
    },
  };
}

/** The headers helmet sets, read once from a response it is given. */
function helmetHeaders(extra: ExtraOrigins): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(helmetOptions(extra))(
    {} as IncomingMessage,
    response as unknown as ServerResponse,
    () => undefined,
  );
  return headers;
}

/**
 * Helmet's security headers on every response. They are the same for every response (no CSP
 * nonces), so they are computed once: @fastify/helmet rebuilt helmet, parsing its directives,
 * on every request, a twentieth of a list call's time.
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  extra: ExtraOrigins = { script: [], frame: [], connect: [] },
): void {
  const headers = helmetHeaders(extra);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
