import type { CurrentUserProfile } from '@b2b/contract';
import { useSession } from './get-session';

/** The signed-in user, for components rendered inside the signed-in frame (which waits for it). */
export function useCurrentUser(): CurrentUserProfile {
  const { data } = useSession();
  if (!data) throw new Error('useCurrentUser is only available inside the signed-in frame');
  return data;
}
