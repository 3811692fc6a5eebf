import { parseCronExpression } from 'cron-schedule';
import type { RecurringCommand } from './command-registry.js';
import type { EnqueueCommand } from './proq.service.js';

/**
 * The cron-like scheduler: for each recurring command, the latest cron time at or before now
 * names the period, and `commandType@period` is the command's unique scheduleKey. However
 * many workers tick, the database accepts one command per period; a worker that was down
 * enqueues the latest missed period once (no catch-up storm).
 */
export function createScheduler(recurring: () => readonly RecurringCommand[]) {
  const parsed = new Map<string, ReturnType<typeof parseCronExpression>>();
  /** Keys this process already enqueued (or saw taken): no database round trip for those. */
  const lastKeys = new Map<string, string>();

  function cronOf(command: RecurringCommand) {
    let cron = parsed.get(command.cron);
    if (!cron) {
      cron = parseCronExpression(command.cron);
      parsed.set(command.cron, cron);
    }
    return cron;
  }

  return {
    /** The commands whose current period this process has not enqueued yet. */
    due(now: Date): EnqueueCommand[] {
      const due: EnqueueCommand[] = [];
      for (const command of recurring()) {
        const period = cronOf(command).getPrevDate(now);
        const scheduleKey = `${command.commandType}@${period.toISOString()}`;
        if (lastKeys.get(command.commandType) === scheduleKey) continue;
        due.push({
          commandType: command.commandType,
          payload: command.payload ?? {},
          priority: command.priority ?? 0,
          tags: ['scheduled'],
          scheduleKey,
        });
      }
      return due;
    },
    /** Remembers that these keys exist in the database now. */
    enqueued(commands: EnqueueCommand[]): void {
      for (const c of commands) if (c.scheduleKey) lastKeys.set(c.commandType, c.scheduleKey);
    },
  };
}
