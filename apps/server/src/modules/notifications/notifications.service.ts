import { NOTIFICATION_DAYS, NOTIFICATION_LIMIT, type UserNotification } from '@b2b/contract';
import type { Database } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { type NotificationRow, createNotificationsRead } from './notifications.read.js';
import { uiText } from '../../lib/ui-text.js';

const DAY_MS = 24 * 60 * 60 * 1000;

function present(row: NotificationRow): UserNotification {
  const at = new Date(row.at).toISOString();
  const id = `${row.kind}:${row.record_id}`;
  switch (row.kind) {
    case 'JobCompleted':
      return {
        id,
        kind: row.kind,
        title: uiText('Analysis completed'),
        message: uiText(`${row.name} has completed: its results are ready.`),
        link: `/jobs/loading/${row.job_id}`,
        at,
      };
    case 'JobFailed':
      return {
        id,
        kind: row.kind,
        title: uiText('Analysis stopped'),
        message: uiText(`${row.name} stopped with an error; its Details tab says where.`),
        link: `/jobs/${row.job_id}/details`,
        at,
      };
    case 'DownloadReady':
      return {
        id,
        kind: row.kind,
        title: uiText('Download ready'),
        message: uiText(`${row.name} is ready to download.`),
        link: `/api/v1/downloads/${row.record_id}/file`,
        at,
      };
    case 'DownloadFailed':
      return {
        id,
        kind: row.kind,
        title: uiText('Download failed'),
        message: row.detail
          ? uiText(`${row.name} could not be prepared: ${row.detail}`)
          : uiText(`${row.name} could not be prepared.`),
        link: `/jobs/${row.job_id}/analysis-data-download`,
        at,
      };
    case 'UploadLinkUsed':
      // SPEC §3 SendUploadLink: the owner learns that the file they asked for arrived.
      return {
        id,
        kind: row.kind,
        title: uiText('File received by upload link'),
        message: uiText(
          `${row.detail ?? uiText('A file')} was uploaded to ${row.name} through its upload link.`,
        ),
        link: `/jobs/loading/${row.job_id}`,
        at,
      };
  }
}

/**
 * The user's notifications (UserNotification_VIEW): their own jobs and downloads only, so
 * nothing here can show another user's or another issuer's work.
 */
export function createNotificationsService(db: Database) {
  const read = createNotificationsRead(db);
  return {
    async list(actor: Actor, now = new Date()): Promise<UserNotification[]> {
      const since = new Date(now.getTime() - NOTIFICATION_DAYS * DAY_MS);
      const rows = await read.forUser(actor.userId, since, NOTIFICATION_LIMIT);
      return rows.map(present);
    },
  };
}
