import { PROQ_COMMAND_TYPES } from '@b2b/contract';
import { defineCommandHandler, type RecurringCommand } from '../proq/command-registry.js';
import type { AuthService } from './auth.service.js';

/** Deletes sessions past their absolute or idle end. Idempotent: a second run finds none. */
export function purgeExpiredSessionsHandler(auth: Pick<AuthService, 'purgeExpiredSessions'>) {
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
export const PURGE_EXPIRED_SESSIONS_SCHEDULE: RecurringCommand = {
  commandType: PROQ_COMMAND_TYPES.purgeExpiredSessions,
  cron: '0 * * * *',
};
