import type { PagedListRequest } from '@b2b/contract';
import type { Database } from '../../db/client.js';
import { pagedResponse } from '../../db/paged-query.js';
import type { UsersService } from '../users/users.service.js';
import { createAuthorizationRead } from './authorization.read.js';

/** Who may do what (SPEC §7 authorization): a user's roles and the jobs mapped to a user. */
export function createAuthorizationService(
  db: Database,
  deps: { users: Pick<UsersService, 'requireUser' | 'effectiveRoles'> },
) {
  const read = createAuthorizationRead(db);
  const { users } = deps;

  return {
    /** The user's roles in effect, narrowed by the session's role switcher (404 if unknown). */
    async userRoles(userId: string, activeRoles: readonly string[] | null) {
      return users.effectiveRoles(await users.requireUser(userId), activeRoles);
    },

    /** A page of the jobs the user is authorised for, whichever way (404 if unknown). */
    async authMappedJobs(userId: string, request: PagedListRequest) {
      await users.requireUser(userId);
      const { rows, totalCount } = await read.authMappedJobs(userId, request);
      const collection = rows.map(({ createdAt, ...r }) => ({
        ...r,
        createdOn: createdAt.toISOString(),
      }));
      return pagedResponse(collection, totalCount, request);
    },
  };
}
export type AuthorizationService = ReturnType<typeof createAuthorizationService>;
