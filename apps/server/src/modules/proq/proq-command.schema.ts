import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const tz = (name: string) => timestamp(name, { withTimezone: true });

/**
 * ProQ commands: the queue itself (SPEC.md section 3, plus the engine's own columns).
 * No foreign key on `prerequisite`, so retention can delete old commands without scanning.
 * The counts the monitoring calls read are kept by statement triggers (see the proq_counts
 * migration) in proq_command_count_deltas.
 */
export const proqCommands = pgTable(
  'proq_commands',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    priority: integer('priority').notNull().default(0),
    prerequisite: uuid('prerequisite'),
    commandType: text('command_type').notNull(),
    category: text('category'),
    targetEntityId: text('target_entity_id'),
    jobId: uuid('job_id'),
    correlationId: text('correlation_id'),
    payload: jsonb('payload').notNull().default({}),
    queuedDate: tz('queued_date').notNull().defaultNow(),
    startedDate: tz('started_date'),
    completedDate: tz('completed_date'),
    state: text('state').notNull(),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    environment: text('environment'),
    processingGroup: text('processing_group'),
    scheduledTime: tz('scheduled_time'),
    stuckTimeOutInSeconds: integer('stuck_time_out_in_seconds').notNull().default(300),
    batchId: text('batch_id'),
    prerequisiteBatchId: text('prerequisite_batch_id'),
    message: text('message'),
    // Engine columns
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    /** When a Pending command may be claimed: its scheduled time, or the end of a retry delay. */
    availableAt: tz('available_at').notNull().defaultNow(),
    /** The back-off given to the last failed attempt, in seconds. */
    lastDelaySeconds: doublePrecision('last_delay_seconds'),
    /** The worker holding it while InProgress; with `attempts` it fences late writes. */
    lockedBy: text('locked_by'),
    progress: real('progress'),
    progressMessage: text('progress_message'),
    result: jsonb('result'),
    /** The prerequisite whose failure canceled this command (a retry of it restores this one). */
    canceledBecauseOf: uuid('canceled_because_of'),
    /** `commandType@period` of a scheduled command: unique, so each period is enqueued once. */
    scheduleKey: text('schedule_key'),
  },
  (t) => [
    check(
      'proq_commands_state_check',
      sql`${t.state} in ('Blocked', 'Pending', 'InProgress', 'Completed', 'Error', 'Canceled')`,
    ),
    uniqueIndex('proq_commands_schedule_key_idx')
      .on(t.scheduleKey)
      .where(sql`${t.scheduleKey} is not null`),
    index('proq_commands_claim_idx')
      .on(t.priority.desc(), t.availableAt)
      .where(sql`${t.state} = 'Pending'`),
    index('proq_commands_claim_grouped_idx')
      .on(t.priority.desc(), t.availableAt)
      .where(sql`${t.state} = 'Pending' and ${t.processingGroup} is not null`),
    index('proq_commands_in_progress_idx')
      .on(t.processingGroup)
      .where(sql`${t.state} = 'InProgress'`),
    index('proq_commands_blocked_prerequisite_idx')
      .on(t.prerequisite)
      .where(sql`${t.state} = 'Blocked'`),
    index('proq_commands_blocked_batch_idx')
      .on(t.prerequisiteBatchId)
      .where(sql`${t.state} = 'Blocked'`),
    index('proq_commands_batch_idx')
      .on(t.batchId, t.state)
      .where(sql`${t.batchId} is not null`),
    index('proq_commands_correlation_idx')
      .on(t.correlationId)
      .where(sql`${t.correlationId} is not null`),
    index('proq_commands_job_idx')
      .on(t.jobId, t.queuedDate)
      .where(sql`${t.jobId} is not null`),
    index('proq_commands_target_idx')
      .on(t.targetEntityId)
      .where(sql`${t.targetEntityId} is not null`),
    index('proq_commands_queued_idx')
      .on(t.priority.desc(), t.queuedDate)
      .where(sql`${t.state} in ('Blocked', 'Pending', 'InProgress')`),
    index('proq_commands_completed_idx')
      .on(t.completedDate.desc())
      .where(sql`${t.state} = 'Completed'`),
    index('proq_commands_error_idx')
      .on(t.completedDate.desc())
      .where(sql`${t.state} in ('Error', 'Canceled')`),
    index('proq_commands_queued_date_idx').on(t.queuedDate),
    index('proq_commands_retrying_idx')
      .on(t.availableAt)
      .where(sql`${t.state} = 'Pending' and ${t.lastDelaySeconds} is not null`),
    index('proq_commands_canceled_because_idx')
      .on(t.canceledBecauseOf)
      .where(sql`${t.canceledBecauseOf} is not null`),
  ],
);

/**
 * Per-statement count changes by (commandType, state), written by triggers and folded together
 * by the workers' maintenance: the monitoring counts never scan the commands table.
 */
export const proqCommandCountDeltas = pgTable('proq_command_count_deltas', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  commandType: text('command_type').notNull(),
  state: text('state').notNull(),
  delta: bigint('delta', { mode: 'number' }).notNull(),
});

/** Log lines command handlers write; keyed by job (no foreign key until jobs exist). */
export const proqJobLogs = pgTable(
  'proq_job_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    jobId: uuid('job_id'),
    commandId: uuid('command_id').notNull(),
    at: tz('at').notNull().defaultNow(),
    level: text('level').notNull(),
    message: text('message').notNull(),
  },
  (t) => [
    index('proq_job_logs_job_idx')
      .on(t.jobId, t.id)
      .where(sql`${t.jobId} is not null`),
    index('proq_job_logs_command_idx').on(t.commandId, t.id),
  ],
);
