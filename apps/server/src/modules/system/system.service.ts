import type { DebugLoggingWindow, SystemMode } from '@b2b/contract';
import type { Database } from '../../db/client.js';
import { createSystemRepo } from './system.repo.js';

/**
 * Several server processes share one database, so the mode lives there; each process reads it
 * at most once per CACHE_MS so the per-request check costs nothing.
 */
const CACHE_MS = 2000;

export function createSystemService(db: Database) {
  const repo = createSystemRepo(db);
  let cached: { mode: SystemMode; at: number } | undefined;

  return {
    async getMode(): Promise<SystemMode> {
      if (cached && Date.now() - cached.at < CACHE_MS) return cached.mode;
      const mode = (await repo.get<SystemMode>('systemMode')) ?? 'Live';
      cached = { mode, at: Date.now() };
      return mode;
    },
    async setMode(mode: SystemMode): Promise<SystemMode> {
      await repo.set('systemMode', mode);
      cached = { mode, at: Date.now() };
      return mode;
    },
    /** The version stamp clients compare to know a new version was deployed. */
    async getAppTimestamp(): Promise<string> {
      const stored = await repo.get<string>('appTimestamp');
      if (stored) return stored;
      const now = new Date().toISOString();
      await repo.set('appTimestamp', now);
      return now;
    },
    /** The Developer area's debug-logging window, shared by every process (SPEC §2 Dev). */
    async getDebugLoggingWindow(): Promise<DebugLoggingWindow | null> {
      const stored = await repo.get<{ window: DebugLoggingWindow | null }>('debugLogging');
      return stored?.window ?? null;
    },
    async setDebugLoggingWindow(window: DebugLoggingWindow | null): Promise<void> {
      // Wrapped: the column holds JSON and cannot hold SQL null.
      await repo.set('debugLogging', { window });
    },
    async touchAppTimestamp(): Promise<string> {
      const now = new Date().toISOString();
      await repo.set('appTimestamp', now);
      return now;
    },
  };
}
export type SystemService = ReturnType<typeof createSystemService>;
