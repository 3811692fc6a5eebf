import {
  type LimitAction,
  RESOURCE_LIMITS,
  RESOURCE_LIMIT_KEYS,
  formatLimitBytes,
  limitValueProblem,
  type ResourceLimit,
  type ResourceLimitKey,
  type ResourceUsage,
} from '@b2b/contract';
import type { JobsConfig } from '../../config.js';
import type { Database } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { AppError } from '../../lib/app-error.js';
import type { ProqService } from '../proq/proq.service.js';
import type { SystemLogsService } from '../system-logs/system-logs.service.js';
import { type ResourceLimitRow, createResourceGuardRepo } from './resource-guard.repo.js';
import {
  type EffectiveLimits,
  type LimitUsage,
  belowUsageProblem,
  createRequestCounter,
  defaultLimits,
} from './resource-limits.js';
import { createResourceUsageRead } from './resource-usage.read.js';
import { uiText } from '../../lib/ui-text.js';

/**
 * Effective limits are cached this long per process: several API and worker processes share the
 * table, so a change made through one reaches the others within a few seconds; the process that
 * made it forgets its copy at once.
 */
const CACHE_MS = 5_000;
/** Issuers listed in each usage ranking. */
const TOP = 10;

type Deps = {
  config: JobsConfig;
  systemLogs: Pick<SystemLogsService, 'record'>;
  proq: Pick<ProqService, 'getMonitoringData'>;
};

/**
 * The resource guard (SPEC §2 /devops/resource-guard, DevOps_Area_VIEW): the limits the server
 * enforces in one place, their checks (called by the modules that do the guarded work), and the
 * usage beside them.
 */
export function createResourceGuardService(db: Database, deps: Deps) {
  const repo = createResourceGuardRepo(db);
  const usageRead = createResourceUsageRead(db);
  const defaults = defaultLimits(deps.config);
  const requests = createRequestCounter();
  let cached: { at: number; rows: Promise<Map<string, ResourceLimitRow>> } | undefined;

  function rows(): Promise<Map<string, ResourceLimitRow>> {
    const now = Date.now();
    if (!cached || now - cached.at > CACHE_MS) {
      const loading = repo.all().then((all) => new Map(all.map((r) => [r.key, r])));
      // A failed read is not cached: the next call tries again.
      loading.catch(() => {
        if (cached?.rows === loading) cached = undefined;
      });
      cached = { at: now, rows: loading };
    }
    return cached.rows;
  }

  /**
   * Whether the issuer has a running slot free under the running jobs per issuer limit; if
   * not, the message a job waiting for one shows (naming the limit and the count).
   */
  async function runningSlot(issuerId: string) {
    const limit = (await limits()).runningJobsPerIssuer;
    const action = actionOf((await rows()).get('runningJobsPerIssuer'));
    if (limit === null) return { free: true, action, running: 0, limit, message: '' };
    const running = await usageRead.runningOfIssuer(issuerId);
    return {
      free: running < limit,
      action,
      running,
      limit,
      message: uiText(
        `Waiting: ${running} of ${limit} concurrent jobs for this issuer are running`,
      ),
    };
  }

  async function limits(): Promise<EffectiveLimits> {
    const set = await rows();
    const effective = { ...defaults };
    for (const key of RESOURCE_LIMIT_KEYS) {
      const row = set.get(key);
      if (row) effective[key] = row.value;
    }
    return effective;
  }

  function present(key: ResourceLimitKey, row: ResourceLimitRow | undefined): ResourceLimit {
    return {
      key,
      name: RESOURCE_LIMITS[key].name,
      value: row ? row.value : defaults[key],
      defaultValue: defaults[key],
      setBy: row?.updatedBy ?? null,
      setAt: row?.updatedAt.toISOString() ?? null,
      whenExceeded: RESOURCE_LIMITS[key].queueable ? actionOf(row) : null,
    };
  }

  /** The largest figure an issuer or user has today for a limit that has usage. */
  async function currentUsage(key: ResourceLimitKey): Promise<LimitUsage | null> {
    if (key === 'storageBytesPerIssuer') {
      const [top] = await usageRead.storageByIssuer(1);
      return top ? { value: Number(top.value), of: top.issuerName } : null;
    }
    if (key === 'runningJobsPerIssuer') {
      const [top] = await usageRead.runningByIssuer(1);
      return top ? { value: top.value, of: top.issuerName } : null;
    }
    if (key === 'queuedJobsPerUser') {
      const most = await usageRead.maxQueuedPerUser();
      return most > 0 ? { value: most, of: 'the user with the most queued jobs' } : null;
    }
    return null;
  }

  /**
   * Stores the change (a row, or none for the default) and audits the old and new value, in one
   * transaction: a change is never left without its audit entry.
   */
  async function change(
    actor: Actor,
    key: ResourceLimitKey,
    value: number | null | 'default',
    whenExceeded?: LimitAction,
  ) {
    const queueable = RESOURCE_LIMITS[key].queueable;
    const row = await db.transaction(async (tx) => {
      const txRepo = createResourceGuardRepo(tx);
      const old = await txRepo.find(key);
      let saved: ResourceLimitRow | undefined;
      const action = queueable ? (whenExceeded ?? actionOf(old)) : null;
      if (value === 'default') await txRepo.remove(key);
      else saved = await txRepo.upsert(key, value, actor.username, action);
      await deps.systemLogs.record(
        actor,
        {
          action: value === 'default' ? 'ResourceLimitReset' : 'ResourceLimitChanged',
          entityType: 'ResourceLimit',
          entityId: key,
          entityName: RESOURCE_LIMITS[key].name,
          before: {
            value: old ? old.value : defaults[key],
            ...(queueable ? { whenExceeded: actionOf(old) } : {}),
          },
          after: {
            value: value === 'default' ? defaults[key] : value,
            ...(queueable ? { whenExceeded: actionOf(saved) } : {}),
          },
        },
        tx,
      );
      return saved;
    });
    cached = undefined;
    return present(key, row);
  }

  return {
    limits,

    async list() {
      const set = await rows();
      return { limits: RESOURCE_LIMIT_KEYS.map((key) => present(key, set.get(key))) };
    },

    async update(
      actor: Actor,
      key: ResourceLimitKey,
      value: number | null,
      whenExceeded?: LimitAction,
    ) {
      const problem = limitValueProblem(key, value);
      if (problem) throw AppError.badRequest(problem, 'value');
      if (whenExceeded === 'queue' && !RESOURCE_LIMITS[key].queueable)
        throw AppError.badRequest(
          `whenExceeded: ${RESOURCE_LIMITS[key].name} cannot queue work; it can only refuse it.`,
          'whenExceeded',
        );
      const belowUsage = belowUsageProblem(key, value, await currentUsage(key));
      if (belowUsage) throw AppError.conflict(belowUsage);
      return change(actor, key, value, whenExceeded);
    },

    async reset(actor: Actor, key: ResourceLimitKey) {
      const belowUsage = belowUsageProblem(key, defaults[key], await currentUsage(key));
      if (belowUsage) throw AppError.conflict(belowUsage);
      return change(actor, key, 'default');
    },

    async usage(): Promise<ResourceUsage> {
      const [storage, running, maxQueued, monitoring, effective] = await Promise.all([
        usageRead.storageByIssuer(TOP),
        usageRead.runningByIssuer(TOP),
        usageRead.maxQueuedPerUser(),
        deps.proq.getMonitoringData(),
        limits(),
      ]);
      const memory = process.memoryUsage();
      return {
        storageByIssuer: storage.map((r) => ({ ...r, value: Number(r.value) })),
        runningByIssuer: running,
        maxQueuedPerUser: maxQueued,
        queueDepth: monitoring.queueCounts.queuedCommandsCount,
        process: {
          rssBytes: memory.rss,
          heapUsedBytes: memory.heapUsed,
          heapTotalBytes: memory.heapTotal,
        },
        engine: engineSettingsOf(effective),
        measuredAt: new Date().toISOString(),
      };
    },

    /** The upload size limit in bytes (job and reference-data uploads). */
    uploadMaxBytes: async () => (await limits()).uploadMaxBytes ?? defaults.uploadMaxBytes!,

    /** DuckDB's settings for a new engine connection. */
    engineSettings: async () => engineSettingsOf(await limits()),

    /**
     * Refuses an upload of `bytes` that would take the issuer past its storage limit (409 with
     * its usage and the limit). Called with 0 before the file is read, and with its size after.
     */
    async checkStorage(issuer: { id: string; name: string }, bytes: number) {
      const limit = (await limits()).storageBytesPerIssuer;
      if (limit === null) return;
      const used = await usageRead.storageOfIssuer(issuer.id);
      if (used + bytes <= limit && (bytes > 0 || used < limit)) return;
      throw AppError.conflict(
        `${issuer.name} stores ${formatLimitBytes(used)} of files; the storage limit per issuer is ${formatLimitBytes(limit)}` +
          (bytes > 0 ? `, and this file of ${formatLimitBytes(bytes)} would pass it.` : '.'),
      );
    },

    /**
     * Checks a submission against the per-user queue and per-issuer running limits. Over the
     * queue limit it is refused (409 naming it). Over the running limit it is refused too,
     * unless DevOps chose to queue: then the answer is the message the job waits with, and the
     * jobs module holds it back until StartWaitingJobs finds a slot (`runningSlot`).
     */
    async checkSubmit(
      actor: Actor,
      issuer: { id: string; name: string },
    ): Promise<{ waitFor: string } | null> {
      const { queuedJobsPerUser } = await limits();
      if (queuedJobsPerUser !== null) {
        const queued = await usageRead.queuedOfUser(actor.userId);
        if (queued >= queuedJobsPerUser)
          throw AppError.conflict(
            `You have ${queued} job${queued === 1 ? '' : 's'} queued; the limit is ${queuedJobsPerUser} queued jobs per user. Submit again when one of them starts.`,
          );
      }
      const slot = await runningSlot(issuer.id);
      if (slot.free) return null;
      if (slot.action === 'queue') return { waitFor: slot.message };
      throw AppError.conflict(
        `${issuer.name} has ${slot.running} job${slot.running === 1 ? '' : 's'} running; the limit is ${slot.limit} running jobs per issuer. Submit again when one of them finishes.`,
      );
    },

    runningSlot,

    /**
     * Counts an API request of the user: null while under the per-minute limit, else the limit
     * and the seconds until the next minute starts.
     */
    async hitRequest(userId: string): Promise<{ limit: number; retryAfter: number } | null> {
      const limit = (await limits()).apiRequestsPerUserPerMinute;
      if (limit === null) return null;
      const retryAfter = requests.hit(userId, limit);
      return retryAfter === null ? null : { limit, retryAfter };
    },
  };
}

/** A stored choice; refuse unless DevOps chose queue. */
function actionOf(row: ResourceLimitRow | undefined): LimitAction {
  return row?.whenExceeded === 'queue' ? 'queue' : 'refuse';
}

function engineSettingsOf(limits: EffectiveLimits) {
  return { memoryLimit: `${limits.engineMemoryMb}MB`, threads: limits.engineThreads ?? 1 };
}

export type ResourceGuardService = ReturnType<typeof createResourceGuardService>;
