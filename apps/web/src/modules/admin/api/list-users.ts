import { usersEndpoints, type UserStatusSchema, type WrappedPagedListRequest } from '@b2b/contract';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

export type UserStatus = z.infer<typeof UserStatusSchema>;

const STATUS_ENDPOINTS = {
  active: usersEndpoints.listActiveUsers,
  unapproved: usersEndpoints.listUnapprovedUsers,
  pending: usersEndpoints.listPendingUsers,
  deactivated: usersEndpoints.listDeactivatedUsers,
} as const;

/** One page of the users of one status (grid key: `adminQueryKeys.userList(status)`). */
export function listUsers(status: UserStatus, body: WrappedPagedListRequest, signal?: AbortSignal) {
  return apiRequest(STATUS_ENDPOINTS[status], { body, signal });
}
