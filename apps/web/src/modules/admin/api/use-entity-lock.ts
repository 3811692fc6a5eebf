import type { EntityRef } from '@b2b/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useCurrentUser } from '../../../lib/auth/use-current-user';
import { useRefetchInterval } from '../../../lib/client-flags';
import { useCan } from '../../../lib/permissions';
import type { EntityLock } from '../../../components/feedback/entity-lock-bar';
import { adminQueryKeys } from './admin-query-keys';
import { denyExclusiveWriteAccess } from './deny-exclusive-write-access';
import { forceSetExclusiveWriteAccess } from './force-set-exclusive-write-access';
import { activeEntityUsersQueryOptions } from './get-active-entity-users';
import { entityStatusQueryOptions } from './get-entity-status';
import { releaseExclusiveWriteAccess } from './release-exclusive-write-access';
import { requestExclusiveWriteAccess } from './request-exclusive-write-access';
import { trySetEntityActiveUser } from './try-set-entity-active-user';
import { trySetExclusiveWriteAccess } from './try-set-exclusive-write-access';

/** SPEC.md section 9: the heartbeat every 3 s, the active users list every 2 s. */
export const HEARTBEAT_MS = 3_000;
export const ACTIVE_USERS_REFRESH_MS = 2_000;

/**
 * The write lock of an entity while its edit screen is open: sends the active-user heartbeat
 * and takes (or renews) the lease every 3 seconds, polls who holds it and who is viewing, and
 * gives the lease back on leaving. `readOnly` is true while someone else holds it.
 */
export function useEntityLock(
  entityType: string,
  entityId: string,
  { take = true }: { take?: boolean } = {},
): EntityLock {
  const me = useCurrentUser();
  // A screen that only shows the entity (`take: false`) sends the heartbeat and watches the
  // lock, so its actions wait while someone edits, but never takes the lock itself.
  const canTake = useCan('Concurrency_Take_Entity_Lock') && take;
  const canForce =
    useCan(['Concurrency_Take_Entity_Lock', 'Concurrency_Force_Entity_Lock']) && take;
  const canSeeActive = useCan('ActiveUsers_VIEW');
  const queryClient = useQueryClient();
  const [requested, setRequested] = useState(false);
  // The first beat takes the lease: until it has answered, the screen does not yet know whether
  // it may write (the bar says so, in the space its answer will take).
  const [firstBeatFor, setFirstBeatFor] = useState<string | null>(null);
  const refetch = useRefetchInterval(ACTIVE_USERS_REFRESH_MS);
  const ref: EntityRef = { entityType, entityId };
  const refKey = `${entityType}:${entityId}`;
  const held = useRef(false);

  const statusKey = adminQueryKeys.lock(entityType, entityId);
  const activeUsersKey = adminQueryKeys.activeUsers(entityType, entityId);
  const status = useQuery({
    ...entityStatusQueryOptions({ entityType, entityId }),
    refetchInterval: refetch,
  });
  const activeUsers = useQuery({
    ...activeEntityUsersQueryOptions({ entityType, entityId }),
    refetchInterval: refetch,
    enabled: canSeeActive,
  });

  useEffect(() => {
    const key = { entityType, entityId };
    let stopped = false;
    const beat = async () => {
      try {
        await trySetEntityActiveUser(key);
        if (canTake) held.current = await trySetExclusiveWriteAccess(key);
        if (!stopped) {
          await Promise.all([
            queryClient.invalidateQueries({ queryKey: statusKey }),
            // The viewer list shows this user at once, not on its next poll.
            queryClient.invalidateQueries({ queryKey: activeUsersKey }),
          ]);
        }
      } catch {
        // A missed beat is retried on the next tick; the lease outlives a few of them.
      }
      if (!stopped) setFirstBeatFor(refKey);
    };
    void beat();
    const timer = setInterval(() => void beat(), HEARTBEAT_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
      if (held.current) void releaseExclusiveWriteAccess(key).catch(() => undefined);
      held.current = false;
    };
    // refKey stands for the entity; the other values are stable for one screen.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [refKey, canTake]);

  const refresh = useCallback(
    () => queryClient.invalidateQueries({ queryKey: statusKey }),
    [queryClient, statusKey],
  );
  const lock = status.data;
  const isHolder = !!lock?.exclusiveWriteAccess && lock.holderUserId === me.id;
  const heldByOther = !!lock?.exclusiveWriteAccess && lock.holderUserId !== me.id;
  const requestPending = heldByOther && lock?.requesterUserId === me.id;

  return {
    status: lock,
    activeUsers: activeUsers.data ?? [],
    watchesViewers: canSeeActive,
    taking: canTake && firstBeatFor !== refKey && !lock?.exclusiveWriteAccess,
    isHolder,
    heldByOther,
    readOnly: heldByOther,
    canTake,
    canForce,
    requestPending,
    /** True after asking when the holder has since cleared the request. */
    denied: requested && heldByOther && !requestPending,
    async request() {
      setRequested(await requestExclusiveWriteAccess(ref));
      await refresh();
    },
    async force() {
      held.current = await forceSetExclusiveWriteAccess(ref);
      setRequested(false);
      await refresh();
    },
    async deny() {
      await denyExclusiveWriteAccess(ref);
      await refresh();
    },
  };
}
