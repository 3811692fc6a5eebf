import { useCallback } from 'react';
import { useStoredValue } from '../storage/use-stored-value';
import { CLIENT_FLAGS, parseFlag, type ClientFlag } from './client-flags';

/** A persisted client flag and its setter; every reader re-renders when it changes. */
export function useClientFlag(flag: ClientFlag): [boolean, (value: boolean) => void] {
  const { area, key, defaultValue } = CLIENT_FLAGS[flag];
  const [stored, setStored] = useStoredValue(area, key);
  const setFlag = useCallback((value: boolean) => setStored(String(value)), [setStored]);
  return [parseFlag(stored, defaultValue), setFlag];
}
