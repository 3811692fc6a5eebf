import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error.js';

/** Where the first NUL character sits in a parsed value, e.g. `body.filters[0].value`. */
function nulAt(value: unknown, at: string): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? at : undefined;
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const found = nulAt(item, `${at}[${i}]`);
      if (found) return found;
    }
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const found = nulAt(item, `${at}.${key}`) ?? nulAt(key, `${at} key`);
      if (found) return found;
    }
  }
  return undefined;
}

/**
 * Refuses a request whose path, query or JSON body holds the NUL character: PostgreSQL text
 * cannot store it, so it would otherwise fail as a 500 wherever the value reaches a query
 * (REVIEW: every malformed value is a 4xx naming what was wrong). Runs after the access check.
 */
export function registerTextGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const field =
      nulAt(request.params, 'params') ??
      nulAt(request.query, 'query') ??
      nulAt(request.body, 'body');
    if (field) {
      throw AppError.badRequest(`Invalid ${field}: must not contain the NUL character`, field);
    }
  });
}
