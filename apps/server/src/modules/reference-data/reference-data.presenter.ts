import type {
  ProqCommandDetailSchema,
  ReferenceImportStatus,
  ReferenceVersionInfo,
} from '@b2b/contract';
import type { z } from 'zod';
import type { ReferenceManifest } from '../../engine/reference-data/reference-version.js';

/** What an import command stores as its result: the version it published. */
export type ReferenceImportResult = {
  versionId: string;
  rowCount: number;
  rejectedCount: number;
  rejected: { rowNumber: number; reason: string }[];
};

/** A stored version as the screen lists it. */
export function presentVersion(
  manifest: ReferenceManifest,
  isNewest: boolean,
  jobCount: number,
): ReferenceVersionInfo {
  return {
    versionId: manifest.versionId,
    createdAt: manifest.createdAt,
    source: manifest.source === 'import' ? 'imported' : 'generated',
    description: manifest.description,
    merchantCount: manifest.merchantCount,
    countries: manifest.countries ?? null,
    fileName: manifest.import?.fileName ?? null,
    rejectedCount: manifest.import?.rejectedCount ?? null,
    isNewest,
    jobCount,
  };
}

/** An import command as the screen follows it; the result once it completed. */
export function presentImportStatus(
  command: z.infer<typeof ProqCommandDetailSchema>,
): ReferenceImportStatus {
  const result = (
    command.state === 'Completed' ? command.result : null
  ) as ReferenceImportResult | null;
  const running = command.state === 'InProgress';
  return {
    commandId: command.id,
    state: command.state,
    progress: running ? command.progress : command.state === 'Completed' ? 100 : null,
    message: running ? (command.progressMessage ?? command.message) : command.message,
    versionId: result?.versionId ?? null,
    rowCount: result?.rowCount ?? null,
    rejectedCount: result?.rejectedCount ?? null,
    rejected: result?.rejected ?? [],
  };
}
