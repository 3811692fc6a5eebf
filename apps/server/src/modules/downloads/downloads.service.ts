import fs from 'node:fs';
import { once } from 'node:events';
import { PassThrough, Readable } from 'node:stream';
import {
  type AnyPermission,
  type CardNetwork,
  type DataDownloadQuery,
  type DownloadState,
  DATA_DOWNLOAD_KINDS,
  type JobDetails,
  PROQ_COMMAND_TYPES,
  type PreparedDownload,
  type RequestDownload,
  STREAM_MAX_SUPPLIERS,
} from '@b2b/contract';
import type { Database } from '../../db/client.js';
import { type Actor, actorCan } from '../../lib/actor.js';
import { AppError } from '../../lib/app-error.js';
import type { FileStorage } from '../../storage/file-storage.js';
import type { JobsService } from '../jobs/jobs.service.js';
import type { ProqService } from '../proq/proq.service.js';
import { type DataDownloadDeps, createDataDownloads } from './data-downloads.js';
import { contentTypeOf, createDownloadProducerRegistry } from './download-producers.js';
import { type PreparedDownloadRow, createDownloadsRepo } from './downloads.repo.js';
import { createNetworkFiles } from './network-files.js';
import { createSupplierExportRead } from './supplier-export.read.js';
import { abandonWriteStream } from '../../lib/write-stream.js';

export type { DownloadProducer } from './download-producers.js';

/** A prepared file is kept this long after it is ready, then no longer listed. */
const KEEP_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

/** A file name from the job name, the kind and the day: ASCII, no quotes or slashes. */
export function downloadFileName(jobName: string, kind: string, format: string, at = new Date()) {
  const slug =
    jobName
      .normalize('NFKD')
      .replace(/[^\x20-\x7e]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 60) || 'job';
  return `${slug}-${kind}-${at.toISOString().slice(0, 10)}.${format}`;
}

export function present(row: PreparedDownloadRow, jobName: string): PreparedDownload {
  return {
    id: row.id,
    jobId: row.jobId,
    jobName,
    kind: row.kind,
    label: row.label,
    format: row.format,
    state: row.state as DownloadState,
    progress: row.progress,
    fileName: row.fileName,
    sizeBytes: row.sizeBytes,
    errorMessage: row.errorMessage,
    createdAt: row.createdAt.toISOString(),
    readyAt: row.readyAt?.toISOString() ?? null,
    expiresAt: row.expiresAt.toISOString(),
  };
}

/** What a stored actor snapshot becomes again in the worker. */
function actorOf(row: PreparedDownloadRow): Actor {
  const a = row.actor as Omit<Actor, 'sessionId'>;
  return { ...a, sessionId: '' };
}

/**
 * Downloads: the data downloads of a job (streamed when small, prepared when large), the
 * signed-in user's prepared downloads, and the producer registry other modules' downloads
 * (report PDF, presentation) plug into.
 */
export function createDownloadsService(
  db: Database,
  deps: DataDownloadDeps & {
    results: DataDownloadDeps['results'] & Pick<JobsService['results'], 'decideMatches'>;
    proq: Pick<ProqService, 'enqueue'>;
    storage: () => FileStorage;
    /** A job the actor may see (404 otherwise), as the job screen shows it. */
    visibleJob: (actor: Actor, jobId: string) => Promise<JobDetails>;
  },
) {
  const repo = createDownloadsRepo(db);
  const registry = createDownloadProducerRegistry();
  const data = createDataDownloads({ ...deps, exportRead: createSupplierExportRead(db) });
  for (const producer of data.producers) registry.registerDownloadProducer(producer);

  async function own(actor: Actor, downloadId: string) {
    const row = await repo.find(downloadId);
    // Another user's download is not revealed: 404 as for none.
    if (!row || row.userId !== actor.userId || row.expiresAt <= new Date())
      throw AppError.notFound('No such download.');
    return row;
  }

  async function jobNames(actor: Actor, rows: PreparedDownloadRow[]) {
    const names = new Map<string, string>();
    for (const id of new Set(rows.map((r) => r.jobId))) {
      names.set(
        id,
        await deps.visibleJob(actor, id).then(
          (j) => j.name,
          () => '',
        ),
      );
    }
    return names;
  }

  function requirePermissions(actor: Actor, permissions: readonly AnyPermission[] = []) {
    for (const p of permissions) if (!actorCan(actor, p)) throw AppError.forbidden();
  }

  const network = createNetworkFiles({ results: deps.results, repo });

  return {
    registerDownloadProducer: registry.registerDownloadProducer,

    /**
     * Deletes downloads past their expiry (KEEP_DAYS after they were asked for): the file, then
     * the row, a batch at a time. A file already gone is no error, so a second run after a
     * failure half-way finishes the work.
     */
    async purgeExpired(now = new Date()): Promise<number> {
      let deleted = 0;
      for (;;) {
        const rows = await repo.expired(now, 500);
        for (const row of rows) if (row.storageKey) await deps.storage().delete(row.storageKey);
        await repo.deleteMany(rows.map((r) => r.id));
        deleted += rows.length;
        if (rows.length < 500) return deleted;
      }
    },

    /** The suppliers to send to a card network's matching service, as its CSV layout. */
    async networkFile(actor: Actor, jobId: string, which: CardNetwork) {
      const { job, csv } = await network.export(actor, jobId, which);
      return {
        fileName: downloadFileName(job.name, `${which}-supplier-matching`, 'csv'),
        contentType: contentTypeOf(undefined, 'csv'),
        body: Readable.from([Buffer.from(csv)]),
      };
    },
    importNetworkAnswers: network.importAnswers,

    producerKinds: registry.kinds,

    /**
     * A data download streamed at once: checked first (404, 409 naming the job's state, 400 for
     * a profile naming an unknown datapoint), then written into the response batch by batch.
     * A job too large to stream is a 409 pointing to a prepared download.
     */
    async stream(
      actor: Actor,
      jobId: string,
      tab: 'analysis' | 'matchedDataOnly',
      query: DataDownloadQuery,
    ): Promise<{ fileName: string; contentType: string; body: Readable }> {
      const prepared = await data.prepare(actor, jobId, query.profile);
      const limit = STREAM_MAX_SUPPLIERS[query.format];
      if (prepared.job.supplierCount > limit) {
        throw AppError.conflict(
          `This job has ${prepared.job.supplierCount} suppliers, more than the ${limit} a ${query.format.toUpperCase()} download streams at once: prepare the download instead, and it will appear in Your downloads.`,
        );
      }
      const body = new PassThrough();
      data
        .write(prepared, query.format, body)
        .catch((error: unknown) => body.destroy(error as Error));
      return {
        fileName: downloadFileName(
          prepared.job.name,
          `${DATA_DOWNLOAD_KINDS[tab]}-${query.profile}`,
          query.format,
        ),
        contentType: contentTypeOf(undefined, query.format),
        body,
      };
    },

    /** Queues a prepared download after its producer's checks (400/403/404/409 before queueing). */
    async request(actor: Actor, jobId: string, input: RequestDownload): Promise<PreparedDownload> {
      const producer = registry.get(input.kind);
      if (!producer) {
        throw AppError.badRequest(
          `body.kind: no download of kind ${input.kind}; choose one of ${registry.kinds().join(', ')}`,
          'body.kind',
        );
      }
      if (!producer.formats.includes(input.format)) {
        throw AppError.badRequest(
          `body.format: a ${input.kind} download comes as ${producer.formats.join(' or ')}`,
          'body.format',
        );
      }
      requirePermissions(actor, producer.permissions);
      const job = await deps.visibleJob(actor, jobId);
      const { label } = await producer.check({
        actor,
        jobId: job.id,
        format: input.format,
        params: input.params,
      });
      const { sessionId: _session, ...snapshot } = actor;
      const row = await repo.insert({
        jobId: job.id,
        userId: actor.userId,
        kind: producer.kind,
        label,
        format: input.format,
        params: input.params,
        actor: snapshot,
        fileName: downloadFileName(job.name, producer.kind, input.format),
        expiresAt: new Date(Date.now() + KEEP_DAYS * DAY_MS),
      });
      await deps.proq.enqueue({
        commandType: PROQ_COMMAND_TYPES.prepareDownload,
        payload: { downloadId: row.id },
        jobId: job.id,
        targetEntityId: row.id,
        stuckTimeOutInSeconds: 3600,
      });
      return present(row, job.name);
    },

    async list(actor: Actor, jobId: string | undefined): Promise<PreparedDownload[]> {
      const rows = await repo.listOfUser(actor.userId, jobId, new Date());
      const names = await jobNames(actor, rows);
      return rows.map((r) => present(r, names.get(r.jobId) ?? ''));
    },

    async get(actor: Actor, downloadId: string): Promise<PreparedDownload> {
      const row = await own(actor, downloadId);
      return present(row, (await jobNames(actor, [row])).get(row.jobId) ?? '');
    },

    /** The file of a Ready download (409 naming its state otherwise). */
    async file(actor: Actor, downloadId: string) {
      const row = await own(actor, downloadId);
      if (row.state !== 'Ready' || !row.storageKey) {
        throw AppError.conflict(
          row.state === 'Error'
            ? `This download failed: ${row.errorMessage ?? 'no reason recorded'}`
            : `This download is ${row.state} (${row.progress}%); its file is not ready yet.`,
        );
      }
      return {
        fileName: row.fileName,
        contentType: contentTypeOf(registry.get(row.kind), row.format),
        sizeBytes: row.sizeBytes,
        body: (await deps.storage().openRead(row.storageKey)) as Readable,
      };
    },

    /**
     * The PrepareDownload command's work: runs the producer into the stored file and marks the
     * download Ready, or Error with the reason. A second delivery of a Ready download does
     * nothing; of an unfinished one writes the file again from the start.
     */
    async runPrepared(
      downloadId: string,
      command: {
        reportProgress: (percent: number) => Promise<void>;
        log: (message: string) => Promise<void>;
        signal: AbortSignal;
      },
    ): Promise<{ state: string; sizeBytes?: number | null }> {
      const row = await repo.find(downloadId);
      if (!row) return { state: 'gone' };
      if (row.state === 'Ready') return { state: 'Ready', sizeBytes: row.sizeBytes };
      const producer = registry.get(row.kind);
      if (!producer) {
        await repo.update(row.id, {
          state: 'Error',
          errorMessage: `No producer for ${row.kind} in this process`,
        });
        return { state: 'Error' };
      }
      await repo.update(row.id, { state: 'Running', progress: 0, errorMessage: null });
      const storage = deps.storage();
      const key = `downloads/${row.id}/${row.fileName}`;
      const out = fs.createWriteStream(await storage.localWritePath(key));
      try {
        await producer.produce({
          actor: actorOf(row),
          jobId: row.jobId,
          format: row.format,
          params: row.params,
          out,
          signal: command.signal,
          log: command.log,
          reportProgress: async (pct) => {
            const progress = Math.max(0, Math.min(100, Math.round(pct)));
            await repo.update(row.id, { progress });
            await command.reportProgress(progress);
          },
        });
        if (!out.writableFinished) {
          if (!out.writableEnded) out.end();
          await once(out, 'finish');
        }
        const stored = await storage.commitLocal(key);
        await repo.update(row.id, {
          state: 'Ready',
          progress: 100,
          storageKey: key,
          sizeBytes: stored.size,
          readyAt: new Date(),
          expiresAt: new Date(Date.now() + KEEP_DAYS * DAY_MS),
        });
        return { state: 'Ready', sizeBytes: stored.size };
      } catch (error) {
        abandonWriteStream(out);
        const message = error instanceof Error ? error.message : String(error);
        await repo.update(row.id, { state: 'Error', errorMessage: message });
        throw error;
      }
    },
  };
}
export type DownloadsService = ReturnType<typeof createDownloadsService>;
