import { readStored, writeStored, type StorageArea } from '../storage/browser-storage';

/**
 * The persisted client flags of SPEC.md section 9. Idle auto-logout belongs to this sign-in
 * only (session storage); the other two are preferences of this browser (local storage).
 */
export const CLIENT_FLAGS = {
  idleAutoLogout: { area: 'session', key: 'b2b.idleAutoLogout', defaultValue: true },
  queriesRefetch: { area: 'local', key: 'b2b.queriesRefetch', defaultValue: true },
  serverSideRendering: { area: 'local', key: 'b2b.serverSideRendering', defaultValue: true },
} as const satisfies Record<string, { area: StorageArea; key: string; defaultValue: boolean }>;

export type ClientFlag = keyof typeof CLIENT_FLAGS;

/** Parses a stored flag: only 'true' and 'false' count, anything else is the default. */
export function parseFlag(stored: string | null, defaultValue: boolean): boolean {
  if (stored === 'true') return true;
  if (stored === 'false') return false;
  return defaultValue;
}

/** The flag's current value, for code outside React. */
export function readClientFlag(flag: ClientFlag): boolean {
  const { area, key, defaultValue } = CLIENT_FLAGS[flag];
  return parseFlag(readStored(area, key), defaultValue);
}

/** True once the flag has been stored in this browser (or this tab, for session flags). */
export function isClientFlagStored(flag: ClientFlag): boolean {
  const { area, key } = CLIENT_FLAGS[flag];
  return readStored(area, key) !== null;
}

export function writeClientFlag(flag: ClientFlag, value: boolean): void {
  const { area, key } = CLIENT_FLAGS[flag];
  writeStored(area, key, String(value));
}
