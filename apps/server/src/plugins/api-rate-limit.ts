import { ERROR_CODES } from '@b2b/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error.js';
import type { Services } from '../services.js';

/**
 * The resource guard's API requests per user per minute (SPEC §2 /devops/resource-guard): 429
 * with Retry-After and the limit. Health probes are exempt, and so is the sign-in flow
 * (/api/auth/*), which has its own per-address limit; requests without a user are not counted.
 * Runs after the authorize plugin's hooks, which set `request.actor`.
 */
export function registerApiRateLimit(app: FastifyInstance, services: Services): void {
  app.addHook('preValidation', async (request, reply) => {
    const { actor } = request;
    if (!actor || !request.url.startsWith('/api/v1/')) return;
    const over = await services.resourceGuard.hitRequest(actor.userId);
    if (!over) return;
    void reply.header('retry-after', String(over.retryAfter));
    throw new AppError(
      429,
      `Too many requests: the limit of API requests per user per minute is ${over.limit}. Try again in ${over.retryAfter} seconds.`,
      ERROR_CODES.rateLimited,
    );
  });
}
