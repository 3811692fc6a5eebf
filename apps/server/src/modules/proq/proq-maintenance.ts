import type { FastifyBaseLogger } from 'fastify';
import type { ProqConfig } from '../../config.js';
import type { Database } from '../../db/client.js';
import { staleAfterSeconds } from './proq-monitoring.service.js';
import { createProqQueueRepo } from './proq-queue.repo.js';
import type { createScheduler } from './proq-scheduler.js';
import { createProqWorkersRepo } from './proq-workers.repo.js';
import type { ProqService } from './proq.service.js';

/** Worker rows silent this long are forgotten (their commands were recovered long before). */
const FORGET_WORKERS_AFTER_SECONDS = 24 * 3600;

/**
 * One maintenance pass, run by every worker each heartbeat period; every step is safe to run
 * concurrently in several processes:
 * 1. commands of dead workers past their stuck time-out go back to Pending (or Error once
 *    attempts are used up), fenced by worker id and attempt;
 * 2. Blocked commands whose prerequisites finished are unblocked or canceled;
 * 3. count deltas are folded;
 * 4. recurring commands of a new period are enqueued (a unique key makes it once);
 * 5. long-silent workers are forgotten.
 */
export async function maintainQueue(deps: {
  db: Database;
  proq: ProqService;
  scheduler: ReturnType<typeof createScheduler>;
  log: FastifyBaseLogger;
  config: ProqConfig;
}): Promise<{ recovered: number }> {
  const queue = createProqQueueRepo(deps.db);
  const workers = createProqWorkersRepo(deps.db);
  let recovered = 0;
  for (const stuck of await queue.findStuck(staleAfterSeconds(deps.config))) {
    const ref = { id: stuck.id, attempt: stuck.attempt, batchId: stuck.batchId };
    const worker = stuck.lockedBy ?? 'unknown';
    const what = `worker ${worker} stopped responding during attempt ${stuck.attempt} of ${stuck.maxAttempts}`;
    const done =
      stuck.attempt >= stuck.maxAttempts
        ? await queue.endInError(worker, ref, `Stuck: ${what}`)
        : await queue.returnStuck(ref, worker, `Returned to the queue: ${what}`);
    if (done) {
      recovered++;
      deps.log.warn({ commandId: stuck.id, worker }, 'ProQ recovered a stuck command');
    }
  }
  await queue.sweepBlocked();
  await deps.proq.compactCounts();
  const due = deps.scheduler.due(new Date());
  if (due.length > 0) {
    await deps.proq.enqueue(due);
    deps.scheduler.enqueued(due);
  }
  await workers.purgeSilent(FORGET_WORKERS_AFTER_SECONDS);
  return { recovered };
}
