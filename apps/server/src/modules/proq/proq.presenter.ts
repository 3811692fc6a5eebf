import type { CommandState, ProqCommand } from '@b2b/contract';
import type { ProqCommandRow } from './proq-queue.repo.js';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Whole minutes since the command was queued (SPEC.md section 9: age in minutes). */
export function ageInMinutes(queuedDate: Date, now = Date.now()): number {
  return Math.max(0, Math.floor((now - queuedDate.getTime()) / 60_000));
}

/** A command row in the shape of SPEC.md's ProQ command. */
export function presentCommand(row: ProqCommandRow, now = Date.now()): ProqCommand {
  return {
    id: row.id,
    priority: row.priority,
    prerequisite: row.prerequisite,
    commandType: row.commandType,
    category: row.category,
    targetEntityId: row.targetEntityId,
    jobId: row.jobId,
    correlationId: row.correlationId,
    payload: row.payload,
    queuedDate: row.queuedDate.toISOString(),
    startedDate: iso(row.startedDate),
    completedDate: iso(row.completedDate),
    state: row.state as CommandState,
    age: ageInMinutes(row.queuedDate, now),
    tags: row.tags,
    environment: row.environment,
    processingGroup: row.processingGroup,
    scheduledTime: iso(row.scheduledTime),
    stuckTimeOutInSeconds: row.stuckTimeOutInSeconds,
    batchId: row.batchId,
    prerequisiteBatchId: row.prerequisiteBatchId,
    message: row.message,
  };
}

/** The command detail: the command, its engine fields and its log lines. */
export function presentCommandDetail(
  row: ProqCommandRow,
  logs: { at: Date; level: string; message: string }[],
) {
  return {
    ...presentCommand(row),
    message: row.message,
    attempts: row.attempts,
    maxAttempts: row.maxAttempts,
    availableAt: row.availableAt.toISOString(),
    progress: row.progress,
    progressMessage: row.progressMessage,
    lockedBy: row.lockedBy,
    result: row.result,
    logs: logs.map((l) => ({
      at: l.at.toISOString(),
      level: l.level as 'info' | 'warn' | 'error',
      message: l.message,
    })),
  };
}
