/** Which browser storage a value lives in: per tab (session) or per browser (local). */
export type StorageArea = 'local' | 'session';

const listeners = new Set<() => void>();

function storageOf(area: StorageArea): Storage | undefined {
  // Private modes and locked-down browsers may refuse storage: the app then runs on defaults.
  try {
    return area === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return undefined;
  }
}

/** The stored text of a key, or null when absent or unavailable. */
export function readStored(area: StorageArea, key: string): string | null {
  try {
    return storageOf(area)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** Stores (or, with null, removes) a value and tells every subscriber in this tab. */
export function writeStored(area: StorageArea, key: string, value: string | null): void {
  try {
    const storage = storageOf(area);
    if (value === null) storage?.removeItem(key);
    else storage?.setItem(key, value);
  } catch {
    // A full or refused storage only loses the preference, never the action.
  }
  for (const listener of listeners) listener();
}

/**
 * Subscribes to stored-value changes: this tab's writes and (for local storage) other tabs'.
 * Shaped for useSyncExternalStore.
 */
export function subscribeStored(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}
