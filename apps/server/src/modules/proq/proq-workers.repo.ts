import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { proqCommands, proqJobLogs } from './proq-command.schema.js';
import { proqPauses, proqWorkers } from './proq-worker.schema.js';

/** Worker heartbeats, queue pauses and job log lines. */
export function createProqWorkersRepo(db: Database) {
  return {
    /** Registers the worker or refreshes its heartbeat (re-creating a row someone purged). */
    async heartbeat(worker: Omit<typeof proqWorkers.$inferInsert, 'startedAt' | 'heartbeatAt'>) {
      await db
        .insert(proqWorkers)
        .values(worker)
        .onConflictDoUpdate({ target: proqWorkers.id, set: { heartbeatAt: sql`now()` } });
    },
    async remove(workerId: string) {
      await db.delete(proqWorkers).where(eq(proqWorkers.id, workerId));
    },
    /** Forgets workers silent for longer than `seconds` (their commands were recovered). */
    async purgeSilent(seconds: number) {
      await db
        .delete(proqWorkers)
        .where(sql`${proqWorkers.heartbeatAt} < now() - make_interval(secs => ${seconds})`);
    },
    /** Every known worker and whether it heart-beat within `staleSeconds`. */
    list(staleSeconds: number) {
      return db
        .select({
          id: proqWorkers.id,
          hostname: proqWorkers.hostname,
          pid: proqWorkers.pid,
          concurrency: proqWorkers.concurrency,
          startedAt: proqWorkers.startedAt,
          heartbeatAt: proqWorkers.heartbeatAt,
          isAlive: sql<boolean>`${proqWorkers.heartbeatAt} > now() - make_interval(secs => ${staleSeconds})`,
        })
        .from(proqWorkers)
        .orderBy(asc(proqWorkers.startedAt));
    },
    async anyAlive(staleSeconds: number): Promise<boolean> {
      const [row] = await db
        .select({ alive: sql<boolean>`true` })
        .from(proqWorkers)
        .where(sql`${proqWorkers.heartbeatAt} > now() - make_interval(secs => ${staleSeconds})`)
        .limit(1);
      return !!row;
    },

    async pause(scope: string, by: string) {
      await db.insert(proqPauses).values({ scope, pausedBy: by }).onConflictDoNothing();
    },
    async resume(scope: string) {
      await db.delete(proqPauses).where(eq(proqPauses.scope, scope));
    },
    listPauses() {
      return db.select().from(proqPauses);
    },

    async writeLog(line: typeof proqJobLogs.$inferInsert) {
      await db.insert(proqJobLogs).values(line);
    },
    /** The latest `limit` lines of a command, oldest first. */
    async commandLogs(commandId: string, limit: number) {
      const rows = await db
        .select()
        .from(proqJobLogs)
        .where(eq(proqJobLogs.commandId, commandId))
        .orderBy(desc(proqJobLogs.id))
        .limit(limit);
      return rows.reverse();
    },
    /** A job's lines after `afterId`, oldest first, with the type of the command that wrote each. */
    jobLogs(jobId: string, afterId: number, limit: number) {
      return db
        .select({
          id: proqJobLogs.id,
          at: proqJobLogs.at,
          level: proqJobLogs.level,
          message: proqJobLogs.message,
          commandType: proqCommands.commandType,
        })
        .from(proqJobLogs)
        .leftJoin(proqCommands, eq(proqCommands.id, proqJobLogs.commandId))
        .where(and(eq(proqJobLogs.jobId, jobId), sql`${proqJobLogs.id} > ${afterId}`))
        .orderBy(asc(proqJobLogs.id))
        .limit(limit);
    },
    /** Whether one of the job's commands is running, so it may still write log lines. */
    async jobHasRunningCommand(jobId: string) {
      const rows = await db
        .select({ id: proqCommands.id })
        .from(proqCommands)
        .where(and(eq(proqCommands.jobId, jobId), eq(proqCommands.state, 'InProgress')))
        .limit(1);
      return rows.length > 0;
    },
  };
}
