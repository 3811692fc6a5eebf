import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { queryRows } from '../../db/transaction.js';

/** Retention of finished commands: the table holds what is queued plus a window of history. */
export function createProqRetentionRepo(db: Database) {
  return {
    /**
     * Deletes up to `limit` Completed and Canceled commands that finished before `before`.
     * Kept: Error commands (an operator still has to look at them) and a finished command that
     * a Blocked command names as prerequisite (deleting it would leave that one Blocked for
     * ever). Log lines of deleted commands without a job go with them; a job's log lines stay
     * with the job. The count triggers record the deletions, so the monitoring counts follow.
     */
    async purgeFinishedBefore(before: Date, limit: number): Promise<number> {
      const rows = await queryRows<{ id: string }>(
        db,
        sql`with doomed as (
              select c.id, c.job_id from proq_commands c
              where c.state in ('Completed', 'Canceled')
                and c.completed_date < ${before.toISOString()}::timestamptz
                and not exists (select 1 from proq_commands d
                                where d.prerequisite = c.id and d.state = 'Blocked')
              limit ${limit}
            ), logs as (
              delete from proq_job_logs l using doomed
              where l.command_id = doomed.id and doomed.job_id is null
            )
            delete from proq_commands c using doomed where c.id = doomed.id
            returning c.id`,
      );
      return rows.length;
    },
  };
}
