import { PROQ_COMMAND_TYPES } from '@b2b/contract';
import { z } from 'zod';
import { AddressFileError } from '../../engine/addresses/address-file.js';
import {
  type CommandRegistry,
  PermanentCommandError,
  type RecurringCommand,
  defineCommandHandler,
} from '../proq/command-registry.js';
import type { AddressToolsService } from './address-tools.service.js';
import { uiText } from '../../lib/ui-text.js';

const ATTEMPTS = 3;

/**
 * An address file over the in-request limit (SPEC §2 Tools): split or checked row by row into
 * its result CSV. A file the tools refuse ends in Error at once with the file's problem; any
 * other failure (the storage, a worker stopping) is tried again from the start.
 */
function processAddressFileHandler(addressTools: Pick<AddressToolsService, 'processRun'>) {
  return defineCommandHandler({
    commandType: PROQ_COMMAND_TYPES.processAddressFile,
    payloadSchema: z.object({ runId: z.uuid() }),
    maxAttempts: ATTEMPTS,
    stuckTimeOutInSeconds: 3600,
    async run({ payload, attempt, signal, reportProgress }) {
      try {
        const result = await addressTools.processRun(payload.runId, {
          attempt,
          maxAttempts: ATTEMPTS,
          signal,
          reportProgress,
        });
        return {
          message:
            result.state === 'gone'
              ? uiText('The address file was deleted')
              : uiText(`Address file ${result.state}: ${result.rowCount} addresses`),
          result,
        };
      } catch (error) {
        if (error instanceof AddressFileError) throw new PermanentCommandError(error.message);
        throw error;
      }
    },
  });
}

/** Deletes address file runs finished over a week ago, with their files. Idempotent. */
function purgeAddressFileRunsHandler(addressTools: Pick<AddressToolsService, 'purgeFinishedRuns'>) {
  return defineCommandHandler({
    commandType: PROQ_COMMAND_TYPES.purgeAddressFileRuns,
    maxAttempts: 3,
    async run() {
      const deleted = await addressTools.purgeFinishedRuns();
      return {
        message: uiText(`Deleted ${deleted} finished address file run(s)`),
        result: { deleted },
      };
    },
  });
}

/** Hourly, at minute 40 (away from the sessions' and downloads' purges at 0 and 20). */
const PURGE_ADDRESS_FILE_RUNS_SCHEDULE: RecurringCommand = {
  commandType: PROQ_COMMAND_TYPES.purgeAddressFileRuns,
  cron: '40 * * * *',
};

/** The tools module's ProQ commands and their schedule, registered by services.ts. */
export function registerToolsCommands(
  registry: CommandRegistry,
  services: { addressTools: Pick<AddressToolsService, 'processRun' | 'purgeFinishedRuns'> },
): void {
  registry.register(processAddressFileHandler(services.addressTools));
  registry.register(purgeAddressFileRunsHandler(services.addressTools));
  registry.schedule(PURGE_ADDRESS_FILE_RUNS_SCHEDULE);
}
