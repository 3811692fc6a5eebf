import { STANDARD_ROLES, type StandardRole } from '@b2b/contract';
import { useEffect, useMemo } from 'react';
import { useStoredValue } from '../../../lib/storage/use-stored-value';

function parseRoles(text: string | null): StandardRole[] {
  try {
    const value: unknown = text ? JSON.parse(text) : [];
    return Array.isArray(value) ? STANDARD_ROLES.filter((role) => value.includes(role)) : [];
  } catch {
    return [];
  }
}

/**
 * Every standard role the user was seen to hold in this tab, in catalogue order. The session
 * profile lists only the active roles once the switcher narrowed them, so the ones switched off
 * are remembered here (session storage) to be offered again.
 */
export function useKnownRoles(userId: string, active: readonly StandardRole[]): StandardRole[] {
  const [stored, setStored] = useStoredValue('session', `b2b.knownRoles.${userId}`);
  const known = useMemo(() => {
    const remembered = parseRoles(stored);
    return STANDARD_ROLES.filter((role) => remembered.includes(role) || active.includes(role));
  }, [stored, active]);
  useEffect(() => {
    const text = JSON.stringify(known);
    if (text !== stored) setStored(text);
  }, [known, stored, setStored]);
  return known;
}
