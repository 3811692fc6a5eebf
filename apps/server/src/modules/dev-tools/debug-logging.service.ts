import { hostname } from 'node:os';
import type { DebugLoggingState, DebugLoggingWindow, LogLevel } from '@b2b/contract';
import type { Actor } from '../../lib/actor.js';
import type { RecentLogLines } from '../../lib/recent-log-lines.js';
import type { SystemLogsService } from '../system-logs/system-logs.service.js';
import type { SystemService } from '../system/system.service.js';

/** A logger whose level can be set: the server's root logger, ProQ's logger. */
type LevelledLogger = { level: string };
type ServerLevel = DebugLoggingState['defaultLevel'];

/** How often a process looks for a window another process set (or one that ended). */
const FOLLOW_EVERY_MS = 5000;

/** The window in force at `now`: an ended one counts as none. */
export function windowInForce(window: DebugLoggingWindow | null, now: Date) {
  return window && Date.parse(window.until) > now.getTime() ? window : null;
}

/**
 * Debug logging (SPEC §2 Dev, /dev/exercise/debug-logging): a developer sets the server's log
 * level for a time window. The window lives in the database, so every API and worker process
 * follows it within FOLLOW_EVERY_MS; the process that is asked applies it at once. When the window
 * ends each process goes back to LOG_LEVEL by itself, so a forgotten window cannot leave
 * production logging at trace.
 */
export function createDebugLoggingService(deps: {
  system: SystemService;
  systemLogs: SystemLogsService;
  defaultLevel: ServerLevel;
  recentLines: RecentLogLines | undefined;
}) {
  const followed = new Set<LevelledLogger>();
  let timer: NodeJS.Timeout | undefined;
  let applied: ServerLevel = deps.defaultLevel;

  const apply = (window: DebugLoggingWindow | null) => {
    applied = windowInForce(window, new Date())?.level ?? deps.defaultLevel;
    for (const logger of followed) logger.level = applied;
  };

  const refresh = async () => apply(await deps.system.getDebugLoggingWindow());

  const state = async (query: { level: LogLevel; limit: number }): Promise<DebugLoggingState> => {
    const window = windowInForce(await deps.system.getDebugLoggingWindow(), new Date());
    return {
      defaultLevel: deps.defaultLevel,
      effectiveLevel: applied,
      window,
      process: `${hostname()}:${process.pid}`,
      lines: deps.recentLines?.read(query.level, query.limit) ?? [],
    };
  };

  const record = (actor: Actor, before: DebugLoggingWindow | null, after: unknown) =>
    deps.systemLogs.record(actor, {
      action: after ? 'StartDebugLogging' : 'StopDebugLogging',
      entityType: 'DebugLogging',
      entityId: 'server',
      before,
      after,
    });

  return {
    /** Loggers of this process that follow the window (the root logger and its long-lived children). */
    follow(logger: LevelledLogger) {
      followed.add(logger);
      logger.level = applied;
    },
    /** Look for windows set by other processes until `stop`. */
    watch() {
      timer ??= setInterval(() => void refresh().catch(() => undefined), FOLLOW_EVERY_MS);
      timer.unref();
      return refresh();
    },
    stop() {
      clearInterval(timer);
      timer = undefined;
    },
    state,

    async start(actor: Actor, body: { level: LogLevel; minutes: number }) {
      const before = windowInForce(await deps.system.getDebugLoggingWindow(), new Date());
      const now = new Date();
      const window: DebugLoggingWindow = {
        level: body.level,
        until: new Date(now.getTime() + body.minutes * 60_000).toISOString(),
        setBy: actor.username,
        setAt: now.toISOString(),
      };
      await deps.system.setDebugLoggingWindow(window);
      await record(actor, before, window);
      apply(window);
      return state({ level: 'trace', limit: 200 });
    },

    async end(actor: Actor) {
      const before = windowInForce(await deps.system.getDebugLoggingWindow(), new Date());
      await deps.system.setDebugLoggingWindow(null);
      if (before) await record(actor, before, null);
      apply(null);
      return state({ level: 'trace', limit: 200 });
    },
  };
}
