import type { IssuersService } from '../issuers/issuers.service.js';
import type { ResourceGuardService } from '../resource-guard/resource-guard.service.js';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {
  JOB_FILE_ROLES,
  type ColumnMapping,
  type DocumentType,
  type IngestOptions,
  type JobFileRole,
  type JobType,
  type UploadLimits,
  formatLimitBytes,
} from '@b2b/contract';
import type { JobsConfig } from '../../config.js';
import type { Database } from '../../db/client.js';
import { withEngineDb } from '../../engine/duckdb.js';
import {
  suggestColumnMapping,
  validateColumnMapping,
} from '../../engine/ingestion/column-mapping.js';
import { previewRows } from '../../engine/ingestion/preview.js';
import { sniffFile } from '../../engine/ingestion/sniff-file.js';
import { jobKeys } from '../../engine/results/job-keys.js';
import type { Actor } from '../../lib/actor.js';
import { AppError } from '../../lib/app-error.js';
import { csvCell } from '../../lib/csv.js';
import type { FileStorage } from '../../storage/file-storage.js';
import type { JobEngine } from './job-engine.js';
import { asBadRequest } from './job-errors.js';
import { type JobFileRow, createJobFilesRepo } from './job-files.repo.js';
import type { JobLookup } from './job-lookup.js';
import { presentFile } from './jobs.presenter.js';
import { type JobRow, createJobsRepo } from './jobs.repo.js';

export type IncomingJobFile = {
  filename: string;
  stream: NodeJS.ReadableStream & { truncated?: boolean };
};

/** A job's files in the wizard: upload, column mapping, preview, validation, rejected rows. */
export function createJobFilesService(
  db: Database,
  deps: {
    lookup: JobLookup;
    engine: JobEngine;
    config: JobsConfig;
    dataDir: string;
    storage: () => FileStorage;
    issuers: Pick<IssuersService, 'findById'>;
    guard: Pick<ResourceGuardService, 'uploadMaxBytes' | 'engineSettings' | 'checkStorage'>;
  },
) {
  const { lookup, engine, config, guard } = deps;
  const files = createJobFilesRepo(db);
  const jobsRepo = createJobsRepo(db);
  /** The upload limits of this moment: the size is the resource guard's (DevOps may change it). */
  const uploadLimits = async (): Promise<UploadLimits> => ({
    maxUploadBytes: await guard.uploadMaxBytes(),
    maxXlsxUncompressedBytes: config.xlsxMaxUnpackedBytes,
    maxXlsxSheets: config.xlsxMaxSheets,
  });

  async function jobFile(job: JobRow, fileId: string): Promise<JobFileRow> {
    const file = await files.file(job.id, fileId);
    if (!file) throw AppError.notFound('No such file in this job.');
    return file;
  }

  async function scratchDir(jobId: string) {
    const dir = path.join(deps.dataDir, 'tmp', 'jobs', `${jobId}-${randomUUID()}`);
    await fs.promises.mkdir(dir, { recursive: true });
    return dir;
  }

  /**
   * Stores, checks (size, content against extension, XLSX limits) and sniffs one file of a Draft
   * job: the one upload path, whether a team member sends the file or a magic upload link does.
   */
  async function storeUpload(
    job: JobRow,
    issuerName: string | undefined,
    role: JobFileRole,
    sheetName: string | undefined,
    incoming: IncomingJobFile,
  ) {
    const allowed: readonly string[] = JOB_FILE_ROLES[job.type as JobType];
    if (!allowed.includes(role)) {
      throw AppError.badRequest(
        `query.role must be ${allowed.join(', ')} for a ${job.type} job`,
        'role',
      );
    }
    // The resource guard's storage per issuer: refused before a byte is stored when the issuer
    // is already at it, and once the file's size is known when the file would pass it.
    const storageOwner = { id: job.issuerId, name: issuerName ?? 'The issuer' };
    await guard.checkStorage(storageOwner, 0);
    const limits = await uploadLimits();
    const fileId = randomUUID();
    const key = jobKeys.upload(job.id, fileId, incoming.filename);
    const stored = await deps.storage().put(key, incoming.stream);
    if (incoming.stream.truncated || stored.size > limits.maxUploadBytes) {
      await deps.storage().delete(key);
      throw AppError.badRequest(
        `The file "${incoming.filename}" is larger than the upload limit of ${formatLimitBytes(limits.maxUploadBytes)}.`,
        'file',
      );
    }
    try {
      await guard.checkStorage(storageOwner, stored.size);
    } catch (error) {
      await deps.storage().delete(key);
      throw error;
    }
    const documentType = role === 'Suppliers' ? undefined : (role as DocumentType);
    const workDir = await scratchDir(job.id);
    try {
      const local = await deps.storage().localPath(key);
      const sniff = await sniffFile(local.path, {
        declaredName: incoming.filename,
        workDir,
        limits,
        ...(sheetName ? { sheetName } : {}),
      }).finally(() => local.release());
      const suggestion = suggestColumnMapping(sniff.headers, job.type as JobType, documentType);
      const { file, replaced } = await files.replaceFile({
        id: fileId,
        jobId: job.id,
        role,
        fileName: incoming.filename,
        storageKey: key,
        sizeBytes: stored.size,
        sniff,
        suggestion,
        mapping: suggestion.mapping,
        options: {},
      });
      for (const old of replaced) {
        await deps.storage().delete(old.storageKey);
        await deps.storage().delete(jobKeys.rejects(job.id, old.id));
      }
      await jobsRepo.updateJob(job.id, {});
      return presentFile(file);
    } catch (error) {
      await deps.storage().delete(key);
      return asBadRequest(error, 'file');
    } finally {
      await fs.promises.rm(workDir, { recursive: true, force: true });
    }
  }

  /**
   * A job a magic upload link names, while it still takes a file: Draft, of an issuer whose
   * input data options include SendUploadLink (SPEC §3). Undefined otherwise.
   */
  async function uploadLinkJob(id: string) {
    const job = await jobsRepo.findById(id);
    if (!job || job.status !== 'Draft') return undefined;
    const issuer = await deps.issuers.findById(job.issuerId);
    if (!issuer?.inputDataOptions.includes('SendUploadLink')) return undefined;
    return {
      job,
      issuerName: issuer.name,
      brandingId: issuer.brandingId,
      roles: [...JOB_FILE_ROLES[job.type as JobType]] as JobFileRole[],
      acceptedFormats: ['.csv', '.txt', '.xlsx'],
      maxUploadBytes: (await uploadLimits()).maxUploadBytes,
    };
  }

  return {
    async uploadFile(
      actor: Actor,
      id: string,
      role: JobFileRole,
      sheetName: string | undefined,
      incoming: IncomingJobFile,
    ) {
      const job = await lookup.editableJob(actor, id);
      // SPEC §3 issuer input data options: a user uploads files only where the issuer takes them.
      const issuer = await deps.issuers.findById(job.issuerId);
      if (issuer && !issuer.inputDataOptions.includes('CsvFileUpload')) {
        throw AppError.conflict(
          `${issuer.name} does not take file uploads: its input data options are ${issuer.inputDataOptions.join(', ') || 'none'}.`,
        );
      }
      return storeUpload(job, issuer?.name, role, sheetName, incoming);
    },

    uploadLinkJob,

    /**
     * The file a magic upload link brings (no actor: the link is the only key): the same checks
     * and storage as `uploadFile`. Undefined when the job no longer takes a file by link.
     */
    async uploadThroughLink(
      jobId: string,
      role: JobFileRole | undefined,
      incoming: IncomingJobFile,
    ) {
      const target = await uploadLinkJob(jobId);
      if (!target) return undefined;
      return storeUpload(
        target.job,
        target.issuerName,
        role ?? target.roles[0]!,
        undefined,
        incoming,
      );
    },

    async deleteFile(actor: Actor, id: string, fileId: string) {
      const job = await lookup.editableJob(actor, id);
      const file = await jobFile(job, fileId);
      await files.deleteFile(file.id);
      await deps.storage().delete(file.storageKey);
      await deps.storage().delete(jobKeys.rejects(job.id, file.id));
      return { deleted: true as const };
    },

    async saveMapping(
      actor: Actor,
      id: string,
      fileId: string,
      input: { mapping: ColumnMapping; options?: IngestOptions | undefined },
    ) {
      const job = await lookup.editableJob(actor, id);
      const file = await jobFile(job, fileId);
      const documentType = file.role === 'Suppliers' ? undefined : (file.role as DocumentType);
      try {
        validateColumnMapping(input.mapping, file.sniff.headers, job.type as JobType, documentType);
      } catch (error) {
        asBadRequest(error, 'mapping');
      }
      const updated = await files.updateFile(file.id, {
        mapping: input.mapping,
        options: input.options ?? file.options,
        validation: null,
      });
      return presentFile(updated);
    },

    async preview(actor: Actor, id: string, fileId: string, rows: number) {
      const job = await lookup.visibleJob(actor, id);
      const file = await jobFile(job, fileId);
      const workDir = await scratchDir(job.id);
      const local = await deps.storage().localPath(file.storageKey);
      try {
        const previewed = await withEngineDb(
          {
            ...(await guard.engineSettings()),
            tempDirectory: path.join(workDir, 'duckdb'),
          },
          (engineDb) =>
            previewRows({
              db: engineDb,
              file: local.path,
              sniff: file.sniff,
              jobType: job.type as JobType,
              ...(file.role === 'Suppliers' ? {} : { documentType: file.role as DocumentType }),
              mapping: file.mapping,
              currency: job.currency,
              options: file.options,
              workDir,
              n: rows,
            }),
        );
        return { headers: file.sniff.headers, rows: previewed };
      } catch (error) {
        return asBadRequest(error, 'mapping');
      } finally {
        await local.release();
        await fs.promises.rm(workDir, { recursive: true, force: true });
      }
    },

    async validate(actor: Actor, id: string, fileId: string) {
      const job = await lookup.editableJob(actor, id);
      const file = await jobFile(job, fileId);
      try {
        const summary = await engine.validateFile(job, file);
        await files.updateFile(file.id, { validation: summary });
        return summary;
      } catch (error) {
        // A refused file leaves nothing that looks validated: no rows, no rejects, no summary.
        await files.updateFile(file.id, { validation: null });
        await deps.storage().delete(jobKeys.rows(job.id, file.role));
        await deps.storage().delete(jobKeys.rejects(job.id, file.id));
        return asBadRequest(error, 'mapping');
      }
    },

    /** Every rejected row as CSV, cells made safe from spreadsheet formula injection. */
    async rejectsCsv(actor: Actor, id: string, fileId: string): Promise<Buffer> {
      const job = await lookup.visibleJob(actor, id);
      const file = await jobFile(job, fileId);
      const chunks: string[] = [];
      const found = await engine.forEachRejectedRow(job.id, file.id, async (rows, columns) => {
        if (rows.length === 0) {
          chunks.push(`${columns.map(csvCell).join(',')}\r\n`);
          return;
        }
        for (const row of rows) chunks.push(`${columns.map((c) => csvCell(row[c])).join(',')}\r\n`);
      });
      if (!found) throw AppError.notFound('This file has not been validated yet.');
      return Buffer.from(chunks.join(''), 'utf8');
    },

    /**
     * The demo seed's generated buyer file, stored as an upload would be (no size limit: the
     * seed wrote it), with the suggested mapping and the seed's options. An SFTP inbox's file
     * comes the same way with the inbox's saved mapping, checked against the file's headers.
     */
    async attachGeneratedFile(
      job: { id: string; type: JobType },
      generated: { role: JobFileRole; file: string; name: string },
      options: IngestOptions,
      workDir: string,
      savedMapping?: ColumnMapping | null,
    ) {
      const fileId = randomUUID();
      const key = jobKeys.upload(job.id, fileId, generated.name);
      const stored = await deps.storage().put(key, fs.createReadStream(generated.file));
      const sniff = await sniffFile(generated.file, { declaredName: generated.name, workDir });
      const documentType =
        generated.role === 'Suppliers' ? undefined : (generated.role as DocumentType);
      const suggestion = suggestColumnMapping(sniff.headers, job.type, documentType);
      if (savedMapping) validateColumnMapping(savedMapping, sniff.headers, job.type, documentType);
      await files.replaceFile({
        id: fileId,
        jobId: job.id,
        role: generated.role,
        fileName: generated.name,
        storageKey: key,
        sizeBytes: stored.size,
        sniff,
        suggestion,
        mapping: savedMapping ?? suggestion.mapping,
        options,
      });
    },
  };
}
