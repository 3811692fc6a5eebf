import { PROQ_COMMAND_TYPES } from '@b2b/contract';
import { z } from 'zod';
import {
  type CommandRegistry,
  PermanentCommandError,
  defineCommandHandler,
} from '../proq/command-registry.js';
import type { DownloadsService } from './downloads.service.js';

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
        return { message: `Download ${result.state}`, result };
      } catch (error) {
        throw new PermanentCommandError(error instanceof Error ? error.message : String(error));
      }
    },
  });
}

/** The downloads module's ProQ command, registered by services.ts. */
export function registerDownloadCommands(
  registry: CommandRegistry,
  services: { downloads: Pick<DownloadsService, 'runPrepared'> },
): void {
  registry.register(prepareDownloadHandler(services.downloads));
}
