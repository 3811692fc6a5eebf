import type { FastifyBaseLogger } from 'fastify';
import type { ProqConfig } from '../../config.js';
import { retryDelaySeconds } from './backoff.js';
import { PermanentCommandError } from './command-registry.js';
import type { AttemptRef, ProqCommandRow, ProqQueueRepo } from './proq-queue.repo.js';

const COMPLETION_BATCH = 500;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Writes a worker's finished attempts. Completions are batched: while one batch is being
 * written the next ones gather, so a busy worker writes one statement for many commands.
 * A failure retries with back-off or ends in Error. Outcomes the database refused (it was
 * unreachable) stay in memory and are written again later; until then `isSaving` tells the
 * worker's orphan check that the command is not lost.
 */
export function createOutcomeRecorder(deps: {
  workerId: string;
  queue: ProqQueueRepo;
  config: ProqConfig;
  log: FastifyBaseLogger;
  /** Called after completions were written: their dependants may be claimable now. */
  onSaved: () => void;
}) {
  const { workerId, queue, log } = deps;
  const completions: (AttemptRef & { message: string | null; result: unknown })[] = [];
  const unsavedFailures: (() => Promise<void>)[] = [];
  const saving = new Set<string>();
  let flushing: Promise<void> | null = null;
  let giveUpOnError = false;

  function flush(): Promise<void> {
    flushing ??= (async () => {
      while (completions.length > 0) {
        const batch = completions.splice(0, COMPLETION_BATCH);
        try {
          await queue.complete(workerId, batch);
          for (const done of batch) saving.delete(done.id);
          deps.onSaved();
        } catch (error) {
          log.error({ err: error, worker: workerId }, 'ProQ completions not saved; retrying');
          completions.unshift(...batch);
          if (giveUpOnError) break;
          await sleep(1000);
        }
      }
      flushing = null;
    })();
    return flushing;
  }

  function failureWriter(command: ProqCommandRow, ref: AttemptRef, error: unknown) {
    const reason = (error as Error)?.message || 'Unknown error';
    const attempt = command.attempts;
    if (error instanceof PermanentCommandError || attempt >= command.maxAttempts) {
      const message =
        error instanceof PermanentCommandError
          ? reason
          : `Failed after ${attempt} attempts: ${reason}`;
      const result = error instanceof PermanentCommandError ? error.result : null;
      return () => queue.endInError(workerId, ref, message, result);
    }
    const delay = retryDelaySeconds(deps.config.backoff, attempt);
    const message = `Attempt ${attempt} of ${command.maxAttempts} failed: ${reason}; retrying in ${delay} s`;
    return () => queue.scheduleRetry(workerId, ref, delay, message);
  }

  return {
    completed(ref: AttemptRef, outcome: { message?: string; result?: unknown } | void) {
      saving.add(ref.id);
      completions.push({
        ...ref,
        message: outcome?.message ?? null,
        result: outcome?.result ?? null,
      });
      void flush();
    },

    async failed(command: ProqCommandRow, ref: AttemptRef, error: unknown) {
      saving.add(ref.id);
      const write = failureWriter(command, ref, error);
      const save = () => write().then(() => void saving.delete(ref.id));
      log.warn(
        {
          worker: workerId,
          commandId: ref.id,
          attempt: ref.attempt,
          reason: (error as Error)?.message,
        },
        'ProQ command failed',
      );
      try {
        await save();
      } catch (dbError) {
        log.error({ err: dbError, commandId: ref.id }, 'ProQ failure not saved; will retry');
        unsavedFailures.push(save);
      }
    },

    isSaving: (commandId: string) => saving.has(commandId),

    /** Writes again what the database refused before (maintenance). */
    async retryUnsaved() {
      for (const save of unsavedFailures.splice(0)) {
        await save().catch(() => unsavedFailures.push(save));
      }
      if (completions.length > 0) await flush();
    },

    /** At shutdown: one last attempt at everything, without waiting on a database that is gone. */
    async drain() {
      giveUpOnError = true;
      await flush();
      for (const save of unsavedFailures.splice(0)) await save().catch(() => undefined);
    },
  };
}
