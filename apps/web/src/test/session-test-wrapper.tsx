import type { CurrentUserProfile } from '@b2b/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { issuerProfile, notSignedIn } from './fixtures';
import { mockApi } from './mock-api';
import { sessionQueryKey } from '../lib/auth/get-session';
import { createQueryClient } from '../lib/query-client';

/**
 * Test support for shared components that read the session: a query client already holding a
 * signed-in user with the given permissions (`null`: the server answers 401, nobody is signed
 * in), and a wrapper that provides it.
 */
export function withSession(permissions: CurrentUserProfile['permissions'] | null) {
  const queryClient = createQueryClient();
  if (permissions) queryClient.setQueryData(sessionQueryKey, { ...issuerProfile, permissions });
  else mockApi({ 'GET /api/auth/session': notSignedIn });
  function SessionWrapper({ children }: { children: ReactNode }) {
    return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  }
  return { queryClient, Wrapper: SessionWrapper, user: { ...issuerProfile, permissions } };
}
