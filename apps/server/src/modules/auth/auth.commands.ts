import { PROQ_COMMAND_TYPES } from '@b2b/contract';
import {
  type CommandRegistry,
  defineCommandHandler,
  type RecurringCommand,
} from '../proq/command-registry.js';
import type { AuthService } from './auth.service.js';
import { uiText } from '../../lib/ui-text.js';

/** Anything else that keeps sessions: the Results links' sessions (magic-links). */
type SessionKeeper = { purgeExpiredSessions(): Promise<number> };
type Services = {
  auth: Pick<AuthService, 'purgeExpiredSessions'>;
  resultsLinks: SessionKeeper;
};

/**
 * Deletes users' sessions past their absolute or idle end and Results link sessions past their
 * link's end. Idempotent: a second run finds none.
 */
function purgeExpiredSessionsHandler({ auth, resultsLinks }: Services) {
  return defineCommandHandler({
    commandType: PROQ_COMMAND_TYPES.purgeExpiredSessions,
    maxAttempts: 3,
    async run() {
      const deleted = await auth.purgeExpiredSessions();
      const resultsLinkSessions = await resultsLinks.purgeExpiredSessions();
      return {
        message: uiText(
          `Deleted ${deleted} expired session(s) and ${resultsLinkSessions} expired Results link session(s)`,
        ),
        result: { deleted, resultsLinkSessions },
      };
    },
  });
}

/** Hourly, at minute 0. */
const PURGE_EXPIRED_SESSIONS_SCHEDULE: RecurringCommand = {
  commandType: PROQ_COMMAND_TYPES.purgeExpiredSessions,
  cron: '0 * * * *',
};

/** The auth module's ProQ commands and their schedule, registered by services.ts. */
export function registerAuthCommands(registry: CommandRegistry, services: Services): void {
  registry.register(purgeExpiredSessionsHandler(services));
  registry.schedule(PURGE_EXPIRED_SESSIONS_SCHEDULE);
}
