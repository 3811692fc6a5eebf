import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {
  type FileSniff,
  type ReferenceUpload,
  type StartReferenceImportSchema,
  type UploadLimits,
} from '@b2b/contract';
import type { z } from 'zod';
import type { JobsConfig } from '../../config.js';
import type { Database } from '../../db/client.js';
import { sqlString, withEngineDb } from '../../engine/duckdb.js';
import { EngineError } from '../../engine/engine-error.js';
import { formatBytes } from '../../engine/ingestion/file-type.js';
import { sniffFile } from '../../engine/ingestion/sniff-file.js';
import {
  checkMerchantMapping,
  importReferenceData,
  REJECTED_FILE,
  suggestMerchantMapping,
} from '../../engine/reference-data/import-merchants.js';
import { listReferenceVersions } from '../../engine/reference-data/reference-version.js';
import type { Actor } from '../../lib/actor.js';
import { AppError } from '../../lib/app-error.js';
import { csvText } from '../../lib/csv.js';
import type { FileStorage } from '../../storage/file-storage.js';
import type { StoredFolders } from '../../storage/stored-folders.js';
import type { ProqService } from '../proq/proq.service.js';
import type { ResourceGuardService } from '../resource-guard/resource-guard.service.js';
import {
  presentImportStatus,
  presentVersion,
  type ReferenceImportResult,
} from './reference-data.presenter.js';
import { createReferenceJobCountsRead } from './reference-job-counts.read.js';

export const REFERENCE_IMPORT_COMMAND = 'ReferenceDataImport';

/** Rows of the upload shown beside the mapping. */
const PREVIEW_ROWS = 10;
/** Uploads never imported are removed after this long (checked at each new upload). */
const UPLOAD_TTL_MS = 24 * 60 * 60_000;

/** The start call's body as checked; also the import command's payload. */
export type StartImportInput = z.output<typeof StartReferenceImportSchema>;

type UploadRecord = { fileName: string; storageKey: string; sizeBytes: number; sniff: FileSniff };

export type IncomingReferenceFile = {
  filename: string;
  stream: NodeJS.ReadableStream & { truncated?: boolean };
};

/** Uploads sit in file storage until imported: the file and what sniffing found out. */
const uploadKeys = {
  folder: (uploadId: string) => `reference-uploads/${uploadId}/`,
  file: (uploadId: string, name: string) =>
    `reference-uploads/${uploadId}/file${path.extname(name).toLowerCase()}`,
  record: (uploadId: string) => `reference-uploads/${uploadId}/upload.json`,
};

/**
 * Card-acceptance reference data for the DevOps screen: versions are folders the engine writes
 * under DATA_DIR/files/reference (as the CLI does), published to the file storage so that every
 * node reads the same versions; an import is a ProQ command because a million-row file takes
 * minutes.
 */
export function createReferenceDataService(
  db: Database,
  deps: {
    proq: ProqService;
    storage: () => FileStorage;
    /** The versions every node shares: imported here, published for the others. */
    reference: StoredFolders;
    config: JobsConfig;
    dataDir: string;
    /** The upload size limit and the engine settings, set by DevOps. */
    guard: Pick<ResourceGuardService, 'uploadMaxBytes' | 'engineSettings'>;
  },
) {
  const versionJobs = createReferenceJobCountsRead(db);
  const rootDir = deps.reference.localRoot;
  const uploadLimits = async (): Promise<UploadLimits> => ({
    maxUploadBytes: await deps.guard.uploadMaxBytes(),
    maxXlsxUncompressedBytes: deps.config.xlsxMaxUnpackedBytes,
    maxXlsxSheets: deps.config.xlsxMaxSheets,
  });
  /** A new engine connection's settings: the resource guard's memory and threads. */
  const engineOptions = async () => ({
    ...(await deps.guard.engineSettings()),
    tempDirectory: path.join(deps.dataDir, 'tmp', 'duckdb'),
  });

  async function scratchDir() {
    const dir = path.join(deps.dataDir, 'tmp', 'reference', randomUUID());
    await fs.promises.mkdir(dir, { recursive: true });
    return dir;
  }

  async function readUpload(uploadId: string): Promise<UploadRecord | undefined> {
    const key = uploadKeys.record(uploadId);
    if (!(await deps.storage().exists(key))) return undefined;
    const chunks: Buffer[] = [];
    for await (const chunk of await deps.storage().openRead(key)) chunks.push(Buffer.from(chunk));
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as UploadRecord;
  }

  async function removeStaleUploads() {
    const cutoff = Date.now() - UPLOAD_TTL_MS;
    for (const stored of await deps.storage().list('reference-uploads/')) {
      if (stored.modifiedAt.getTime() < cutoff) await deps.storage().delete(stored.key);
    }
  }

  return {
    /** Every stored version, newest first, with how many jobs matched against it. */
    async listVersions() {
      await deps.reference.pull();
      const [manifests, jobCounts] = await Promise.all([
        listReferenceVersions(rootDir),
        versionJobs.jobCountsByVersion(),
      ]);
      return manifests.map((m, i) => presentVersion(m, i === 0, jobCounts.get(m.versionId) ?? 0));
    },

    /** Every row an import of this version rejected, as formula-safe CSV. */
    async rejectedRowsCsv(versionId: string): Promise<string> {
      await deps.reference.ensure(versionId);
      const versions = await listReferenceVersions(rootDir);
      if (!versions.some((v) => v.versionId === versionId))
        throw AppError.notFound(`No reference data version ${versionId}.`);
      const file = path.join(rootDir, versionId, REJECTED_FILE);
      if (!fs.existsSync(file))
        throw AppError.notFound(
          `Version ${versionId} has no rejected rows on record (generated data, or imported before they were kept).`,
        );
      const rejected = await withEngineDb(await engineOptions(), (engineDb) =>
        engineDb.all<Record<string, string | number | null>>(
          `SELECT * FROM read_parquet(${sqlString(file)}) ORDER BY row_number`,
        ),
      );
      return csvText([
        ['Row', 'Reason', 'Merchant id', 'Merchant name', 'City', 'Postcode', 'Country'],
        ...rejected.map((r) =>
          [
            r.row_number,
            r.reason,
            r.merchant_id,
            r.merchant_name,
            r.city,
            r.postcode,
            r.country,
          ].map((v) => (v === null || v === undefined ? '' : String(v))),
        ),
      ]);
    },

    /** Stores an upload, checks it like a job upload and suggests the column mapping. */
    async upload(_actor: Actor, incoming: IncomingReferenceFile): Promise<ReferenceUpload> {
      await removeStaleUploads();
      const limits = await uploadLimits();
      const uploadId = randomUUID();
      const key = uploadKeys.file(uploadId, incoming.filename);
      const stored = await deps.storage().put(key, incoming.stream);
      const discard = () => deps.storage().delete(key);
      if (incoming.stream.truncated || stored.size > limits.maxUploadBytes) {
        await discard();
        throw AppError.badRequest(
          `The file "${incoming.filename}" is larger than the upload limit of ${formatBytes(limits.maxUploadBytes)}.`,
          'file',
        );
      }
      const workDir = await scratchDir();
      try {
        const local = await deps.storage().localPath(key);
        const sniff = await sniffFile(local.path, {
          declaredName: incoming.filename,
          workDir,
          limits,
        }).finally(() => local.release());
        const record: UploadRecord = {
          fileName: incoming.filename,
          storageKey: key,
          sizeBytes: stored.size,
          sniff,
        };
        await deps.storage().put(uploadKeys.record(uploadId), JSON.stringify(record));
        return {
          uploadId,
          fileName: incoming.filename,
          sizeBytes: stored.size,
          kind: sniff.kind,
          headers: sniff.headers,
          previewRows: sniff.sampleRows.slice(0, PREVIEW_ROWS),
          suggestedMapping: suggestMerchantMapping(sniff.headers),
        };
      } catch (error) {
        await discard();
        if (error instanceof EngineError) throw AppError.badRequest(error.message, 'file');
        throw error;
      } finally {
        await fs.promises.rm(workDir, { recursive: true, force: true });
      }
    },

    /** Checks the mapping against the upload's headers and queues the import. */
    async startImport(actor: Actor, input: StartImportInput) {
      const upload = await readUpload(input.uploadId);
      if (!upload) {
        throw AppError.badRequest(
          'No such upload (it was imported already or has expired): upload the file again.',
          'uploadId',
        );
      }
      try {
        checkMerchantMapping(input.mapping, upload.sniff.headers, input.defaultCountryIso3);
      } catch (error) {
        if (error instanceof EngineError) throw AppError.badRequest(error.message, 'mapping');
        throw error;
      }
      const [command] = await deps.proq.enqueue({
        commandType: REFERENCE_IMPORT_COMMAND,
        payload: input,
        priority: 50,
        category: 'ReferenceData',
        // One import at a time: each holds a DuckDB connection with the engine's memory limit.
        processingGroup: 'reference-data',
        tags: ['reference-data', `by:${actor.username}`, `file:${upload.fileName}`],
      });
      return { commandId: command!.id };
    },

    /** The import command's state; 404 for any other command. */
    async importStatus(commandId: string) {
      const command = await deps.proq.getCommand(commandId).catch(() => undefined);
      if (!command || command.commandType !== REFERENCE_IMPORT_COMMAND) {
        throw AppError.notFound('No such reference data import.');
      }
      return presentImportStatus(command);
    },

    /**
     * The command's work: imports the upload as a new version. `importId` (the command id) is
     * recorded in the manifest, so a second attempt after a crash finds the version it published
     * instead of publishing another one.
     */
    async runImport(
      importId: string,
      input: StartImportInput,
      onProgress: (percent: number, stage: string) => Promise<void>,
    ): Promise<ReferenceImportResult> {
      await deps.reference.pull();
      const published = (await listReferenceVersions(rootDir)).find(
        (m) => m.import?.importId === importId,
      );
      if (published) {
        // Published here before a crash may have kept it from the store: store it now.
        await deps.reference.publish(published.versionId);
        return {
          versionId: published.versionId,
          rowCount: published.merchantCount + (published.import?.rejectedCount ?? 0),
          rejectedCount: published.import?.rejectedCount ?? 0,
          rejected: [],
        };
      }
      const upload = await readUpload(input.uploadId);
      if (!upload) throw new EngineError('REFERENCE_INVALID', 'The upload is no longer stored.');
      await fs.promises.mkdir(rootDir, { recursive: true });
      const workDir = await scratchDir();
      const local = await deps.storage().localPath(upload.storageKey);
      try {
        const result = await withEngineDb(await engineOptions(), (engineDb) =>
          importReferenceData({
            db: engineDb,
            rootDir,
            file: local.path,
            declaredName: upload.fileName,
            mapping: input.mapping,
            workDir,
            importId,
            onProgress,
            ...(input.defaultCountryIso3 ? { defaultCountryIso3: input.defaultCountryIso3 } : {}),
            description: input.description || `Imported from ${upload.fileName}`,
          }),
        );
        await deps.reference.publish(result.version.manifest.versionId);
        // The file is in the version now (its hash is in the id); the upload has served.
        for (const stored of await deps.storage().list(uploadKeys.folder(input.uploadId))) {
          await deps.storage().delete(stored.key);
        }
        return {
          versionId: result.version.manifest.versionId,
          rowCount: result.rowCount,
          rejectedCount: result.rejectedCount,
          rejected: result.rejected.slice(0, 100),
        };
      } finally {
        await local.release();
        await fs.promises.rm(workDir, { recursive: true, force: true });
      }
    },
  };
}
export type ReferenceDataService = ReturnType<typeof createReferenceDataService>;
