import { PROQ_COMMAND_TYPES } from '@b2b/contract';
import {
  type CommandRegistry,
  defineCommandHandler,
  type RecurringCommand,
} from '../proq/command-registry.js';
import type { AuthService } from './auth.service.js';

/** Deletes sessions past their absolute or idle end. Idempotent: a second run finds none. */
function purgeExpiredSessionsHandler(auth: Pick<AuthService, 'purgeExpiredSessions'>) {
  return defineCommandHandler({
    commandType: PROQ_COMMAND_TYPES.purgeExpiredSessions,
    maxAttempts: 3,
    async run() {
      const deleted = await auth.purgeExpiredSessions();
      return { message: `Deleted ${deleted} expired session(s)`, result: { deleted } };
    },
  });
}

/** Hourly, at minute 0. */
const PURGE_EXPIRED_SESSIONS_SCHEDULE: RecurringCommand = {
  commandType: PROQ_COMMAND_TYPES.purgeExpiredSessions,
  cron: '0 * * * *',
};

/** The auth module's ProQ commands and their schedule, registered by services.ts. */
export function registerAuthCommands(
  registry: CommandRegistry,
  services: { auth: Pick<AuthService, 'purgeExpiredSessions'> },
): void {
  registry.register(purgeExpiredSessionsHandler(services.auth));
  registry.schedule(PURGE_EXPIRED_SESSIONS_SCHEDULE);
}
