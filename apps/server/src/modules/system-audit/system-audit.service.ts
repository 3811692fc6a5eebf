import { randomUUID } from 'node:crypto';
import {
  type IntegrationConfiguration,
  type IntegrationResult,
  IntegrationResultsSchema,
  MESSAGES,
  PROQ_COMMAND_TYPES,
  type Readiness,
} from '@b2b/contract';
import type { Actor } from '../../lib/actor.js';
import type { Database, DatabaseHandle } from '../../db/client.js';
import type { MailService } from '../mail/mail.service.js';
import type { ProqService } from '../proq/proq.service.js';
import type { FileStorage } from '../../storage/file-storage.js';
import { createSystemAuditRepo } from './system-audit.repo.js';

const LLM_TIMEOUT_MS = 5000;
/** A probe answers within a load balancer's usual time-out even when a dependency hangs. */
const READINESS_TIMEOUT_MS = 2000;

/** Why `check` failed or did not answer within the readiness time-out; undefined if it did. */
async function failureOf(check: () => Promise<unknown>): Promise<string | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), READINESS_TIMEOUT_MS);
  });
  try {
    await Promise.race([check(), timeout]);
    return undefined;
  } catch (error) {
    return (error as Error)?.message || String(error);
  } finally {
    clearTimeout(timer);
  }
}

async function attempt(
  integration: string,
  check: () => Promise<string>,
): Promise<IntegrationResult> {
  try {
    return { integration, success: true, message: await check() };
  } catch (error) {
    return {
      integration,
      success: false,
      message: (error as Error)?.message || MESSAGES.unknownError,
    };
  }
}

/** The failures of a verification as one line: 'Verification failed: Mail: ...; Storage: ...'. */
export function verificationSummary(results: IntegrationResult[]): string {
  const failures = results.filter((r) => !r.success);
  if (failures.length === 0) return MESSAGES.verificationSucceeded;
  return `${MESSAGES.verificationFailed}: ${failures
    .map((f) => `${f.integration}: ${f.message || MESSAGES.unknownError}`)
    .join('; ')}`;
}

/** System audit: what the installation is configured with, and whether each part answers. */
export function createSystemAuditService(
  db: Database,
  deps: {
    database: Pick<DatabaseHandle, 'kind' | 'location'>;
    storage: () => FileStorage;
    llmBaseUrl: string | undefined;
    mail: MailService;
    proq: ProqService;
  },
) {
  const repo = createSystemAuditRepo(db);

  /** A round trip through the file storage every node uses (a folder or an S3 bucket). */
  async function checkStorage(): Promise<string> {
    const storage = deps.storage();
    const key = `system-audit/integration-check-${randomUUID()}.tmp`;
    const content = `integration check ${new Date().toISOString()}`;
    await storage.put(key, content);
    try {
      const chunks: Buffer[] = [];
      for await (const chunk of await storage.openRead(key)) chunks.push(Buffer.from(chunk));
      if (Buffer.concat(chunks).toString('utf8') !== content)
        throw new Error(`Read back different content from ${storage.location}`);
    } finally {
      await storage.delete(key);
    }
    return `Wrote, read and deleted a file in ${storage.location}`;
  }

  async function checkLlm(): Promise<string> {
    if (!deps.llmBaseUrl) return 'Not configured (LLM_BASE_URL is not set)';
    const response = await fetch(deps.llmBaseUrl, { signal: AbortSignal.timeout(LLM_TIMEOUT_MS) });
    if (response.status >= 500)
      throw new Error(`${deps.llmBaseUrl} answered HTTP ${response.status}`);
    return `${deps.llmBaseUrl} answered HTTP ${response.status}`;
  }

  return {
    /**
     * Whether this process can serve: its database and its file storage answer. `failures`
     * say why not, for the log only (the probe is public).
     */
    async readiness(): Promise<Readiness & { failures: Record<string, string> }> {
      const [database, storage] = await Promise.all([
        failureOf(() => repo.ping()),
        failureOf(() => deps.storage().check()),
      ]);
      const failures: Record<string, string> = {};
      if (database) failures.database = database;
      if (storage) failures.storage = storage;
      const notReady = Object.keys(failures) as Readiness['notReady'];
      return { ready: notReady.length === 0, notReady, failures };
    },

    getIntegrationConfigurations(): IntegrationConfiguration {
      return {
        configuredRepository: `${deps.database.kind} ${deps.database.location}`,
        containerName: deps.storage().location,
        isLiveApi: !!deps.llmBaseUrl,
        database: { kind: deps.database.kind, location: deps.database.location },
        storage: { kind: deps.storage().kind, location: deps.storage().location },
        mail: { transport: deps.mail.transportKind },
        llm: { configured: !!deps.llmBaseUrl, baseUrl: deps.llmBaseUrl ?? null },
      };
    },

    /** Really connects to each integration; never throws, every failure is a result. */
    async verifyIntegrations(): Promise<IntegrationResult[]> {
      return Promise.all([
        attempt('Database', async () => {
          const started = performance.now();
          const version = await repo.ping();
          const ms = (performance.now() - started).toFixed(1);
          return `${deps.database.kind} answered in ${ms} ms (${version.split(' ').slice(0, 2).join(' ')})`;
        }),
        attempt('Storage', checkStorage),
        attempt('Mail', async () => {
          const { success, message } = await deps.mail.verify();
          if (!success) throw new Error(message);
          return message;
        }),
        attempt('LLM', checkLlm),
      ]);
    },

    /** Queues a health-check command; its correlationId is what the screen follows. */
    async startHealthCheck(actor: Actor): Promise<{ correlationId: string }> {
      const correlationId = randomUUID();
      await deps.proq.enqueue({
        commandType: PROQ_COMMAND_TYPES.systemHealthCheck,
        correlationId,
        priority: 100,
        category: 'SystemAudit',
        tags: ['health-check', `by:${actor.username}`],
      });
      return { correlationId };
    },

    /** isCompleted, isSuccess and the error of the commands with this correlationId. */
    async commandExecuteValidate(correlationId: string) {
      const outcome = await deps.proq.getCorrelationOutcome(correlationId);
      const stored = outcome.results
        .map((r) => IntegrationResultsSchema.safeParse(r))
        .find((p) => p.success);
      return {
        isSuccess: outcome.isSuccess,
        errorMessage: outcome.errorMessage,
        isCompleted: outcome.isCompleted,
        results: stored?.success ? stored.data : null,
      };
    },
  };
}
export type SystemAuditService = ReturnType<typeof createSystemAuditService>;
