import { z } from 'zod';
import { IntegrationResultSchema } from '../system/schemas.js';

/**
 * The integrations this installation is configured with. SPEC.md names configuredRepository,
 * containerName and isLiveApi; the nested objects say the same in this product's terms.
 */
export const IntegrationConfigurationSchema = z.object({
  /** The database the data lives in, e.g. `postgres postgres://app:***@db:5432/b2b`. */
  configuredRepository: z.string(),
  /** Where files are stored (the DATA_DIR/files folder, or `s3://bucket/prefix`). */
  containerName: z.string(),
  /** Whether a live chat/LLM endpoint is configured (LLM_BASE_URL). */
  isLiveApi: z.boolean(),
  database: z.object({ kind: z.enum(['pglite', 'postgres']), location: z.string() }),
  storage: z.object({ kind: z.enum(['folder', 's3']), location: z.string() }),
  mail: z.object({ transport: z.enum(['smtp', 'outbox']) }),
  llm: z.object({ configured: z.boolean(), baseUrl: z.string().nullable() }),
});
export type IntegrationConfiguration = z.infer<typeof IntegrationConfigurationSchema>;

export const IntegrationResultsSchema = z.array(IntegrationResultSchema);

export const SystemHealthCheckStartedSchema = z.object({ correlationId: z.string() });

export const CommandExecuteValidateRequestSchema = z.strictObject({
  correlationId: z.string().min(1).max(200),
});

/** The outcome of the commands sharing a correlationId (a health check, for instance). */
export const CommandExecuteValidationSchema = z.object({
  isSuccess: z.boolean(),
  errorMessage: z.string().nullable(),
  isCompleted: z.boolean(),
  /** What the command stored, when it was a health check: one result per integration. */
  results: IntegrationResultsSchema.nullable(),
});

/** `GET /healthz`: the process is alive (it answers); nothing about its data. */
export const HealthSchema = z.object({ status: z.literal('alive') });

/** What a node needs to serve: the database and the file storage. */
export const READINESS_CHECKS = ['database', 'storage'] as const;

/**
 * `GET /readyz`: whether this process can serve, for a load balancer or an orchestrator
 * (200 ready, 503 not ready, naming what did not answer; never why, the probe is public).
 */
export const ReadinessSchema = z.object({
  ready: z.boolean(),
  notReady: z.array(z.enum(READINESS_CHECKS)),
});
export type Readiness = z.infer<typeof ReadinessSchema>;
