import { PROQ_COMMAND_TYPES } from '@b2b/contract';
import { defineCommandHandler, type RecurringCommand } from '../proq/command-registry.js';
import type { ChatService } from './chat.service.js';

/** Deletes chat exchanges older than CHAT_RETENTION_DAYS. Idempotent: a second run finds none. */
export function purgeChatLogsHandler(chat: Pick<ChatService, 'purgeExpiredLogs'>) {
  return defineCommandHandler({
    commandType: PROQ_COMMAND_TYPES.purgeChatLogs,
    maxAttempts: 3,
    async run() {
      const deleted = await chat.purgeExpiredLogs();
      return {
        message: `Deleted ${deleted.logs} chat exchange(s) and ${deleted.conversations} empty conversation(s)`,
        result: deleted,
      };
    },
  });
}

/** Daily at 03:15. */
export const PURGE_CHAT_LOGS_SCHEDULE: RecurringCommand = {
  commandType: PROQ_COMMAND_TYPES.purgeChatLogs,
  cron: '15 3 * * *',
};
