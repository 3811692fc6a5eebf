import { PROQ_COMMAND_TYPES } from '@b2b/contract';
import { z } from 'zod';
import {
  type CommandRegistry,
  PermanentCommandError,
  type RecurringCommand,
  defineCommandHandler,
} from '../proq/command-registry.js';
import type { MergeLinksService } from './merge-links.service.js';
import { uiText } from '../../lib/ui-text.js';

type LinkedAccounts = Pick<MergeLinksService, 'runSync' | 'enqueueDueSyncs'>;

/** Every 15 minutes: a sync of each linked account whose Daily or Weekly schedule is due. */
function scheduleLinkedAccountSyncsHandler(accounts: LinkedAccounts) {
  return defineCommandHandler({
    commandType: PROQ_COMMAND_TYPES.scheduleLinkedAccountSyncs,
    maxAttempts: 1,
    async run() {
      const queued = await accounts.enqueueDueSyncs(new Date());
      return { message: uiText(`Queued ${queued} linked account sync(s)`), result: { queued } };
    },
  });
}

const SCHEDULE_LINKED_ACCOUNT_SYNCS: RecurringCommand = {
  commandType: PROQ_COMMAND_TYPES.scheduleLinkedAccountSyncs,
  cron: '*/15 * * * *',
};

/**
 * One linked account's sync. Its failure is already on the account (with the API's message);
 * the command ends in Error without retries, since the same API answer would come again, and
 * the admin screen's re-sync starts a new one.
 */
function syncLinkedAccountHandler(accounts: LinkedAccounts) {
  return defineCommandHandler({
    commandType: PROQ_COMMAND_TYPES.syncLinkedAccount,
    payloadSchema: z.object({ linkedAccountId: z.uuid() }),
    maxAttempts: 3,
    async run({ payload, log }) {
      const outcome = await accounts.runSync(payload.linkedAccountId);
      await log(outcome.message);
      if (!outcome.ok) throw new PermanentCommandError(outcome.message);
      return { message: outcome.message, result: { jobId: outcome.jobId } };
    },
  });
}

/** The accounting connections' ProQ commands and their schedule, registered by services.ts. */
export function registerMergeLinksCommands(
  registry: CommandRegistry,
  services: { mergeLinks: LinkedAccounts },
): void {
  registry.register(syncLinkedAccountHandler(services.mergeLinks));
  registry.register(scheduleLinkedAccountSyncsHandler(services.mergeLinks));
  registry.schedule(SCHEDULE_LINKED_ACCOUNT_SYNCS);
}
