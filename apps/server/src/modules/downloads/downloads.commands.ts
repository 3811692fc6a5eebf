import { PROQ_COMMAND_TYPES } from '@b2b/contract';
import { z } from 'zod';
import {
  type CommandRegistry,
  PermanentCommandError,
  type RecurringCommand,
  defineCommandHandler,
} from '../proq/command-registry.js';
import type { DownloadsService } from './downloads.service.js';
import { uiText } from '../../lib/ui-text.js';

/**
 * Makes one prepared download: the producer of its kind writes the file, the download turns
 * Ready (or Error with the reason, without retries: the producer's checks already passed once,
 * so a failure is the data's or the producer's, not the moment's).
 */
function prepareDownloadHandler(downloads: Pick<DownloadsService, 'runPrepared'>) {
  return defineCommandHandler({
    commandType: PROQ_COMMAND_TYPES.prepareDownload,
    payloadSchema: z.object({ downloadId: z.uuid() }),
    maxAttempts: 1,
    stuckTimeOutInSeconds: 3600,
    async run({ payload, reportProgress, log, signal }) {
      try {
        const result = await downloads.runPrepared(payload.downloadId, {
          reportProgress: (pct) => reportProgress(pct),
          log: (m) => log(m),
          signal,
        });
        return { message: uiText(`Download ${result.state}`), result };
      } catch (error) {
        throw new PermanentCommandError(error instanceof Error ? error.message : String(error));
      }
    },
  });
}

/** Deletes expired downloads and their files. Idempotent: a second run finds none. */
function purgeExpiredDownloadsHandler(downloads: Pick<DownloadsService, 'purgeExpired'>) {
  return defineCommandHandler({
    commandType: PROQ_COMMAND_TYPES.purgeExpiredDownloads,
    maxAttempts: 3,
    async run() {
      const deleted = await downloads.purgeExpired();
      return { message: uiText(`Deleted ${deleted} expired download(s)`), result: { deleted } };
    },
  });
}

/** Hourly, at minute 20 (away from the sessions' purge at minute 0). */
const PURGE_EXPIRED_DOWNLOADS_SCHEDULE: RecurringCommand = {
  commandType: PROQ_COMMAND_TYPES.purgeExpiredDownloads,
  cron: '20 * * * *',
};

/** The downloads module's ProQ commands and their schedule, registered by services.ts. */
export function registerDownloadCommands(
  registry: CommandRegistry,
  services: { downloads: Pick<DownloadsService, 'runPrepared' | 'purgeExpired'> },
): void {
  registry.register(prepareDownloadHandler(services.downloads));
  registry.register(purgeExpiredDownloadsHandler(services.downloads));
  registry.schedule(PURGE_EXPIRED_DOWNLOADS_SCHEDULE);
}
