import type { EntityLockStatus } from '@b2b/contract';
import type { MockRoute } from './mock-api';

/** Another user, holding an entity's write lock in the tests. */
export const OTHER_EDITOR_ID = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';

/** The lock status the server reports while `holderUserId` (or nobody) holds the lock. */
export function lockStatus(holderUserId: string | null): EntityLockStatus {
  const other = holderUserId === OTHER_EDITOR_ID;
  return {
    exclusiveWriteAccess: holderUserId !== null,
    activeUntilUtc: holderUserId ? '2030-01-01T10:00:00.000Z' : null,
    holderFirstName: other ? 'Tess' : 'Sys',
    holderLastName: other ? 'Tester' : 'Admin',
    emailAddress: other ? 'tester@example.com' : 'sysadmin@example.com',
    holderUserId,
    requesterFirstName: null,
    requesterLastName: null,
    requesterEmailAddress: null,
    requesterUserId: null,
  };
}

/**
 * The entity-lock calls of an edit screen (SPEC §7 Concurrency) answered as the server would
 * while `holder.current` holds the lock: the heartbeat, taking the lease, its status, viewers.
 */
export function entityLockApi(
  me: string,
  holder: { current: string | null },
): Record<string, MockRoute> {
  return {
    'POST /api/v1/concurrency/try-set-entity-active-user': { body: true },
    'POST /api/v1/concurrency/try-set-exclusive-write-access': () => ({
      body: holder.current === null || holder.current === me,
    }),
    'POST /api/v1/concurrency/entity-status': () => ({ body: [lockStatus(holder.current)] }),
    'GET /api/v1/concurrency/active-entity-users': { body: [] },
    'POST /api/v1/concurrency/release-exclusive-write-access': { body: true },
  };
}
