import { sql } from 'drizzle-orm';
import type { Database } from '../apps/server/src/db/client.js';
import {
  type createCommandRegistry,
  defineCommandHandler,
} from '../apps/server/src/modules/proq/command-registry.js';

/**
 * The soak benchmark's command types, registered only by the benchmark and its worker
 * processes. Every run is logged (`soak_runs`); the effect (`soak_effects`, deliberately without
 * a unique key) is written once per command by an idempotent handler: it checks for its own
 * effect first. Two workers running one command at once (a double claim) would pass that check
 * together and write it twice, so a command with two effects is work done twice.
 */
export const SOAK_COMMAND_TYPES = ['Soak.Quick', 'Soak.Slow', 'Soak.Flaky'] as const;

export async function createSoakTables(db: Database): Promise<void> {
  await db.execute(sql`drop table if exists soak_runs, soak_effects`);
  await db.execute(
    sql`create table soak_runs (command_id uuid not null, attempt int not null, pid int not null, at timestamptz not null default clock_timestamp())`,
  );
  await db.execute(
    sql`create table soak_effects (command_id uuid not null, pid int not null, at timestamptz not null default clock_timestamp())`,
  );
}

type Registry = ReturnType<typeof createCommandRegistry>;

export function registerSoakHandlers(registry: Registry, db: Database): void {
  const effect = async (commandId: string) => {
    await db.execute(sql`insert into soak_effects (command_id, pid)
      select ${commandId}::uuid, ${process.pid}
      where not exists (select 1 from soak_effects where command_id = ${commandId}::uuid)`);
  };
  const logRun = (commandId: string, attempt: number) =>
    db.execute(
      sql`insert into soak_runs (command_id, attempt, pid) values (${commandId}::uuid, ${attempt}, ${process.pid})`,
    );

  registry.register(
    defineCommandHandler({
      commandType: 'Soak.Quick',
      async run({ command, attempt }) {
        await logRun(command.id, attempt);
        await effect(command.id);
        return { message: 'done' };
      },
    }),
  );
  registry.register(
    defineCommandHandler<{ ms: number }>({
      commandType: 'Soak.Slow',
      async run({ command, attempt, payload }) {
        await logRun(command.id, attempt);
        await new Promise((r) => setTimeout(r, payload.ms));
        await effect(command.id);
        return { message: 'done' };
      },
    }),
  );
  registry.register(
    defineCommandHandler({
      commandType: 'Soak.Flaky',
      async run({ command, attempt }) {
        await logRun(command.id, attempt);
        if (attempt === 1) throw new Error('flaky: fails its first attempt');
        await effect(command.id);
        return { message: 'done' };
      },
    }),
  );
}
