import {
  SERVICE_TOKEN_MAX_DAYS,
  SERVICE_TOKEN_MESSAGES,
  type CreateServiceToken,
  type ServiceToken,
} from '@b2b/contract';
import type { Database } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { AppError } from '../../lib/app-error.js';
import { linkTokenHash, newLinkToken } from '../../lib/link-tokens.js';
import { isEligible } from '../users/users.policy.js';
import type { UsersService } from '../users/users.service.js';
import { createEndpointComparisonRepo, type ServiceTokenRow } from './endpoint-comparison.repo.js';
import { createServiceTokensRead } from './service-tokens.read.js';

const DAY_MS = 24 * 60 * 60_000;

export type ResolvedServiceToken =
  { kind: 'valid'; actor: Actor } | { kind: 'invalid'; message: string };

function statusOf(row: ServiceTokenRow, now: number): ServiceToken['status'] {
  if (row.revokedAt) return 'Revoked';
  return row.expiresAt.getTime() <= now ? 'Expired' : 'Active';
}

function present(row: ServiceTokenRow): ServiceToken {
  return {
    id: row.id,
    name: row.name,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    status: statusOf(row, Date.now()),
  };
}

/**
 * Personal service tokens (issue 21): made, listed and revoked by their user; a bearer request
 * carrying one acts as that user with their current roles and issuers, as a session with no
 * role switched would. The token is 256 random bits shown once; only its SHA-256 is stored.
 */
export function createServiceTokensService(db: Database, deps: { users: UsersService }) {
  const repo = createEndpointComparisonRepo(db);
  const read = createServiceTokensRead(db);

  return {
    async list(actor: Actor): Promise<{ items: ServiceToken[] }> {
      return { items: (await repo.tokensOf(actor.userId)).map(present) };
    },

    async create(actor: Actor, input: CreateServiceToken) {
      if (input.expiresInDays > SERVICE_TOKEN_MAX_DAYS)
        throw AppError.badRequest(
          `expiresInDays must be at most ${SERVICE_TOKEN_MAX_DAYS} days`,
          'expiresInDays',
        );
      const token = newLinkToken();
      const row = await repo.insertToken({
        userId: actor.userId,
        name: input.name,
        tokenHash: linkTokenHash(token),
        expiresAt: new Date(Date.now() + input.expiresInDays * DAY_MS),
      });
      return { ...present(row), token };
    },

    /** Another user's token is a 404 (its existence is not revealed); revoking twice is a 409. */
    async revoke(actor: Actor, id: string): Promise<ServiceToken> {
      const revoked = await repo.revokeToken(actor.userId, id, new Date());
      if (revoked) return present(revoked);
      const existing = await repo.findToken(actor.userId, id);
      if (!existing) throw AppError.notFound('No such service token.');
      throw AppError.conflict('This service token is already revoked.');
    },

    /** Turns a bearer token into the actor of its user; every use records last-used. */
    async resolve(token: string): Promise<ResolvedServiceToken> {
      const found = await read.findByHash(linkTokenHash(token));
      if (!found) return { kind: 'invalid', message: SERVICE_TOKEN_MESSAGES.unknown };
      const { token: row, user, issuerIds, managedIssuerIds } = found;
      const now = new Date();
      if (row.revokedAt) return { kind: 'invalid', message: SERVICE_TOKEN_MESSAGES.revoked };
      if (row.expiresAt.getTime() <= now.getTime())
        return { kind: 'invalid', message: SERVICE_TOKEN_MESSAGES.expired };
      if (user.isDeactivated)
        return { kind: 'invalid', message: SERVICE_TOKEN_MESSAGES.userDeactivated };
      await repo.touchToken(row.id, now);
      const eligible = isEligible(user);
      return {
        kind: 'valid',
        actor: {
          userId: user.id,
          username: user.username,
          // No session: calls about the session itself find none.
          sessionId: '',
          eligible,
          permissions: eligible ? await deps.users.permissionsFor(user, null) : [],
          issuerIds,
          managedIssuerIds,
        },
      };
    },
  };
}
