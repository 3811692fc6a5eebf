import { PROQ_COMMAND_TYPES } from '@b2b/contract';
import {
  type CommandRegistry,
  defineCommandHandler,
  type RecurringCommand,
} from '../proq/command-registry.js';
import type { ChatService } from './chat.service.js';
import { uiText } from '../../lib/ui-text.js';

/** Deletes chat exchanges older than CHAT_RETENTION_DAYS. Idempotent: a second run finds none. */
function purgeChatLogsHandler(chat: Pick<ChatService, 'purgeExpiredLogs'>) {
  return defineCommandHandler({
    commandType: PROQ_COMMAND_TYPES.purgeChatLogs,
    maxAttempts: 3,
    async run() {
      const deleted = await chat.purgeExpiredLogs();
      return {
        message: uiText(
          `Deleted ${deleted.logs} chat exchange(s) and ${deleted.conversations} empty conversation(s)`,
        ),
        result: deleted,
      };
    },
  });
}

/** Daily at 03:15. */
const PURGE_CHAT_LOGS_SCHEDULE: RecurringCommand = {
  commandType: PROQ_COMMAND_TYPES.purgeChatLogs,
  cron: '15 3 * * *',
};

/** The chat module's ProQ commands and their schedule, registered by services.ts. */
export function registerChatCommands(
  registry: CommandRegistry,
  services: { chat: Pick<ChatService, 'purgeExpiredLogs'> },
): void {
  registry.register(purgeChatLogsHandler(services.chat));
  registry.schedule(PURGE_CHAT_LOGS_SCHEDULE);
}
