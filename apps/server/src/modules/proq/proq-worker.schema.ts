import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const tz = (name: string) => timestamp(name, { withTimezone: true });

/** Live workers: each heart-beats here; a stale heartbeat means the worker is gone. */
export const proqWorkers = pgTable('proq_workers', {
  id: text('id').primaryKey(),
  hostname: text('hostname').notNull(),
  pid: integer('pid').notNull(),
  concurrency: integer('concurrency').notNull(),
  commandTypes: text('command_types').array().notNull(),
  startedAt: tz('started_at').notNull().defaultNow(),
  heartbeatAt: tz('heartbeat_at').notNull().defaultNow(),
});

/** `queue` pauses every command; a job id pauses that job's commands only. */
export const proqPauses = pgTable('proq_pauses', {
  scope: text('scope').primaryKey(),
  pausedAt: tz('paused_at').notNull().defaultNow(),
  pausedBy: text('paused_by').notNull(),
});
