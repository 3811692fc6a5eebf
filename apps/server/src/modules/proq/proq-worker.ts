import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { ProqConfig } from '../../config.js';
import type { Database } from '../../db/client.js';
import { retryDelaySeconds } from './backoff.js';
import { type CommandRegistry, PermanentCommandError } from './command-registry.js';
import { staleAfterSeconds } from './proq-monitoring.service.js';
import { maintainQueue } from './proq-maintenance.js';
import { createProqClaimRepo } from './proq-claim.repo.js';
import { type AttemptRef, type ProqCommandRow, createProqQueueRepo } from './proq-queue.repo.js';
import { createScheduler } from './proq-scheduler.js';
import { createProqWorkersRepo } from './proq-workers.repo.js';
import type { ProqService } from './proq.service.js';

export type ProqWorkerOptions = {
  db: Database;
  proq: ProqService;
  registry: CommandRegistry;
  config: ProqConfig;
  log: FastifyBaseLogger;
  /** Commands run at once. */
  concurrency: number;
  /** Only these command types (default: every registered one). */
  commandTypes?: string[];
  /** Called after each claim with its duration and how many commands it got (benchmarks). */
  onClaim?: (durationMs: number, claimed: number) => void;
};

type Running = { ref: AttemptRef; controller: AbortController; releasing: boolean };
const MIN_POLL_MS = 10;
const COMPLETION_BATCH = 500;
/** A claimed command this old that the worker neither runs nor is saving was lost: hand it back. */
const ORPHAN_AFTER_SECONDS = 30;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A ProQ worker: claims due commands (as many as it has free slots, in one statement), runs
 * their handlers, and records outcomes — completions batched, so a busy worker writes one
 * statement for many. It heart-beats, and its maintenance recovers dead workers' commands,
 * unblocks dependants, folds counts and enqueues scheduled commands.
 */
export function createProqWorker(options: ProqWorkerOptions) {
  const { db, registry, config, log, concurrency } = options;
  const id = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const queue = createProqQueueRepo(db);
  const claims = createProqClaimRepo(db);
  const workers = createProqWorkersRepo(db);
  const scheduler = createScheduler(registry.recurring);
  const commandTypes = options.commandTypes ?? registry.commandTypes();
  const groups = { limits: config.groupLimits, defaultLimit: config.defaultGroupLimit };
  const running = new Map<string, Running>();
  const completions: Parameters<typeof queue.complete>[1][number][] = [];
  const unsavedFailures: (() => Promise<void>)[] = [];
  /** Commands whose handler finished but whose outcome is not in the database yet. */
  const saving = new Set<string>();
  let flushing: Promise<void> | null = null;
  let stopping = false;
  let loopDone: Promise<void> = Promise.resolve();
  let wakeUp: (() => void) | null = null;
  const timers: NodeJS.Timeout[] = [];
  let unsubscribe = () => {};

  function wake() {
    wakeUp?.();
  }
  function waitForWake(ms: number) {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(finish, ms);
      function finish() {
        clearTimeout(timer);
        wakeUp = null;
        resolve();
      }
      wakeUp = finish;
    });
  }

  async function claimLoop() {
    let idleMs = MIN_POLL_MS;
    while (!stopping) {
      const free = concurrency - running.size;
      if (free <= 0) {
        await waitForWake(config.pollMaxMs);
        continue;
      }
      let claimed: ProqCommandRow[] = [];
      try {
        const started = performance.now();
        claimed = await claims.claim(id, commandTypes, free, groups);
        options.onClaim?.(performance.now() - started, claimed.length);
      } catch (error) {
        log.error({ err: error, worker: id }, 'ProQ claim failed');
      }
      for (const command of claimed) void runCommand(command);
      if (claimed.length === free) continue;
      idleMs = claimed.length > 0 ? MIN_POLL_MS : Math.min(idleMs * 2, config.pollMaxMs);
      if (!stopping) await waitForWake(idleMs);
    }
  }

  async function runCommand(command: ProqCommandRow) {
    const ref: AttemptRef = { id: command.id, attempt: command.attempts, batchId: command.batchId };
    const entry: Running = { ref, controller: new AbortController(), releasing: false };
    running.set(command.id, entry);
    const { signal } = entry.controller;
    const timeout = setTimeout(
      () =>
        entry.controller.abort(
          new Error(`Timed out after ${command.stuckTimeOutInSeconds} s (stuck time-out)`),
        ),
      command.stuckTimeOutInSeconds * 1000,
    );
    try {
      const handler = registry.get(command.commandType);
      if (!handler) throw new PermanentCommandError(`No handler for ${command.commandType}`);
      const parsed = handler.payloadSchema
        ? handler.payloadSchema.safeParse(command.payload)
        : { success: true as const, data: command.payload };
      if (!parsed.success)
        throw new PermanentCommandError(`Invalid payload: ${parsed.error.issues[0]?.message}`);
      const aborted = new Promise<never>((_, reject) => {
        signal.addEventListener('abort', () => reject(signal.reason as Error), { once: true });
      });
      const outcome = await Promise.race([
        handler.run({
          command,
          payload: parsed.data,
          attempt: command.attempts,
          signal,
          reportProgress: (percent, message) => queue.setProgress(id, ref, percent, message),
          log: (message, level = 'info') =>
            workers.writeLog({ jobId: command.jobId, commandId: command.id, level, message }),
        }),
        aborted,
      ]);
      saving.add(command.id);
      completions.push({
        ...ref,
        message: outcome?.message ?? null,
        result: outcome?.result ?? null,
      });
      flushCompletions();
    } catch (error) {
      if (!entry.releasing) {
        saving.add(command.id);
        await recordFailure(command, ref, error);
      }
    } finally {
      clearTimeout(timeout);
      running.delete(command.id);
      wake();
    }
  }

  async function recordFailure(command: ProqCommandRow, ref: AttemptRef, error: unknown) {
    const reason = (error as Error)?.message || 'Unknown error';
    const attempt = command.attempts;
    const save =
      error instanceof PermanentCommandError || attempt >= command.maxAttempts
        ? () =>
            queue
              .endInError(
                id,
                ref,
                error instanceof PermanentCommandError
                  ? reason
                  : `Failed after ${attempt} attempts: ${reason}`,
                error instanceof PermanentCommandError ? error.result : null,
              )
              .then(() => undefined)
        : () => {
            const delay = retryDelaySeconds(config.backoff, attempt);
            return queue
              .scheduleRetry(
                id,
                ref,
                delay,
                `Attempt ${attempt} of ${command.maxAttempts} failed: ${reason}; retrying in ${delay} s`,
              )
              .then(() => undefined);
          };
    log.warn({ worker: id, commandId: command.id, attempt, reason }, 'ProQ command failed');
    const saved = () => save().then(() => void saving.delete(command.id));
    try {
      await saved();
    } catch (dbError) {
      log.error({ err: dbError, commandId: command.id }, 'ProQ failure not saved; will retry');
      unsavedFailures.push(saved);
    }
  }

  /** Writes finished attempts in batches: one statement per batch, started as soon as idle. */
  function flushCompletions(): Promise<void> {
    flushing ??= (async () => {
      while (completions.length > 0) {
        const batch = completions.splice(0, COMPLETION_BATCH);
        try {
          await queue.complete(id, batch);
          for (const done of batch) saving.delete(done.id);
        } catch (error) {
          log.error({ err: error, worker: id }, 'ProQ completions not saved; retrying');
          completions.unshift(...batch);
          if (stopping) break;
          await sleep(1000);
        }
      }
      flushing = null;
    })();
    return flushing;
  }

  async function heartbeat() {
    await workers.heartbeat({
      id,
      hostname: hostname(),
      pid: process.pid,
      concurrency,
      commandTypes,
    });
  }

  /** InProgress under this worker in the database, yet neither running nor being saved here. */
  async function handBackOrphans() {
    for (const row of await claims.findClaimedBy(id, ORPHAN_AFTER_SECONDS)) {
      if (running.has(row.id) || saving.has(row.id)) continue;
      await queue.returnStuck(row, id, 'Returned to the queue: its outcome was not recorded');
      log.warn({ worker: id, commandId: row.id }, 'ProQ handed back an orphaned command');
    }
  }

  let maintaining = false;
  async function maintain() {
    if (maintaining || stopping) return;
    maintaining = true;
    try {
      for (const save of unsavedFailures.splice(0)) {
        await save().catch(() => unsavedFailures.push(save));
      }
      await handBackOrphans();
      await maintainQueue({ db, proq: options.proq, scheduler, log, config });
    } catch (error) {
      log.error({ err: error, worker: id }, 'ProQ maintenance failed');
    } finally {
      maintaining = false;
    }
  }

  return {
    id,
    /** Registers the worker, then claims and runs until stop(). */
    async start() {
      await heartbeat();
      const every = (ms: number, task: () => Promise<void>) => {
        const timer = setInterval(() => {
          task().catch((error: unknown) => log.error({ err: error }, 'ProQ worker timer failed'));
        }, ms);
        timer.unref();
        timers.push(timer);
      };
      every(config.heartbeatMs, heartbeat);
      every(config.heartbeatMs, maintain);
      unsubscribe = options.proq.onEnqueued(wake);
      loopDone = claimLoop();
      void maintain();
      log.info(
        { worker: id, concurrency, commandTypes: commandTypes.length },
        'ProQ worker started',
      );
    },

    /**
     * Stops claiming, lets running commands finish for up to `graceMs`, then aborts and
     * releases the rest to Pending (the attempt not counted), saves outcomes, and leaves.
     */
    async stop(graceMs = config.shutdownGraceMs) {
      if (stopping) return;
      stopping = true;
      unsubscribe();
      for (const timer of timers) clearInterval(timer);
      wake();
      await loopDone;
      const deadline = Date.now() + graceMs;
      while (running.size > 0 && Date.now() < deadline) await sleep(20);
      const unfinished = [...running.values()];
      for (const entry of unfinished) {
        entry.releasing = true;
        entry.controller.abort(new Error('Worker shutting down'));
      }
      await flushCompletions();
      if (unfinished.length > 0) {
        await queue.release(
          id,
          unfinished.map((e) => e.ref),
          `Released by worker ${id} at shutdown; the attempt does not count`,
        );
      }
      for (const save of unsavedFailures.splice(0)) await save().catch(() => undefined);
      await workers.remove(id);
      log.info({ worker: id, released: unfinished.length }, 'ProQ worker stopped');
    },

    /** Commands running now (tests and shutdown logs). */
    runningCount: () => running.size,
    /** Runs one maintenance pass now (tests). */
    maintain,
    staleAfterSeconds: () => staleAfterSeconds(config),
  };
}
export type ProqWorker = ReturnType<typeof createProqWorker>;
