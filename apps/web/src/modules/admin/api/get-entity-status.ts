import { concurrencyEndpoints, type EntityRef } from '@b2b/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminQueryKeys } from './admin-query-keys';

/** Who holds the entity's write lock and who asked for it. */
export async function getEntityStatus(ref: EntityRef, signal?: AbortSignal) {
  return (await apiRequest(concurrencyEndpoints.getEntityStatus, { body: ref, signal }))[0]!;
}

export function entityStatusQueryOptions(ref: EntityRef) {
  return queryOptions({
    queryKey: adminQueryKeys.lock(ref.entityType, ref.entityId),
    queryFn: ({ signal }) => getEntityStatus(ref, signal),
  });
}
