import { StartReferenceImportSchema } from '@b2b/contract';
import { EngineError } from '../../engine/engine-error.js';
import {
  type CommandRegistry,
  PermanentCommandError,
  defineCommandHandler,
} from '../proq/command-registry.js';
import {
  REFERENCE_IMPORT_COMMAND,
  type ReferenceDataService,
  type StartImportInput,
} from './reference-data.service.js';
import { uiText } from '../../lib/ui-text.js';

const fmt = (n: number) => n.toLocaleString('en-GB');

/**
 * Imports an uploaded reference file as a new version. Tried twice (a crash or a full disk);
 * a problem with the file or the mapping ends it at once with the reason.
 */
function referenceDataImportHandler(
  service: Pick<ReferenceDataService, 'runImport'>,
  /** Work for the new version once imported: the vendor search index (a minute at 1 M rows). */
  afterImport: () => Promise<void> = async () => undefined,
) {
  return defineCommandHandler<StartImportInput>({
    commandType: REFERENCE_IMPORT_COMMAND,
    payloadSchema: StartReferenceImportSchema,
    maxAttempts: 2,
    // A million rows and their match index take minutes on two threads.
    stuckTimeOutInSeconds: 3600,
    async run({ command, payload, log, reportProgress }) {
      try {
        const result = await service.runImport(command.id, payload, (percent, stage) =>
          reportProgress(percent, stage),
        );
        const message = uiText(
          `Version ${result.versionId}: ${fmt(result.rowCount - result.rejectedCount)} merchants imported, ${fmt(result.rejectedCount)} rows rejected`,
        );
        await log(message, result.rejectedCount > 0 ? 'warn' : 'info');
        // Built here rather than by the first vendor search, which would wait for it; the
        // import stands even if this fails (the first search then builds it).
        await afterImport().catch((error: unknown) =>
          log(uiText(`Vendor search index not built yet: ${(error as Error).message}`), 'warn'),
        );
        return { message, result };
      } catch (error) {
        if (error instanceof EngineError) throw new PermanentCommandError(error.message);
        throw error;
      }
    },
  });
}

/** The reference data import command, registered by services.ts. */
export function registerReferenceDataCommands(
  registry: CommandRegistry,
  services: {
    referenceData: Pick<ReferenceDataService, 'runImport'>;
    /** Work for each new version once imported (the vendor search index). */
    afterImport: () => Promise<void>;
  },
): void {
  registry.register(referenceDataImportHandler(services.referenceData, services.afterImport));
}
