import { sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  PermanentCommandError,
  defineCommandHandler,
} from '../src/modules/proq/command-registry.js';
import type { Actor } from '../src/lib/actor.js';
import type { TestApp } from './harness.js';
import { createEffectTables, registerOnce, statesOf, waitFor } from './proq-kit.js';

export const operator: Actor = {
  userId: '00000000-0000-4000-8000-000000000001',
  username: 'operator@example.com',
  sessionId: 'test',
  permissions: [],
  issuerIds: [],
  managedIssuerIds: [],
  eligible: true,
};

const RecordPayload = z.object({
  key: z.string(),
  sleepMs: z.number().optional(),
  failTimes: z.number().optional(),
  permanent: z.boolean().optional(),
  group: z.string().optional(),
});

/**
 * The engine tests' handler 'Test.Record': it records the order it ran in and how many of a
 * payload `group` ran at once; it can sleep (stopping when aborted), fail a number of times, or
 * fail permanently.
 */
export function useRecorder(t: TestApp) {
  const seen = {
    order: [] as string[],
    running: new Map<string, number>(),
    peak: new Map<string, number>(),
  };
  return {
    seen,
    reset() {
      seen.order = [];
      seen.running = new Map();
      seen.peak = new Map();
    },
    async register() {
      await createEffectTables(t.database);
      registerOnce(
        t,
        defineCommandHandler({
          commandType: 'Test.Record',
          payloadSchema: RecordPayload,
          async run({ payload, attempt, command, signal, log, reportProgress }) {
            const group = payload.group ?? '-';
            const { running, peak } = seen;
            running.set(group, (running.get(group) ?? 0) + 1);
            peak.set(group, Math.max(peak.get(group) ?? 0, running.get(group)!));
            try {
              await t.database.db.execute(
                sql`insert into test_executions (command_id, attempt) values (${command.id}, ${attempt})`,
              );
              await log(`attempt ${attempt} of ${payload.key}`);
              if (payload.sleepMs) {
                await new Promise<void>((resolve) => {
                  const timer = setTimeout(resolve, payload.sleepMs);
                  signal.addEventListener('abort', () => {
                    clearTimeout(timer);
                    resolve();
                  });
                });
                // A well-behaved handler stops when its attempt is aborted.
                if (signal.aborted) throw signal.reason;
              }
              if (payload.permanent) throw new PermanentCommandError(`${payload.key} cannot work`);
              if (attempt <= (payload.failTimes ?? 0)) throw new Error(`boom ${attempt}`);
              await reportProgress(50, 'half-way');
              await t.database.db.execute(
                sql`insert into test_effects (idempotency_key) values (${payload.key}) on conflict do nothing`,
              );
              seen.order.push(payload.key);
              return { message: `did ${payload.key}`, result: { key: payload.key } };
            } finally {
              running.set(group, running.get(group)! - 1);
            }
          },
        }),
      );
    },
  };
}

/** A 'Test.Record' command to enqueue. */
export const record = (key: string, extra: Record<string, unknown> = {}, payload = {}) => ({
  commandType: 'Test.Record',
  payload: { key, ...payload },
  ...extra,
});

/** Waits until every command is Completed, Error or Canceled; returns their states. */
export const untilFinal = (t: TestApp, ids: string[], timeoutMs = 30_000) =>
  waitFor(
    () => statesOf(t.database, ids),
    (states) =>
      ids.every((id) => ['Completed', 'Error', 'Canceled'].includes(states.get(id)?.state ?? '')),
    timeoutMs,
    `commands ${ids.length} to finish`,
  );
