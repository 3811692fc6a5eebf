import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../src/db/client.js';
import type { CommandHandler } from '../src/modules/proq/command-registry.js';
import { createProqWorker, type ProqWorker } from '../src/modules/proq/proq-worker.js';
import type { TestApp } from './harness.js';

/** Fast engine timings for tests: heartbeats every 250 ms, maintenance every second, short back-off. */
export const PROQ_TEST_ENV = {
  PROQ_HEARTBEAT_SECONDS: '0.25',
  PROQ_POLL_MAX_MS: '100',
  PROQ_BACKOFF_MIN_SECONDS: '0.05',
  PROQ_BACKOFF_MAX_SECONDS: '0.2',
  PROQ_SHUTDOWN_GRACE_SECONDS: '2',
};

/** Workers started by a test file, stopped by stopWorkers(). */
export function workerPool(t: TestApp) {
  const started: ProqWorker[] = [];
  return {
    async start(
      options: { concurrency?: number; commandTypes?: string[]; database?: DatabaseHandle } = {},
    ): Promise<ProqWorker> {
      const { services, config } = t.app.ctx;
      const worker = createProqWorker({
        db: (options.database ?? t.database).db,
        proq: services.proq,
        registry: services.proq.registry,
        config: config.proq,
        log: t.app.log,
        concurrency: options.concurrency ?? 2,
        commandTypes: options.commandTypes,
      });
      await worker.start();
      started.push(worker);
      return worker;
    },
    async stopAll(graceMs = 2000): Promise<void> {
      await Promise.all(started.splice(0).map((w) => w.stop(graceMs)));
    },
  };
}

/** Registers a handler on the test app's registry unless one of that type exists. */
export function registerOnce<P>(t: TestApp, handler: CommandHandler<P>): void {
  const registry = t.app.ctx.services.proq.registry;
  if (!registry.get(handler.commandType)) registry.register(handler);
}

export async function waitFor<T>(
  probe: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 30_000,
  what = 'condition',
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (done(value)) return value;
    if (Date.now() > deadline)
      throw new Error(`Timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

export async function rows<T>(database: DatabaseHandle, statement: ReturnType<typeof sql>) {
  return ((await database.db.execute(statement)) as unknown as { rows: T[] }).rows;
}

/** States of the given commands, by id. */
export async function statesOf(database: DatabaseHandle, ids: string[]) {
  const list = await rows<{ id: string; state: string; message: string | null; attempts: number }>(
    database,
    sql`select id, state, message, attempts from proq_commands
        where id in (${sql.join(
          ids.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`,
  );
  return new Map(list.map((r) => [r.id, r]));
}

/**
 * A table a test handler writes its effect to. `effects` has the idempotency key as primary
 * key (a second run of the same command adds nothing); `executions` counts every run.
 */
export async function createEffectTables(database: DatabaseHandle): Promise<void> {
  await database.db.execute(
    sql`create table if not exists test_effects (idempotency_key text primary key, at timestamptz not null default now())`,
  );
  await database.db.execute(
    sql`create table if not exists test_executions (id bigserial primary key, command_id uuid not null, attempt int not null, at timestamptz not null default clock_timestamp())`,
  );
}
