import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  type ColumnMapping,
  type CreateSftpInbox,
  type JobType,
  PROQ_COMMAND_TYPES,
  type SftpConnectionTest,
  type SftpFileState,
  type SftpInbox,
  type SftpInboxDetail,
  type SftpInboxFile,
  type SftpInboxStatus,
  type SftpSchedule,
  type UpdateSftpInbox,
} from '@b2b/contract';
import { parseCronExpression } from 'cron-schedule';
import type { SftpConfig } from '../../config.js';
import type { Database } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { AppError } from '../../lib/app-error.js';
import { createSecretBox } from '../../lib/secret-box.js';
import type { FileStorage } from '../../storage/file-storage.js';
import type { BuyersService } from '../issuers/buyers.service.js';
import { seesBuyersOf } from '../issuers/buyers.policy.js';
import type { IssuersService } from '../issuers/issuers.service.js';
import type { JobsService } from '../jobs/jobs.service.js';
import type { EnqueueCommand, ProqService } from '../proq/proq.service.js';
import {
  HostKeyMismatchError,
  SftpConnectError,
  type SftpSession,
  globToRegExp,
  openSftp,
} from './sftp-client.js';
import {
  type SftpInboxFileRow,
  type SftpInboxRow,
  createSftpInboxesRepo,
} from './sftp-inboxes.repo.js';
import { uiText } from '../../lib/ui-text.js';

/** A poll holds the inbox this long, renewed after every file: a dead worker's lease runs out. */
const LEASE_SECONDS = 300;
/** Files of one poll worked on at once over the one SFTP connection. */
const FILES_AT_ONCE = 4;
/** Latest files shown with an inbox. */
const RECENT_FILES = 50;

type Deps = {
  config: SftpConfig;
  storage: () => FileStorage;
  issuers: Pick<IssuersService, 'findById'>;
  buyers: Pick<BuyersService, 'findById'>;
  jobs: Pick<JobsService, 'wizard' | 'files' | 'workflow' | 'get'>;
  proq: Pick<ProqService, 'enqueue'>;
};

export type PollOutcome = { message: string; taken: number; submitted: number; failed: number };

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** A stored actor snapshot (who saved the inbox) as the worker acts with it. */
function actorOf(row: SftpInboxRow): Actor {
  return { ...(row.actor as Omit<Actor, 'sessionId'>), sessionId: '' };
}

function presentFile(row: SftpInboxFileRow): SftpInboxFile {
  return {
    id: row.id,
    remotePath: row.remotePath,
    sizeBytes: row.sizeBytes,
    remoteModifiedAt: row.remoteModifiedAt.toISOString(),
    state: row.state as SftpFileState,
    jobId: row.jobId,
    error: row.error,
    claimedAt: row.claimedAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The period a schedule is in at `now`: one poll per period (the ProQ schedule key). */
export function schedulePeriod(schedule: SftpSchedule, now: Date): string {
  if (schedule.kind === 'cron')
    return parseCronExpression(schedule.cron).getPrevDate(now).toISOString();
  const minutes = Math.floor(now.getTime() / 60_000);
  return new Date((minutes - (minutes % schedule.minutes)) * 60_000).toISOString();
}

/**
 * SFTP inboxes (issue 21; SPEC §2 /devops/sftp-configuration, DevOps_Area_VIEW): the
 * configuration, "Test connection", and the poll that turns each new remote file into a
 * submitted job exactly once.
 */
export function createSftpInboxesService(db: Database, deps: Deps) {
  const repo = createSftpInboxesRepo(db);
  const box = createSecretBox(deps.config.secretsKey, 'sftp-inbox-secret');

  async function present(row: SftpInboxRow): Promise<SftpInbox> {
    const [issuer, buyer] = await Promise.all([
      deps.issuers.findById(row.issuerId),
      deps.buyers.findById(row.buyerId),
    ]);
    return {
      id: row.id,
      name: row.name,
      issuerId: row.issuerId,
      issuerName: issuer?.name ?? '',
      buyerId: row.buyerId,
      buyerName: buyer?.name ?? '',
      host: row.host,
      port: row.port,
      username: row.username,
      authMethod: row.authMethod as SftpInbox['authMethod'],
      hostKeyFingerprint: row.hostKeyFingerprint,
      remoteFolder: row.remoteFolder,
      filePattern: row.filePattern,
      jobType: row.jobType as JobType,
      mapping: (row.mapping as ColumnMapping | null) ?? null,
      dateOrder: row.dateOrder as SftpInbox['dateOrder'],
      schedule: row.schedule as SftpSchedule,
      enabled: row.enabled,
      status: row.status as SftpInboxStatus,
      lastPolledAt: row.lastPolledAt?.toISOString() ?? null,
      lastError: row.lastError,
      lastErrorAt: row.lastErrorAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  async function found(id: string): Promise<SftpInboxRow> {
    const row = await repo.find(id);
    if (!row) throw AppError.notFound('No such SFTP inbox.');
    return row;
  }

  /** The checks zod cannot make: the buyer's issuer, the cron, one secret, the actor's reach. */
  async function checked(actor: Actor, input: CreateSftpInbox, existing?: SftpInboxRow) {
    const issuer = await deps.issuers.findById(input.issuerId);
    if (!issuer || !seesBuyersOf(actor, issuer.id))
      throw AppError.badRequest('issuerId: no such issuer', 'issuerId');
    const buyer = await deps.buyers.findById(input.buyerId);
    if (!buyer || buyer.issuerId !== issuer.id)
      throw AppError.badRequest('buyerId must be a buyer of the chosen issuer', 'buyerId');
    if (input.schedule.kind === 'cron') {
      try {
        parseCronExpression(input.schedule.cron);
      } catch (error) {
        throw AppError.badRequest(`schedule.cron: ${messageOf(error)}`, 'schedule.cron');
      }
    }
    if (input.password !== undefined && input.privateKey !== undefined)
      throw AppError.badRequest('Give either password or privateKey, not both', 'password');
    if (!existing && input.password === undefined && input.privateKey === undefined)
      throw AppError.badRequest('password or privateKey is required', 'password');
    const secret =
      input.password !== undefined
        ? { authMethod: 'password', sealedSecret: box.seal(input.password) }
        : input.privateKey !== undefined
          ? { authMethod: 'privateKey', sealedSecret: box.seal(input.privateKey) }
          : {};
    const { password: _p, privateKey: _k, ...fields } = input;
    const { sessionId: _s, ...snapshot } = actor;
    return { ...fields, ...secret, actor: snapshot };
  }

  function target(row: SftpInboxRow) {
    const secret = box.open(row.sealedSecret);
    return {
      host: row.host,
      port: row.port,
      username: row.username,
      ...(row.authMethod === 'password' ? { password: secret } : { privateKey: secret }),
      hostKeyFingerprint: row.hostKeyFingerprint,
      connectTimeoutMs: deps.config.connectTimeoutMs,
    };
  }

  async function recordFailure(row: SftpInboxRow, error: unknown) {
    const status: SftpInboxStatus =
      error instanceof HostKeyMismatchError ? 'HostKeyChanged' : 'Failing';
    await repo.update(row.id, {
      status,
      lastPolledAt: new Date(),
      lastError: messageOf(error),
      lastErrorAt: new Date(),
    });
  }

  async function jobExists(actor: Actor, jobId: string): Promise<boolean> {
    try {
      await deps.jobs.get(actor, jobId);
      return true;
    } catch (error) {
      if (error instanceof AppError && error.statusCode === 404) return false;
      throw error;
    }
  }

  const stagedKey = (file: SftpInboxFileRow) =>
    `sftp-inboxes/${file.inboxId}/${file.id}/${path.posix.basename(file.remotePath)}`;

  /**
   * One claimed file through its states. Each step records its state before the next starts,
   * so a poll that picks the file up again (its worker died) goes on from there: downloaded
   * bytes are in the file storage, a created job's id is on the row and is not made again.
   */
  async function work(
    inbox: SftpInboxRow,
    session: SftpSession,
    start: SftpInboxFileRow,
    owner: string,
  ): Promise<SftpInboxFileRow> {
    let file = start;
    const actor = actorOf(inbox);
    const name = path.posix.basename(file.remotePath);
    if (file.state === 'claimed') {
      // A broken download leaves the file claimed: the next poll downloads it again.
      const key = stagedKey(file);
      const local = await deps.storage().localWritePath(key);
      await session.download(file.remotePath, local);
      await deps.storage().commitLocal(key);
      file = await repo.updateFile(file.id, { state: 'downloaded', claimedBy: owner });
    }
    if (file.state === 'downloaded') {
      try {
        let jobId = file.jobId;
        if (!jobId) {
          // The id is on the row before the job exists: a retry after a crash in between
          // finds the job by it instead of making a second one.
          if (!file.plannedJobId)
            file = await repo.updateFile(file.id, { plannedJobId: randomUUID() });
          jobId = file.plannedJobId!;
          if (!(await jobExists(actor, jobId))) {
            const issuer = await deps.issuers.findById(inbox.issuerId);
            await deps.jobs.wizard.create(
              actor,
              {
                type: inbox.jobType as JobType,
                issuerId: inbox.issuerId,
                buyerId: inbox.buyerId,
                name: `${inbox.name}: ${name}`.slice(0, 200),
                currency: issuer?.currency || 'GBP',
              },
              { id: jobId },
            );
          }
          file = await repo.updateFile(file.id, { jobId });
        }
        const job = await deps.jobs.get(actor, jobId);
        if (!job.submittedAt) {
          const local = await deps.storage().localPath(stagedKey(file));
          const workDir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'b2b-sftp-'));
          try {
            await deps.jobs.files.attachGeneratedFile(
              { id: jobId, type: inbox.jobType as JobType },
              { role: 'Suppliers', file: local.path, name },
              { dateOrder: inbox.dateOrder as 'auto' | 'DMY' | 'MDY' },
              workDir,
              inbox.mapping as ColumnMapping | null,
            );
          } finally {
            await local.release();
            await fs.promises.rm(workDir, { recursive: true, force: true });
          }
          await deps.jobs.workflow.submit(actor, jobId);
        }
        await deps.storage().delete(stagedKey(file));
        file = await repo.updateFile(file.id, { state: 'submitted', error: null });
      } catch (error) {
        return repo.updateFile(file.id, { state: 'failed', error: messageOf(error) });
      }
    }
    if (file.state === 'submitted') {
      try {
        await session.moveToProcessed(file.remotePath, file.id.slice(0, 8));
        file = await repo.updateFile(file.id, { state: 'moved', error: null });
      } catch (error) {
        // The job is submitted; the next poll tries the move again.
        file = await repo.updateFile(file.id, {
          error: `Could not move the file to processed/: ${messageOf(error)}`,
        });
      }
    }
    return file;
  }

  return {
    async list(): Promise<{ items: SftpInbox[] }> {
      return { items: await Promise.all((await repo.list()).map(present)) };
    },

    async get(id: string): Promise<SftpInboxDetail> {
      const row = await found(id);
      const files = await repo.recentFiles(row.id, RECENT_FILES);
      return { inbox: await present(row), files: files.map(presentFile) };
    },

    async create(actor: Actor, input: CreateSftpInbox): Promise<SftpInbox> {
      const values = await checked(actor, input);
      const row = await repo.insert(values as Parameters<typeof repo.insert>[0]);
      return present(row);
    },

    async update(actor: Actor, id: string, input: UpdateSftpInbox): Promise<SftpInbox> {
      const existing = await found(id);
      const values = await checked(actor, input, existing);
      // A new pinned fingerprint is the answer to a changed host key: polling may go on.
      const unblocked =
        existing.status === 'HostKeyChanged' &&
        input.hostKeyFingerprint !== existing.hostKeyFingerprint;
      const row = await repo.update(id, {
        ...values,
        updatedAt: new Date(),
        ...(unblocked ? { status: 'NeverPolled', lastError: null, lastErrorAt: null } : {}),
      });
      return present(row!);
    },

    /** Connects, checks the host key and lists the folder; a failure is an answer, never a 500. */
    async testConnection(id: string): Promise<SftpConnectionTest> {
      const row = await found(id);
      const started = performance.now();
      const millis = () => Math.round(performance.now() - started);
      let session: SftpSession | undefined;
      try {
        session = await openSftp(target(row));
        const files = await session.list(row.remoteFolder, globToRegExp(row.filePattern));
        return {
          ok: true,
          message: uiText(
            `Connected to ${row.host}:${row.port}; the host key matches; ${files.length} file(s) in ${row.remoteFolder} match ${row.filePattern}.`,
          ),
          offeredFingerprint: session.offeredFingerprint,
          matchingFiles: files.slice(0, 20).map((f) => f.name),
          millis: millis(),
        };
      } catch (error) {
        const offered = error instanceof HostKeyMismatchError ? error.offered : null;
        const message =
          error instanceof HostKeyMismatchError || error instanceof SftpConnectError
            ? error.message
            : uiText(
                `Connected, but the folder ${row.remoteFolder} could not be listed: ${messageOf(error)}`,
              );
        return {
          ok: false,
          message,
          offeredFingerprint: offered,
          matchingFiles: [],
          millis: millis(),
        };
      } finally {
        session?.close();
      }
    },

    /** "Poll now": the same command the schedule queues, in the inbox's processing group. */
    async pollNow(id: string): Promise<{ commandId: string }> {
      const row = await found(id);
      const [command] = await deps.proq.enqueue([pollCommand(row.id, null)]);
      return { commandId: command!.id };
    },

    /** The polls due at `now`: enabled inboxes whose host key has not changed, once a period. */
    async enqueueDuePolls(now: Date): Promise<number> {
      const due = (await repo.enabled()).filter((row) => row.status !== 'HostKeyChanged');
      if (due.length === 0) return 0;
      const commands = due.map((row) =>
        pollCommand(
          row.id,
          `${PROQ_COMMAND_TYPES.pollSftpInbox}:${row.id}@${schedulePeriod(row.schedule as SftpSchedule, now)}`,
        ),
      );
      const queued = await deps.proq.enqueue(commands);
      return queued.length;
    },

    /**
     * One poll (the PollSftpInbox command, `owner` = its id): takes the inbox's lease, goes on
     * with files an earlier poll left unfinished, claims the new ones, and records the outcome
     * on the inbox. A changed host key ends it before anything is read.
     */
    async poll(id: string, owner: string): Promise<PollOutcome> {
      const none = { taken: 0, submitted: 0, failed: 0 };
      const inbox = await repo.find(id);
      if (!inbox) return { message: uiText('The inbox no longer exists'), ...none };
      if (!(await repo.acquireLease(inbox.id, owner, LEASE_SECONDS)))
        return { message: uiText('Another poll of this inbox is running'), ...none };
      let session: SftpSession | undefined;
      try {
        session = await openSftp(target(inbox));
        const listed = await session.list(inbox.remoteFolder, globToRegExp(inbox.filePattern));
        const resumed = await repo.unfinished(inbox.id);
        const claimed = await repo.claim(inbox.id, listed, owner);
        const queue = [...resumed, ...claimed];
        const done: SftpInboxFileRow[] = [];
        const open = session;
        let leaseLost = false;
        await Promise.all(
          Array.from({ length: Math.min(FILES_AT_ONCE, queue.length) }, async () => {
            for (let next = queue.shift(); next && !leaseLost; next = queue.shift()) {
              done.push(await work(inbox, open, next, owner));
              // A poll that outlived its lease stops taking files: another may own them now.
              if (!(await repo.acquireLease(inbox.id, owner, LEASE_SECONDS))) leaseLost = true;
            }
          }),
        );
        const failed = done.filter((f) => f.state === 'failed');
        const submitted = done.filter((f) => f.state === 'moved' || f.state === 'submitted');
        const lastFailure = failed.at(-1);
        await repo.update(inbox.id, {
          status: lastFailure ? 'Failing' : 'Ok',
          lastPolledAt: new Date(),
          ...(lastFailure
            ? {
                lastError: `${path.posix.basename(lastFailure.remotePath)}: ${lastFailure.error}`,
                lastErrorAt: new Date(),
              }
            : { lastError: null, lastErrorAt: null }),
        });
        return {
          message: uiText(
            `${done.length} file(s) taken, ${submitted.length} job(s) submitted, ${failed.length} failed`,
          ),
          taken: done.length,
          submitted: submitted.length,
          failed: failed.length,
        };
      } catch (error) {
        await recordFailure(inbox, error);
        return { message: messageOf(error), ...none };
      } finally {
        session?.close();
        await repo.releaseLease(inbox.id, owner);
      }
    },
  };
}

function pollCommand(inboxId: string, scheduleKey: string | null): EnqueueCommand {
  return {
    commandType: PROQ_COMMAND_TYPES.pollSftpInbox,
    payload: { inboxId },
    targetEntityId: inboxId,
    category: 'SFTP',
    // One poll of an inbox at a time; the lease guards it too if the group limit is raised.
    processingGroup: `sftp-inbox:${inboxId}`,
    stuckTimeOutInSeconds: 1800,
    ...(scheduleKey ? { scheduleKey } : {}),
  };
}

export type SftpInboxesService = ReturnType<typeof createSftpInboxesService>;
