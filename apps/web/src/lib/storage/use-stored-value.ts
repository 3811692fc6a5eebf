import { useCallback, useSyncExternalStore } from 'react';
import { readStored, subscribeStored, writeStored, type StorageArea } from './browser-storage';

/**
 * A string kept in browser storage, shared by every component that reads the same key and
 * re-rendered when it changes (here or, for local storage, in another tab).
 */
export function useStoredValue(
  area: StorageArea,
  key: string,
): [string | null, (value: string | null) => void] {
  const value = useSyncExternalStore(subscribeStored, () => readStored(area, key));
  const setValue = useCallback((next: string | null) => writeStored(area, key, next), [area, key]);
  return [value, setValue];
}
