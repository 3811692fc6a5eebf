import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/client.js';
import { defineCommandHandler } from '../src/modules/proq/command-registry.js';

/**
 * The reliability tests' handler: it records every execution, then writes its effect keyed by
 * the command id (a second run adds nothing: that is the handler's idempotency), and, when
 * told, hangs on its first attempt after the effect — as if the process died just then.
 */
export function effectHandler(db: Database, commandType = 'Test.Effect') {
  return defineCommandHandler<{ hangOnFirstAttempt?: boolean; sleepMs?: number }>({
    commandType,
    async run({ command, attempt, payload, signal }) {
      await db.execute(
        sql`insert into test_executions (command_id, attempt) values (${command.id}, ${attempt})`,
      );
      if (payload.sleepMs) await pause(payload.sleepMs, signal);
      await db.execute(
        sql`insert into test_effects (idempotency_key) values (${command.id}) on conflict do nothing`,
      );
      if (payload.hangOnFirstAttempt && attempt === 1) await pause(600_000, signal);
      return { message: `effect written by attempt ${attempt}` };
    },
  });
}

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}
