import {
  authorizationEndpoints,
  usersEndpoints as endpoints,
  type PagedListRequest,
  type WrappedPagedListRequest,
} from '@b2b/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { adminQueryKeys } from './admin-query-keys';

export type UserStatus = 'active' | 'unapproved' | 'pending' | 'deactivated';
export type UserUpdateInput = z.input<typeof endpoints.updateUser.body>;
export type UserInviteInput = z.input<typeof endpoints.inviteUser.body>;

const STATUS_ENDPOINTS = {
  active: endpoints.listActiveUsers,
  unapproved: endpoints.listUnapprovedUsers,
  pending: endpoints.listPendingUsers,
  deactivated: endpoints.listDeactivatedUsers,
} as const;

export function listUsers(status: UserStatus, body: WrappedPagedListRequest, signal?: AbortSignal) {
  return apiRequest(STATUS_ENDPOINTS[status], { body, signal });
}

export function useUser(id: string) {
  return useQuery({
    queryKey: adminQueryKeys.user(id),
    queryFn: ({ signal }) => apiRequest(endpoints.getUser, { params: { id }, signal }),
  });
}

export function listUserJobs(userId: string, body: PagedListRequest, signal?: AbortSignal) {
  return apiRequest(authorizationEndpoints.listAuthMappedJobArtifacts, {
    query: { userId },
    body,
    signal,
  });
}

export function useAllRoles() {
  return useQuery({
    queryKey: adminQueryKeys.allRoles,
    queryFn: ({ signal }) => apiRequest(authorizationEndpoints.getAllRoles, { signal }),
    staleTime: Infinity,
  });
}

/** Users to pick for an issuer: eligible and not yet members. */
export function usePotentialIssuerUsers(issuerId: string, search: string) {
  return useQuery({
    queryKey: adminQueryKeys.userSearch(`issuer:${issuerId}`, search),
    queryFn: ({ signal }) =>
      apiRequest(endpoints.getPotentialIssuerUsers, {
        query: { issuerId, search: search || undefined, limit: 20 },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function usePotentialUserIssuers(userId: string) {
  return useQuery({
    queryKey: [...adminQueryKeys.user(userId), 'potential-issuers'],
    queryFn: ({ signal }) =>
      apiRequest(endpoints.getPotentialUserIssuers, { params: { id: userId }, signal }),
  });
}

function useUserMutation<I, R>(run: (input: I) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminQueryKeys.users }),
  });
}

export const useUpdateUser = () =>
  useUserMutation((body: UserUpdateInput) => apiRequest(endpoints.updateUser, { body }));
export const useSetUserRoles = () =>
  useUserMutation((input: { userId: string; standard: string[]; tabbedView: string[] }) =>
    apiRequest(authorizationEndpoints.setUserRoles, {
      params: { userId: input.userId },
      body: { standard: input.standard, tabbedView: input.tabbedView } as z.input<
        typeof authorizationEndpoints.setUserRoles.body
      >,
    }),
  );
export const useDeactivateUser = () =>
  useUserMutation((id: string) => apiRequest(endpoints.deactivateUser, { body: { id } }));
export const useReactivateUser = () =>
  useUserMutation((id: string) => apiRequest(endpoints.reactivateUser, { body: { id } }));
export const useInviteUser = () =>
  useUserMutation((body: UserInviteInput) => apiRequest(endpoints.inviteUser, { body }));
