import { ERROR_CODES, MESSAGES, type ErrorBody } from '@b2b/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error.js';

function body(statusCode: number, message: string, extra: Partial<ErrorBody> = {}): ErrorBody {
  return { success: false, message, statusCode, ...extra };
}

/** Where a validation issue sits, e.g. `body.filters[0].value` from `/filters/0/value`. */
function fieldName(context: string, instancePath: string): string {
  return instancePath
    .split('/')
    .filter(Boolean)
    .reduce((acc, key) => (/^\d+$/.test(key) ? `${acc}[${key}]` : `${acc}.${key}`), context);
}

/**
 * Errors the router raises before any route or hook runs (a malformed percent-encoding, a path
 * parameter over the length limit): Fastify answers these itself unless given this handler, and
 * its own body is not the contract's error body.
 */
export function frameworkErrorHandler(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
  void reply.code(status).send(body(status, error.message, { code: ERROR_CODES.validation }));
}

/** Maps every error to `{ success: false, message, statusCode }`; 5xx bodies never carry internals. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply
        .code(error.statusCode)
        .send(body(error.statusCode, error.message, { code: error.code, errors: error.errors }));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const context = error.validationContext ?? 'request';
      const errors = error.validation.map((v) => ({
        field: fieldName(context, v.instancePath),
        message: v.message ?? 'is invalid',
      }));
      const first = errors[0];
      const message = first ? `Invalid ${first.field}: ${first.message}` : 'Invalid request';
      return reply.code(400).send(body(400, message, { code: ERROR_CODES.validation, errors }));
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply
        .code(429)
        .send(body(429, MESSAGES.tooManyAttempts, { code: ERROR_CODES.rateLimited }));
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: malformed JSON, wrong content type, body too large...
      return reply.code(status).send(body(status, error.message, { code: ERROR_CODES.validation }));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send(body(500, MESSAGES.internalError, { code: ERROR_CODES.internal }));
  });
}
