import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {
  ACCOUNTING_MESSAGES,
  PROQ_COMMAND_TYPES,
  type AccountingApiState,
  type CompleteAccountingLink,
  type CompletedAccountingLink,
  type JobAccountingConnection,
  type LinkedAccount,
  type LinkedAccountList,
  type LinkedAccountStatus,
  type LinkedAccountSyncQueued,
  type LinkedAccountSyncSchedule,
  type StartedAccountingLink,
} from '@b2b/contract';
import type { MergeConfig } from '../../config.js';
import type { Database } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { AppError } from '../../lib/app-error.js';
import { createSecretBox } from '../../lib/secret-box.js';
import type { BuyersService } from '../issuers/buyers.service.js';
import type { IssuersService } from '../issuers/issuers.service.js';
import type { JobsService } from '../jobs/jobs.service.js';
import type { EnqueueCommand, ProqService } from '../proq/proq.service.js';
import type { SystemLogsService } from '../system-logs/system-logs.service.js';
import { ACCOUNTING_FILE_MAPPING, accountingFiles } from './accounting-rows.js';
import { MergeApiError, type MergeClient, createMergeClient } from './merge-client.js';
import { type LinkedAccountListRow, createMergeLinksRead } from './merge-links.read.js';
import { type LinkedAccountRow, createMergeLinksRepo } from './merge-links.repo.js';
import {
  authorize,
  linkedAccountScope,
  mergeRefusal,
  seesLinkedAccount,
} from './merge-links.policy.js';
import { uiText } from '../../lib/ui-text.js';

type Deps = {
  config: MergeConfig;
  dataDir: string;
  issuers: Pick<IssuersService, 'findById'>;
  buyers: Pick<BuyersService, 'findById'>;
  jobs: Pick<
    JobsService,
    'visible' | 'editable' | 'wizard' | 'files' | 'workflow' | 'get' | 'discardUnsubmitted'
  >;
  proq: Pick<ProqService, 'enqueue' | 'checkQueuedCommands'>;
  systemLogs: Pick<SystemLogsService, 'record'>;
};

export type SyncOutcome = { message: string; jobId: string | null; ok: boolean };

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** A stored actor snapshot as the worker acts with it. */
const actorOf = (row: LinkedAccountRow): Actor => ({
  ...(row.actor as Omit<Actor, 'sessionId'>),
  sessionId: '',
});

const DAY_MS = 24 * 60 * 60 * 1000;
/** How long after its last sync attempt a schedule syncs an account again. */
const SCHEDULE_PERIOD_MS: Record<Exclude<LinkedAccountSyncSchedule, 'Off'>, number> = {
  Daily: DAY_MS,
  Weekly: 7 * DAY_MS,
};

/**
 * When the account's schedule next syncs it: a period after its last sync attempt (success or
 * failure), never before a rate limit's Retry-After, at once if it was never attempted; null
 * when the schedule is Off or the account cannot be synced.
 */
export function nextScheduledSync(a: {
  syncSchedule: string;
  status: string;
  sealedAccountToken: string | null;
  createdAt: Date;
  lastSyncAt: Date | null;
  lastErrorAt: Date | null;
  syncRetryAt: Date | null;
}): Date | null {
  const schedule = a.syncSchedule as LinkedAccountSyncSchedule;
  if (schedule === 'Off' || !a.sealedAccountToken) return null;
  if (a.status !== 'Linked' && a.status !== 'Failing') return null;
  const attempts = [a.lastSyncAt, a.lastErrorAt].filter((d): d is Date => d !== null);
  const last = attempts.length ? Math.max(...attempts.map((d) => d.getTime())) : null;
  const next = last === null ? a.createdAt.getTime() : last + SCHEDULE_PERIOD_MS[schedule];
  return new Date(Math.max(next, a.syncRetryAt?.getTime() ?? 0));
}

function present(row: LinkedAccountListRow): LinkedAccount {
  const a = row.account;
  return {
    id: a.id,
    issuerId: a.issuerId,
    issuerName: row.issuerName,
    buyerId: a.buyerId,
    buyerName: row.buyerName,
    integrationName: a.integrationName,
    status: a.status as LinkedAccountStatus,
    connectedVia: a.connectedVia as LinkedAccount['connectedVia'],
    createdByUsername: a.createdByUsername,
    createdAt: a.createdAt.toISOString(),
    lastSyncAt: a.lastSyncAt?.toISOString() ?? null,
    lastSyncJobId: a.lastSyncJobId,
    lastError: a.lastError,
    lastErrorAt: a.lastErrorAt?.toISOString() ?? null,
    mergedIntoId: a.mergedIntoId,
    syncSchedule: a.syncSchedule as LinkedAccountSyncSchedule,
    nextSyncAt: nextScheduledSync(a)?.toISOString() ?? null,
  };
}

function syncCommand(accountId: string, scheduleKey?: string): EnqueueCommand {
  return {
    ...(scheduleKey ? { scheduleKey } : {}),
    commandType: PROQ_COMMAND_TYPES.syncLinkedAccount,
    payload: { linkedAccountId: accountId },
    targetEntityId: accountId,
    category: 'Accounting',
    // One sync of an account at a time: a second waits instead of making a second job.
    processingGroup: `linked-account:${accountId}`,
    stuckTimeOutInSeconds: 1800,
  };
}

/**
 * Accounting connections (SPEC §2 merge-linked-accounts; SPEC §3 MergeLink, MergeMagicLink): a
 * buyer's accounting system connected through the unified accounting API, and the sync that
 * turns its vendors, invoices and payments into a new, submitted Consultant Upload job through
 * the jobs module's own upload path (the files a CSV upload would be). Every change is audited.
 */
export function createMergeLinksService(db: Database, deps: Deps) {
  const repo = createMergeLinksRepo(db);
  const read = createMergeLinksRead(db);
  const box = createSecretBox(deps.config.secretsKey, 'merge-account-token');
  const client: MergeClient | undefined = deps.config.api
    ? createMergeClient(deps.config.api)
    : undefined;

  const apiState = (): AccountingApiState => ({
    configured: Boolean(client),
    configureHint: client ? null : ACCOUNTING_MESSAGES.apiNotConfigured,
  });

  /** The API client, or 409 saying how to configure it. */
  function api(): MergeClient {
    if (!client) throw AppError.conflict(ACCOUNTING_MESSAGES.apiNotConfigured);
    return client;
  }

  /** An API failure as the caller's answer: 502 with the API's message (never a 500). */
  function apiFailure(error: unknown): never {
    if (error instanceof MergeApiError) throw new AppError(502, error.message);
    throw error;
  }

  async function audit(
    actor: { userId: string | null; username: string },
    action: string,
    account: { id: string },
    after: Record<string, unknown>,
  ) {
    await deps.systemLogs.record(actor, {
      action,
      entityType: 'merge-linked-account',
      entityId: account.id,
      after,
    });
  }

  async function presented(id: string): Promise<LinkedAccount> {
    return present((await read.one(id))!);
  }

  async function visibleAccount(
    actor: Actor,
    id: string,
    action: 'view' | 'sync' | 'unlink' | 'merge',
  ) {
    const row = await repo.find(id);
    if (!row) throw AppError.notFound('No such linked account.');
    authorize(actor, action, row);
    return row;
  }

  /** A Draft job the actor may change, of an issuer that takes MergeLink, or 404/403/409. */
  async function connectableJob(actor: Actor, jobId: string) {
    const job = await deps.jobs.editable(actor, jobId);
    authorize(actor, 'connect', job);
    const issuer = (await deps.issuers.findById(job.issuerId))!;
    if (!issuer.inputDataOptions.includes('MergeLink'))
      throw AppError.conflict(
        `${issuer.name} does not connect accounting systems: its input data options are ${issuer.inputDataOptions.join(', ') || 'none'}.`,
      );
    return { job, issuer };
  }

  /**
   * A link token for the account `id` (the API's end_user_origin_id). A refusal answers 502 with
   * the API's message; on an account that already exists it is also recorded there.
   */
  async function linkToken(
    account: { id: string; buyerId: string },
    email: string,
    existing: boolean,
  ): Promise<string> {
    const buyer = await deps.buyers.findById(account.buyerId);
    try {
      const { linkToken } = await api().createLinkToken({
        endUserOriginId: account.id,
        organizationName: buyer?.name ?? 'Buyer',
        emailAddress: email,
      });
      return linkToken;
    } catch (error) {
      if (existing)
        await repo.update(account.id, { lastError: messageOf(error), lastErrorAt: new Date() });
      return apiFailure(error);
    }
  }

  /**
   * Exchanges the public token and stores the account token sealed; then queues the first sync.
   * A failed exchange stores nothing but the error: the person may try again.
   */
  async function connect(
    row: LinkedAccountRow,
    publicToken: string,
    who: { userId: string | null; username: string },
  ) {
    if (row.status !== 'Pending')
      throw AppError.conflict('This accounting connection was already completed.');
    let exchanged;
    try {
      exchanged = await api().exchangePublicToken(publicToken);
    } catch (error) {
      await repo.update(row.id, { lastError: messageOf(error), lastErrorAt: new Date() });
      await audit(who, 'LinkedAccountConnectFailed', row, { error: messageOf(error) });
      return apiFailure(error);
    }
    const connected = await repo.connect(row.id, {
      sealedAccountToken: box.seal(exchanged.accountToken),
      integrationName: exchanged.integrationName,
    });
    if (!connected) throw AppError.conflict('This accounting connection was already completed.');
    await repo.update(row.id, { lastError: null, lastErrorAt: null });
    await audit(who, 'LinkedAccountConnected', row, {
      integrationName: exchanged.integrationName,
      buyerId: row.buyerId,
      jobId: row.jobId,
      connectedVia: row.connectedVia,
    });
    const [command] = await deps.proq.enqueue([syncCommand(row.id)]);
    return { commandId: command!.id };
  }

  async function recordSyncFailure(row: LinkedAccountRow, message: string, retryAt?: Date | null) {
    await repo.update(row.id, {
      status: 'Failing',
      lastError: message,
      lastErrorAt: new Date(),
      plannedJobId: null,
      // A rate limit's Retry-After: the schedule asks no sooner.
      syncRetryAt: retryAt ?? null,
    });
    await audit({ userId: null, username: 'accounting sync' }, 'LinkedAccountSyncFailed', row, {
      error: message,
    });
  }

  return {
    apiState,

    async list(actor: Actor): Promise<LinkedAccountList> {
      const rows = await read.list(linkedAccountScope(actor));
      return { ...apiState(), items: rows.map(present) };
    },

    async jobConnection(actor: Actor, jobId: string): Promise<JobAccountingConnection> {
      const job = await deps.jobs.visible(actor, jobId);
      const issuer = await deps.issuers.findById(job.issuerId);
      // Only the issuer's own people (and staff) see its linked accounts, not everyone the job
      // is shared with.
      const rows = (await read.ofBuyer(job.buyerId)).filter((r) =>
        seesLinkedAccount(actor, r.account),
      );
      return {
        ...apiState(),
        offered: Boolean(issuer?.inputDataOptions.includes('MergeLink')),
        takesFileUploads: Boolean(issuer?.inputDataOptions.includes('CsvFileUpload')),
        linkedAccounts: rows.map(present),
      };
    },

    /** "Connect accounting system" on a job's data step: a Pending account and its link token. */
    async startLink(actor: Actor, jobId: string): Promise<StartedAccountingLink> {
      api();
      const { job } = await connectableJob(actor, jobId);
      const { sessionId: _s, ...snapshot } = actor;
      // The token first: when the API refuses it, nothing is stored.
      const id = randomUUID();
      const token = await linkToken({ id, buyerId: job.buyerId }, actor.username, false);
      const row = await repo.insert({
        id,
        issuerId: job.issuerId,
        buyerId: job.buyerId,
        jobId: job.id,
        connectedVia: 'MergeLink',
        actor: snapshot,
        createdByUsername: actor.username,
      });
      await audit(actor, 'LinkedAccountLinkStarted', row, { jobId: job.id, buyerId: job.buyerId });
      return {
        linkedAccountId: row.id,
        linkToken: token,
        linkScriptUrl: deps.config.linkScriptUrl,
      };
    },

    async completeLink(
      actor: Actor,
      jobId: string,
      input: CompleteAccountingLink,
    ): Promise<CompletedAccountingLink> {
      api();
      const { job } = await connectableJob(actor, jobId);
      const row = await repo.find(input.linkedAccountId);
      if (!row || row.jobId !== job.id || row.connectedVia !== 'MergeLink')
        throw AppError.badRequest(
          'linkedAccountId is not an accounting connection started for this job.',
          'linkedAccountId',
        );
      const { commandId } = await connect(row, input.publicToken, actor);
      return {
        linkedAccount: await presented(row.id),
        commandId,
        message: uiText(
          'Connected. The accounting data is being fetched; a new Consultant Upload job is submitted with it.',
        ),
      };
    },

    /**
     * MergeMagicLink: the Pending account an accounting magic link connects, made with the link
     * (the maker's rights, the job's buyer), so the public page needs nothing but the link.
     */
    async prepareMagicLink(
      actor: Actor,
      magicLinkId: string,
      job: { id: string; issuerId: string; buyerId: string },
    ) {
      const { sessionId: _s, ...snapshot } = actor;
      const row = await repo.insert({
        issuerId: job.issuerId,
        buyerId: job.buyerId,
        jobId: job.id,
        magicLinkId,
        connectedVia: 'MergeMagicLink',
        actor: snapshot,
        createdByUsername: actor.username,
      });
      await audit(actor, 'LinkedAccountLinkStarted', row, { jobId: job.id, magicLinkId });
    },

    /** The buyer an accounting magic link connects, or undefined when it is no longer waiting. */
    async magicLinkBuyer(magicLinkId: string) {
      const row = await repo.pendingOfMagicLink(magicLinkId);
      return row ? (await read.one(row.id))!.buyerName : undefined;
    },

    /** MergeMagicLink, public: a link token for the link's Pending account. */
    async startMagicLink(
      magicLinkId: string,
    ): Promise<{ linkToken: string; linkScriptUrl: string }> {
      api();
      const row = await repo.pendingOfMagicLink(magicLinkId);
      if (!row) throw AppError.conflict('No accounting connection is waiting on this link.');
      return {
        linkToken: await linkToken(row, row.createdByUsername, true),
        linkScriptUrl: deps.config.linkScriptUrl,
      };
    },

    /** MergeMagicLink, public: 400 when no link token was asked for through this link. */
    async completeMagicLink(magicLinkId: string, publicToken: string, ip: string) {
      api();
      const row = await repo.pendingOfMagicLink(magicLinkId);
      if (!row)
        throw AppError.badRequest(
          'Start connecting first: no accounting connection is waiting on this link.',
          'publicToken',
        );
      await connect(row, publicToken, { userId: null, username: `magic link (no account) ${ip}` });
      return { message: ACCOUNTING_MESSAGES.linkDone };
    },

    async sync(actor: Actor, id: string): Promise<LinkedAccountSyncQueued> {
      const row = await visibleAccount(actor, id, 'sync');
      if (row.status === 'Pending' || row.status === 'Unlinked' || row.status === 'Merged')
        throw AppError.conflict(`A ${row.status} linked account cannot be synced.`);
      api();
      const [command] = await deps.proq.enqueue([syncCommand(row.id)]);
      await audit(actor, 'LinkedAccountSyncQueued', row, { commandId: command!.id });
      return { linkedAccount: await presented(row.id), commandId: command!.id };
    },

    /** How often the account syncs by itself (issue 20); audited with the one before. */
    async setSyncSchedule(
      actor: Actor,
      id: string,
      syncSchedule: LinkedAccountSyncSchedule,
    ): Promise<LinkedAccount> {
      const row = await visibleAccount(actor, id, 'sync');
      if (row.status === 'Unlinked' || row.status === 'Merged')
        throw AppError.conflict(`A ${row.status} linked account cannot be synced.`);
      if (row.syncSchedule !== syncSchedule) {
        await repo.update(row.id, { syncSchedule });
        await audit(actor, 'LinkedAccountSyncScheduleChanged', row, {
          before: row.syncSchedule,
          syncSchedule,
        });
      }
      return presented(row.id);
    },

    /**
     * The ScheduleLinkedAccountSyncs command: a sync for each account whose schedule is due at
     * `now`. Never a second one while the account's sync is queued or running, and once per due
     * time (the schedule key), however many schedulers run; the processing group runs one sync
     * of an account at a time besides.
     */
    async enqueueDueSyncs(now: Date): Promise<number> {
      if (!client) return 0;
      const commands: EnqueueCommand[] = [];
      for (const row of await repo.scheduled()) {
        const due = nextScheduledSync(row);
        if (!due || due > now) continue;
        if (await deps.proq.checkQueuedCommands(row.id)) continue;
        commands.push(
          syncCommand(
            row.id,
            `${PROQ_COMMAND_TYPES.syncLinkedAccount}:${row.id}@${due.toISOString()}`,
          ),
        );
      }
      return (await deps.proq.enqueue(commands)).length;
    },

    /** Revokes the account token on the API first: a refusal there leaves the account as it was. */
    async unlink(actor: Actor, id: string): Promise<LinkedAccount> {
      const row = await visibleAccount(actor, id, 'unlink');
      if (row.status === 'Unlinked' || row.status === 'Merged')
        throw AppError.conflict(`The linked account is already ${row.status}.`);
      if (row.sealedAccountToken) {
        try {
          await api().deleteAccount(box.open(row.sealedAccountToken));
        } catch (error) {
          apiFailure(error);
        }
      }
      await repo.update(row.id, {
        status: 'Unlinked',
        sealedAccountToken: null,
        plannedJobId: null,
      });
      await audit(actor, 'LinkedAccountUnlinked', row, { integrationName: row.integrationName });
      return presented(row.id);
    },

    /** Folds `id` into `intoId` (the same buyer): its token is revoked; `intoId` stays. */
    async merge(actor: Actor, id: string, intoId: string): Promise<LinkedAccount> {
      const from = await visibleAccount(actor, id, 'merge');
      const into = await repo.find(intoId);
      if (!into) throw AppError.badRequest('intoId: no such linked account', 'intoId');
      authorize(actor, 'merge', into);
      const refusal = mergeRefusal(from, into);
      if (refusal) throw AppError.badRequest(refusal, 'intoId');
      if (from.sealedAccountToken) {
        try {
          await api().deleteAccount(box.open(from.sealedAccountToken));
        } catch (error) {
          apiFailure(error);
        }
      }
      await repo.update(from.id, {
        status: 'Merged',
        mergedIntoId: into.id,
        sealedAccountToken: null,
        plannedJobId: null,
      });
      await repo.repointMerged(from.id, into.id);
      await audit(actor, 'LinkedAccountsMerged', from, {
        mergedIntoId: into.id,
        buyerId: from.buyerId,
        intoBuyerId: into.buyerId,
      });
      return presented(from.id);
    },

    /**
     * The SyncLinkedAccount command: every page of vendors, invoices and payments first (an API
     * error or a malformed page ends it with nothing created and the API's message on the
     * account), then one new Consultant Upload job with the Invoice and Payment files, submitted.
     * A failure after the job was made removes it again. A retry finds its planned job.
     */
    async runSync(id: string): Promise<SyncOutcome> {
      const row = await repo.find(id);
      if (!row)
        return { ok: true, jobId: null, message: uiText('The linked account no longer exists') };
      if (!row.sealedAccountToken || (row.status !== 'Linked' && row.status !== 'Failing'))
        return {
          ok: true,
          jobId: null,
          message: uiText(`The linked account is ${row.status}: not synced`),
        };
      if (!client) {
        await recordSyncFailure(row, ACCOUNTING_MESSAGES.apiNotConfigured);
        return { ok: false, jobId: null, message: ACCOUNTING_MESSAGES.apiNotConfigured };
      }
      const actor = actorOf(row);
      // A retried sync whose job was already submitted only records the outcome.
      if (row.plannedJobId) {
        const planned = await deps.jobs.get(actor, row.plannedJobId).catch(() => undefined);
        if (planned?.submittedAt) return finish(row, row.plannedJobId, 'Synced (resumed)');
        if (planned) await deps.jobs.discardUnsubmitted(row.plannedJobId);
      }
      const issuer = await deps.issuers.findById(row.issuerId);
      const buyer = await deps.buyers.findById(row.buyerId);
      let files;
      try {
        const token = box.open(row.sealedAccountToken);
        const [vendors, invoices, payments] = [
          await client.vendors(token),
          await client.invoices(token),
          await client.payments(token),
        ];
        files = accountingFiles(vendors, invoices, payments, issuer?.currency || 'GBP');
      } catch (error) {
        const retryAt = error instanceof MergeApiError ? error.retryAt : null;
        await recordSyncFailure(row, messageOf(error), retryAt);
        return { ok: false, jobId: null, message: messageOf(error) };
      }
      if (files.invoices.rows === 0 && files.payments.rows === 0) {
        const message = uiText(
          `Nothing to analyse: the accounting system has ${files.vendors} vendor(s) but no payable invoices or payments of them.`,
        );
        await recordSyncFailure(row, message);
        return { ok: false, jobId: null, message };
      }
      const jobId = randomUUID();
      await repo.update(row.id, { plannedJobId: jobId });
      const workDir = path.join(deps.dataDir, 'tmp', 'merge-sync', `${row.id}-${jobId}`);
      await fs.promises.mkdir(workDir, { recursive: true });
      try {
        const when = new Date().toISOString().slice(0, 10);
        await deps.jobs.wizard.create(
          actor,
          {
            type: 'advanced',
            issuerId: row.issuerId,
            buyerId: row.buyerId,
            name: `${buyer?.name ?? 'Buyer'}: ${row.integrationName ?? 'accounting'} ${when}`.slice(
              0,
              200,
            ),
            currency: issuer?.currency || 'GBP',
          },
          { id: jobId },
        );
        for (const [role, file] of [
          ['Invoice', files.invoices],
          ['Payment', files.payments],
        ] as const) {
          if (file.rows === 0) continue;
          const local = path.join(workDir, `${role.toLowerCase()}s.csv`);
          await fs.promises.writeFile(local, file.text, 'utf8');
          await deps.jobs.files.attachGeneratedFile(
            { id: jobId, type: 'advanced' },
            {
              role,
              file: local,
              name: `${row.integrationName ?? 'accounting'}-${role.toLowerCase()}s.csv`,
            },
            { dateOrder: 'auto' },
            workDir,
            ACCOUNTING_FILE_MAPPING,
          );
        }
        await deps.jobs.workflow.submit(actor, jobId);
      } catch (error) {
        await deps.jobs.discardUnsubmitted(jobId);
        await recordSyncFailure(row, uiText(`The job could not be created: ${messageOf(error)}`));
        return { ok: false, jobId: null, message: messageOf(error) };
      } finally {
        await fs.promises.rm(workDir, { recursive: true, force: true });
      }
      return finish(
        row,
        jobId,
        uiText(
          `Synced ${files.vendors} vendor(s), ${files.invoices.rows} invoice(s), ${files.payments.rows} payment(s)`,
        ),
      );
    },
  };

  async function finish(
    row: LinkedAccountRow,
    jobId: string,
    message: string,
  ): Promise<SyncOutcome> {
    await repo.update(row.id, {
      status: 'Linked',
      lastSyncAt: new Date(),
      lastSyncJobId: jobId,
      plannedJobId: null,
      lastError: null,
      lastErrorAt: null,
      syncRetryAt: null,
    });
    await audit({ userId: null, username: 'accounting sync' }, 'LinkedAccountSynced', row, {
      jobId,
      message,
    });
    return { ok: true, jobId, message };
  }
}
export type MergeLinksService = ReturnType<typeof createMergeLinksService>;
