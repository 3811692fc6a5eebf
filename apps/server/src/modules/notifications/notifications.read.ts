import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { queryRows } from '../../db/transaction.js';
import { preparedDownloads as D } from '../downloads/download.schema.js';
import { jobs as J } from '../jobs/job.schema.js';
import { jobMagicLinks as M } from '../magic-links/magic-link.schema.js';

/**
 * Read model of a user's notifications: events derived from the records themselves, so there
 * is nothing to keep in step. Reads jobs (jobs module), prepared_downloads (downloads module),
 * each by its owner index, and job_magic_links (magic-links module) of the owner's jobs.
 */

export type NotificationRow = {
  kind: 'JobCompleted' | 'JobFailed' | 'DownloadReady' | 'DownloadFailed' | 'UploadLinkUsed';
  record_id: string;
  job_id: string;
  name: string;
  detail: string | null;
  at: Date | string;
};

export function createNotificationsRead(db: Database) {
  return {
    /** The user's events since `since`, newest first, at most `limit`. */
    async forUser(userId: string, since: Date, limit: number): Promise<NotificationRow[]> {
      return queryRows<NotificationRow>(
        db,
        sql`select * from (
              select case when ${J.status} = 'Completed' then 'JobCompleted' else 'JobFailed' end as kind,
                     ${J.id}::text as record_id, ${J.id}::text as job_id, ${J.name} as name,
                     null::text as detail,
                     case when ${J.status} = 'Completed' then ${J.completedAt} else ${J.updatedAt} end as at
                from ${J}
               where ${J.ownerId} = ${userId} and ${J.status} in ('Completed', 'Error')
              union all
              select case when ${D.state} = 'Ready' then 'DownloadReady' else 'DownloadFailed' end,
                     ${D.id}::text, ${D.jobId}::text, ${D.label}, ${D.errorMessage},
                     coalesce(${D.readyAt}, ${D.createdAt})
                from ${D}
               where ${D.userId} = ${userId} and ${D.state} in ('Ready', 'Failed')
                 and ${D.expiresAt} > now()
              union all
              select 'UploadLinkUsed', ${M.id}::text, ${J.id}::text, ${J.name}, ${M.usedFileName},
                     ${M.usedAt}
                from ${J} join ${M} on ${M.jobId} = ${J.id}
               where ${J.ownerId} = ${userId} and ${M.usedFileName} is not null
            ) events
            where at >= ${since.toISOString()}::timestamptz
            order by at desc, record_id
            limit ${limit}`,
      );
    },
  };
}
