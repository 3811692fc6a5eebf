import { PROQ_COMMAND_TYPES } from '@b2b/contract';
import {
  type CommandRegistry,
  defineCommandHandler,
  type RecurringCommand,
} from './command-registry.js';
import type { ProqService } from './proq.service.js';
import { uiText } from '../../lib/ui-text.js';

/**
 * Deletes Completed and Canceled commands older than PROQ_RETENTION_DAYS. Idempotent: a second
 * run finds nothing more to delete.
 */
function purgeProqCommandsHandler(proq: Pick<ProqService, 'purgeFinishedCommands'>) {
  return defineCommandHandler({
    commandType: PROQ_COMMAND_TYPES.purgeProqCommands,
    maxAttempts: 3,
    stuckTimeOutInSeconds: 1800,
    async run({ signal }) {
      const { deleted, retentionDays } = await proq.purgeFinishedCommands({ signal });
      return {
        message: uiText(
          `Deleted ${deleted} Completed or Canceled command(s) older than ${retentionDays} day(s)`,
        ),
        result: { deleted, retentionDays },
      };
    },
  });
}

/** Daily at 02:45, before the day's work starts. */
const PURGE_PROQ_COMMANDS_SCHEDULE: RecurringCommand = {
  commandType: PROQ_COMMAND_TYPES.purgeProqCommands,
  cron: '45 2 * * *',
};

/** ProQ's own housekeeping command and its schedule, registered by services.ts. */
export function registerProqCommands(
  registry: CommandRegistry,
  services: { proq: Pick<ProqService, 'purgeFinishedCommands'> },
): void {
  registry.register(purgeProqCommandsHandler(services.proq));
  registry.schedule(PURGE_PROQ_COMMANDS_SCHEDULE);
}
