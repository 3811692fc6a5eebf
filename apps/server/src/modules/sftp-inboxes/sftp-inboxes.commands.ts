import { PROQ_COMMAND_TYPES } from '@b2b/contract';
import { z } from 'zod';
import {
  type CommandRegistry,
  defineCommandHandler,
  type RecurringCommand,
} from '../proq/command-registry.js';
import type { SftpInboxesService } from './sftp-inboxes.service.js';
import { uiText } from '../../lib/ui-text.js';

type Inboxes = Pick<SftpInboxesService, 'enqueueDuePolls' | 'poll'>;

/** Every minute: a poll for each inbox whose schedule period began (once per period). */
function scheduleSftpPollsHandler(inboxes: Inboxes) {
  return defineCommandHandler({
    commandType: PROQ_COMMAND_TYPES.scheduleSftpPolls,
    maxAttempts: 1,
    async run() {
      const queued = await inboxes.enqueueDuePolls(new Date());
      return { message: uiText(`Queued ${queued} SFTP poll(s)`), result: { queued } };
    },
  });
}

/**
 * One inbox's poll. A retry of the same command (its worker died) keeps the inbox's lease and
 * goes on with the files it left; the command id is the lease owner.
 */
function pollSftpInboxHandler(inboxes: Inboxes) {
  return defineCommandHandler({
    commandType: PROQ_COMMAND_TYPES.pollSftpInbox,
    payloadSchema: z.object({ inboxId: z.uuid() }),
    maxAttempts: 3,
    async run({ command, payload, log }) {
      const outcome = await inboxes.poll(payload.inboxId, command.id);
      await log(outcome.message);
      return { message: outcome.message, result: outcome };
    },
  });
}

const SCHEDULE_SFTP_POLLS: RecurringCommand = {
  commandType: PROQ_COMMAND_TYPES.scheduleSftpPolls,
  cron: '* * * * *',
};

/** The SFTP inboxes' ProQ commands and their schedule, registered by services.ts. */
export function registerSftpInboxesCommands(
  registry: CommandRegistry,
  services: { sftpInboxes: Inboxes },
): void {
  registry.register(scheduleSftpPollsHandler(services.sftpInboxes));
  registry.register(pollSftpInboxHandler(services.sftpInboxes));
  registry.schedule(SCHEDULE_SFTP_POLLS);
}
