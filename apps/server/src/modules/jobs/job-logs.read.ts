import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { proqCommands, proqJobLogs } from '../proq/proq-command.schema.js';

/**
 * Read model: a job's log lines, which its ProQ commands write. Reads proq_job_logs and
 * proq_commands (proq module), joined for the command type that names the workflow step.
 */
export function createJobLogsRead(db: Database) {
  return {
    async logs(jobId: string, afterId: number, limit: number) {
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
  };
}
