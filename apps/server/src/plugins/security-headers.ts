import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** What the browser may load: MUI/emotion inject style tags at run time. */
const HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      'style-src': ["'self'", "'unsafe-inline'"],
      'img-src': ["'self'", 'data:', 'blob:'],
      'script-src': ["'self'"],
    },
  },
};

/** The headers helmet sets, read once from a response it is given. */
function helmetHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(HELMET_OPTIONS)(
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
export function registerSecurityHeaders(app: FastifyInstance): void {
  const headers = helmetHeaders();
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
