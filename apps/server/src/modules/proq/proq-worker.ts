import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { ProqConfig } from '../../config.js';
import type { Database } from '../../db/client.js';
import { type CommandRegistry, PermanentCommandError } from './command-registry.js';
import { staleAfterSeconds } from './proq-monitoring.service.js';
import { maintainQueue } from './proq-maintenance.js';
import { createProqClaimRepo } from './proq-claim.repo.js';
import { createOutcomeRecorder } from './proq-outcomes.js';
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
/** Maintenance runs each heartbeat period, but not more often than this. */
const MIN_MAINTENANCE_MS = 1000;
/** A claimed command this old that the worker neither runs nor is saving was lost: hand it back. */
const ORPHAN_AFTER_SECONDS = 30;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A ProQ worker: claims due commands (as many as it has free slots, in one transaction), runs
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
  const outcomes = createOutcomeRecorder({
    workerId: id,
    queue,
    config,
    log,
    onSaved: () => wake(),
  });
  let stopping = false;
  let loopDone: Promise<void> = Promise.resolve();
  let wakeUp: (() => void) | null = null;
  const timers: NodeJS.Timeout[] = [];
  /** Heartbeats and maintenance passes under way: stop() waits for them before leaving. */
  const inFlight = new Set<Promise<void>>();
  let unsubscribe = () => {};

  function track(task: Promise<void>) {
    const run = task
      .catch((error: unknown) => log.error({ err: error, worker: id }, 'ProQ worker task failed'))
      .finally(() => inFlight.delete(run));
    inFlight.add(run);
  }

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
      // Paused background service: claim nothing until resumed (resuming wakes the loop).
      if (free <= 0 || !options.proq.isBackgroundServiceRunning()) {
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
      outcomes.completed(ref, outcome);
    } catch (error) {
      if (!entry.releasing) await outcomes.failed(command, ref, error);
    } finally {
      clearTimeout(timeout);
      running.delete(command.id);
      wake();
    }
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
      if (running.has(row.id) || outcomes.isSaving(row.id)) continue;
      await queue.returnStuck(row, id, 'Returned to the queue: its outcome was not recorded');
      log.warn({ worker: id, commandId: row.id }, 'ProQ handed back an orphaned command');
    }
  }

  let maintaining = false;
  async function maintain() {
    if (maintaining || stopping) return;
    maintaining = true;
    try {
      await outcomes.retryUnsaved();
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
          if (stopping) return;
          track(task());
        }, ms);
        timer.unref();
        timers.push(timer);
      };
      every(config.heartbeatMs, heartbeat);
      every(Math.max(MIN_MAINTENANCE_MS, config.heartbeatMs), maintain);
      unsubscribe = options.proq.onEnqueued(wake);
      loopDone = claimLoop();
      track(maintain());
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
      await Promise.all(inFlight);
      const deadline = Date.now() + graceMs;
      while (running.size > 0 && Date.now() < deadline) await sleep(20);
      const unfinished = [...running.values()];
      for (const entry of unfinished) {
        entry.releasing = true;
        entry.controller.abort(new Error('Worker shutting down'));
      }
      await outcomes.drain();
      if (unfinished.length > 0) {
        await queue.release(
          id,
          unfinished.map((e) => e.ref),
          `Released by worker ${id} at shutdown; the attempt does not count`,
        );
      }
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
